/**
 * Every write operation of the Svc Storage and Svc DVS nodes, over REST and over MCP, described
 * for the reliability suites: how to run it once through the engine with a unique marker, which
 * requests are its write, and how many objects carrying the marker the service holds afterwards.
 * Derived from the routers: every operation whose file declares a write that makes something, and every
 * other write whose case has a marked run (an update), over each API of its `runsOver`; the run is its case's
 * (devkit/operationCases.ts `marked`).
 */
import type { INodeParameters } from 'n8n-workflow';

import type { NodeRunResult } from '../../devkit/harness';
import type { Auth, ParityEnv, RunExtra } from '../nodes/parity/env';
import { caseLabel, type MarkedRun, type OperationCase } from '../../devkit/operationCases';
import type { FaultMatch } from '../../devkit/simulator/types';
import { caseOf, makesSomething, routedOperations, type RoutedOperation } from '../routedOperations';

export interface WriteOperation {
	/** `rest folder.create`, `mcp task.update`… */
	name: string;
	auth: Auth;
	/** Requests that carry the write (not the reads around it). */
	match: FaultMatch;
	/** DVS tools over MCP can answer `status: "uncertain"`. */
	dvsOverMcp: boolean;
	/** Prepares a destination once; returns the run and the count for one marker. */
	prepare(env: ParityEnv): Promise<PreparedOperation>;
	/** The write's declaration and case. */
	routed: RoutedOperation;
}

export interface PreparedOperation {
	/** One run with a marker, node parameters beside the operation's, and n8n's settings around the node. */
	run(marker: string, extra: INodeParameters, recovery?: RunExtra['recovery']): Promise<NodeRunResult>;
	/** Objects (or applied changes) carrying the marker that exist now. */
	count(marker: string): number;
	/** Another writer's object of the marker's name where the run writes (a write that makes something). */
	theirs: MarkedRun['theirs'];
}

/** The action an API answers a case's write with, as a fault match. */
export function writeMatch(declared: OperationCase, auth: Auth): FaultMatch {
	const { rest, mcp } = declared.answers;
	if (auth === 'rest' && rest) return { action: rest.action };
	if (auth === 'mcp' && mcp) return { mcpTool: mcp.tool };
	throw new Error(`${caseLabel(declared)}: its case names no ${auth} answer`);
}

function writeOperation(routed: RoutedOperation, auth: Auth): WriteOperation {
	const declared = caseOf(routed);
	const marked = declared.marked;
	if (!marked) throw new Error(`${caseLabel(declared)} makes something: its case needs a marked run`);
	const { resource, operation } = routed;
	return {
		name: `${auth} ${caseLabel(declared)}`,
		auth,
		match: writeMatch(declared, auth),
		dvsOverMcp: routed.node === 'SvcDvs' && auth === 'mcp',
		routed,
		prepare: async (env) => {
			const destination = marked(env.sim());
			const run = async (marker: string, extra: INodeParameters, recovery?: RunExtra['recovery']) => {
				const parameters = { resource, operation, ...destination.parameters(marker), ...extra };
				const input = destination.input?.(marker);
				return routed.node === 'SvcDvs'
					? await env.dvs(auth, parameters, { input, recovery, user: destination.user })
					: await env.storage(auth, parameters, { input, recovery });
			};
			return { run, count: (marker) => destination.count(marker), theirs: destination.theirs };
		},
	};
}

/** The writes chaos runs: every one that makes something, and every other whose case has a marked run. */
const chaosWrites = routedOperations('SvcStorage', 'SvcDvs').filter(
	(routed) => makesSomething(routed.declared.writes) || (routed.declared.writes && routed.case?.marked),
);

/** Every write operation, over REST and over MCP. */
export const WRITE_OPERATIONS: WriteOperation[] = chaosWrites.flatMap((routed) =>
	routed.declared.runsOver.map((auth) => writeOperation(routed, auth)),
);
