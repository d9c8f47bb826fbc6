/**
 * An operation declared once for every suite that goes through every operation: what it is run with on the
 * simulator (its demo data, a place of its own), what the service's document says it does (its check), what it
 * writes, and which action's answer it stands on in each API. The output schemas' runs (outputRuns.ts), the
 * one-way-down walk, parity (and the SDK peers), chaos and the bad-answer suite derive their cases from it, and
 * test/architecture/catalogueCoverage.test.ts counts it as theirs: an operation declared here needs no entry of
 * its own in any of them.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { byId } from './harness';
import type { ServiceSimulator } from './simulator';
import type { BadAnswerBody } from './simulator/types';

export type CaseApi = 'rest' | 'mcp';

export interface OperationCase {
	/** The node's folder under nodes/. */
	node: 'SvcStorage';
	resource: string;
	operation: string;
	/** The APIs that run it, as its operation file's `runsOver` says. */
	apis: CaseApi[];
	/** Its parameters for one run, against a place of its own made in the simulator's demo account. */
	parameters(sim: ServiceSimulator): INodeParameters;
	/** The action each API answers it with, and the bodies the document allows that answer (not invalid there). */
	answers: { rest?: { action: string; documented?: BadAnswerBody[] }; mcp?: { tool: string } };
	/**
	 * What it makes, for the suites that count what a run made (chaos): a folder or file, written into the folder
	 * its parameter `into` names, under the name its parameter `named` gives. Absent for a write that changes what
	 * exists (nothing to duplicate or lose) and for a read.
	 */
	writes?: { kind: 'folder' | 'file'; into: string; named: string };
	/**
	 * The document's rule, on its output and on what the simulator holds after it: a problem, or undefined.
	 * Cite the document's sentence beside it.
	 */
	check(sim: ServiceSimulator, output: IDataObject, parameters: INodeParameters): string | undefined;
}

/** A folder of its own in the demo account, for one run. */
function placeIn(sim: ServiceSimulator, label: string) {
	const pro = sim.demo.pro;
	return sim.storage.createFolder(pro.userId, pro.rootFolderHash, `${label}-${Math.random().toString(36).slice(2, 8)}`);
}

/** The value a resource locator parameter holds. */
export const locatorValue = (parameter: unknown): string => String((parameter as { value?: unknown }).value ?? '');

/** Document 1: move_file and delete_file answer "with no documented data". */
const NO_DOCUMENTED_DATA: BadAnswerBody[] = ['empty', 'emptyObject', 'zeroId'];

export const OPERATION_CASES: OperationCase[] = [
	{
		node: 'SvcStorage',
		resource: 'file',
		operation: 'move',
		apis: ['rest', 'mcp'],
		parameters(sim) {
			const place = placeIn(sim, 'move');
			const file = sim.storage.addFile(sim.demo.pro.userId, place.hash, 'to-move.txt', Buffer.from('move me'));
			const target = sim.storage.createFolder(sim.demo.pro.userId, place.hash, 'archive');
			return { file: byId(file.hash), targetFolder: byId(target.hash) };
		},
		answers: { rest: { action: 'move_file', documented: NO_DOCUMENTED_DATA }, mcp: { tool: 'svc_move_file' } },
		// Document 1, move_file: "parameters file_hash, folder_hash (target folder)"; document 2, svc_move_file:
		// "file_hash, target_folder_hash".
		check(sim, output, parameters) {
			const [file, target] = [locatorValue(parameters.file), locatorValue(parameters.targetFolder)];
			if (output.file_hash !== file || output.folder_hash !== target) return `output ${JSON.stringify(output)}`;
			return sim.storage.getFile(file)?.folderHash === target ? undefined : 'the file is not in the target folder';
		},
	},
];

/** The case of an operation, if it has one. */
export function operationCase(node: string, resource: string, operation: string): OperationCase | undefined {
	return OPERATION_CASES.find((c) => c.node === node && c.resource === resource && c.operation === operation);
}
