/**
 * Every operation of the three action nodes, once, for every suite that goes through every operation: what it
 * is run with on the simulator (a place of its own, or the demo data a read reads), the action each API answers
 * it with, what the service's document says it does (its check) and, for a write, its run carrying a marker.
 * What an operation is — whether it writes and what its write makes (`writes`), which APIs run it (`runsOver`) —
 * is its operation file's, read from the node's router; a case holds only what running it needs. The output
 * schemas' runs (outputRuns.ts), the one-way-down walk, parity (and the SDK peers), chaos and its others leg, and
 * the bad-answer suite derive their cases from the routers and this table, and
 * test/architecture/operationCases.test.ts fails a routed operation without a case (or a write without `writes`).
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import type { HarnessInputItem } from './harness';
import { DVS_CASES } from './operationCases/dvs';
import { MCP_CASES } from './operationCases/mcp';
import { STORAGE_CASES } from './operationCases/storage';
import type { ServiceSimulator } from './simulator';
import type { SeedUser } from './simulator/dvs';
import type { BadAnswerBody } from './simulator/types';

/** Who else makes an object of the marker's name beside the node (the others leg). */
export type OtherWriter = 'another account' | 'the same account';

/** What another writer's object holds: exactly what the node's write sends, or other content under the same name. */
export type TheirContent = 'what the node sends' | 'other content';

/**
 * A write's run carrying a marker, on a destination of its own prepared once: what chaos, its others leg and
 * the recovery suite run again and again, counting what exists afterwards.
 */
export interface MarkedRun {
	/** The node's parameters writing `marker` (the name of what it makes, or the value a change puts). */
	parameters(marker: string): INodeParameters;
	/** Its input items (a file named after the marker). */
	input?(marker: string): HarnessInputItem[];
	/** The DVS user it writes as, when not the organization's admin. */
	user?: SeedUser;
	/** Objects carrying the marker that exist now (a change: 1 while the document holds it). */
	count(marker: string): number;
	/**
	 * Another writer's object of the marker's name where this run writes, made `secondsAgo` seconds ago through the
	 * simulator's store, holding what the node's write sends or other content (of the same size, where there is
	 * one): its hash or ID. Every write that makes something has it.
	 */
	theirs?(marker: string, writer: OtherWriter, secondsAgo: number, content: TheirContent): string | number;
}

export interface OperationCase {
	/** The node's folder under nodes/. */
	node: 'SvcStorage' | 'SvcDvs' | 'SvcMcp';
	resource: string;
	operation: string;
	/** The credential of its run: REST unless its operation runs over MCP only (the case test holds it to `runsOver`). */
	api?: 'mcp';
	/** Its run uses the storage account's session instead of its token. */
	session?: true;
	/** Its parameters for one run: a place of its own made in the simulator's demo account, or demo data it reads. */
	parameters(sim: ServiceSimulator): INodeParameters;
	/** The input items of that run (a file to upload, of a name of its own). */
	input?(): HarnessInputItem[];
	/**
	 * The action each API answers it with (a write's: the write), and the bodies the document allows that answer
	 * (not invalid there); an API left out is left out of the bad-answer suite (its reason in catalogueCoverage).
	 */
	answers: {
		rest?: { action: string; documented?: BadAnswerBody[] };
		mcp?: { tool: string; documented?: BadAnswerBody[] };
	};
	/**
	 * The document's rule, on its output and on what the simulator holds after it: a problem, or undefined.
	 * Cite the document's sentence beside it.
	 */
	check?(sim: ServiceSimulator, output: IDataObject, parameters: INodeParameters): string | undefined;
	/** A write's run carrying a marker (every write that makes something, and an update chaos counts). */
	marked?(sim: ServiceSimulator): MarkedRun;
	/** The name the reliability suites' tables give it, when not `resource.operation`. */
	label?: string;
}

export const OPERATION_CASES: OperationCase[] = [...STORAGE_CASES, ...DVS_CASES, ...MCP_CASES];

/** The case of an operation, if it has one. */
export function operationCase(node: string, resource: string, operation: string): OperationCase | undefined {
	return OPERATION_CASES.find((c) => c.node === node && c.resource === resource && c.operation === operation);
}

/** `resource.operation`, or the shorter name the reliability suites give it. */
export const caseLabel = (c: OperationCase): string => c.label ?? `${c.resource}.${c.operation}`;
