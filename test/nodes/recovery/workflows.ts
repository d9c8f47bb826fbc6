/**
 * The workflows the recovery suites run a write node in, through the engine: the node alone after
 * its input, inside Loop Over Items (v3), and fed by two branches; what each run of the node output,
 * and the write requests the simulator saw.
 */
import type { IConnections, IDataObject, INodeExecutionData, INodeParameters } from 'n8n-workflow';

import {
	LOOP_OVER_ITEMS_TYPE,
	LOOP_OVER_ITEMS_VERSION,
	MANUAL_TRIGGER_TYPE,
	runWorkflow,
	type HarnessInputItem,
	type HarnessNode,
	type WorkflowRunResult,
} from '../../../devkit/harness';
import { matchesFaultMatch } from '../../../devkit/simulator/faults';
import type { FaultMatch } from '../../../devkit/simulator/types';
import type { Destination } from './writeKinds';
import { sim } from './env';

/** The write node's name in every workflow here. */
export const WRITE = 'Write';

/** n8n's settings of the write node: On Error, Retry On Fail. */
export interface NodeSettings {
	onError?: 'continueRegularOutput' | 'continueErrorOutput';
	retryOnFail?: { maxTries: number; waitBetweenTries: number };
}

export function writeNode(destination: Destination, settings: NodeSettings = {}, parameters?: INodeParameters) {
	const { retryOnFail, onError } = settings;
	return {
		...destination.node(WRITE, parameters),
		...(onError ? { onError } : {}),
		...(retryOnFail ? { retryOnFail: true, ...retryOnFail } : {}),
	} satisfies HarnessNode;
}

const link = (node: string) => ({ node, type: 'main' as const, index: 0 });

/** What a run of the workflow gave: each run of the write node's main output, in order. */
export interface RunOutcome {
	result: WorkflowRunResult;
	/** Output 0 of each run of the write node. */
	runs: INodeExecutionData[][];
	/** Every item the write node output, runs one after another. */
	items: IDataObject[];
}

export function outcomeOf(result: WorkflowRunResult): RunOutcome {
	const runs = (result.runData[WRITE] ?? []).map((task) => task.data?.main?.[0] ?? []);
	return { result, runs, items: runs.flat().map((item) => item.json) };
}

const aloneNodes = (destination: Destination, settings: NodeSettings, parameters?: INodeParameters) => [
	{ name: 'Input', type: 'items', parameters: {} },
	writeNode(destination, settings, parameters),
];

/** The node alone after its input: one run of the node with every item. */
export async function runAlone(
	destination: Destination,
	items: HarnessInputItem[],
	settings: NodeSettings = {},
): Promise<RunOutcome> {
	const nodes = aloneNodes(destination, settings);
	const connections: IConnections = { Input: { main: [[link(WRITE)]] } };
	return outcomeOf(
		await runWorkflow(
			{ nodes, connections, items: { Input: items } },
			{ credentials: destination.credentials, startNode: 'Input' },
		),
	);
}

/**
 * Retry execution of a failed `runAlone` "with the currently saved workflow", the write node's
 * parameters edited (`parameters` beside the kind's own, as the user changed them).
 */
export async function retryEdited(
	failed: RunOutcome,
	destination: Destination,
	parameters: INodeParameters,
	settings: NodeSettings = {},
): Promise<RunOutcome> {
	return outcomeOf(await failed.result.retry({ nodes: aloneNodes(destination, settings, parameters) }));
}

/** The node inside Loop Over Items (v3): each batch a new run of the node, its output back into the loop. */
export async function runInLoop(
	destination: Destination,
	items: HarnessInputItem[],
	batchSize: number,
	settings: NodeSettings = {},
): Promise<RunOutcome> {
	const nodes: HarnessNode[] = [
		{ name: 'Input', type: 'items', parameters: {} },
		{
			name: 'Loop Over Items',
			type: LOOP_OVER_ITEMS_TYPE,
			typeVersion: LOOP_OVER_ITEMS_VERSION,
			parameters: { batchSize, options: {} },
		},
		writeNode(destination, settings),
	];
	const connections: IConnections = {
		Input: { main: [[link('Loop Over Items')]] },
		'Loop Over Items': { main: [[], [link(WRITE)]] },
		[WRITE]: { main: [[link('Loop Over Items')]] },
	};
	return outcomeOf(
		await runWorkflow(
			{ nodes, connections, items: { Input: items } },
			{ credentials: destination.credentials, startNode: 'Input' },
		),
	);
}

/** The node fed by two branches of one trigger: it runs once with `first`'s items, then with `second`'s. */
export async function runFromTwoBranches(
	destination: Destination,
	first: HarnessInputItem[],
	second: HarnessInputItem[],
	settings: NodeSettings = {},
): Promise<RunOutcome> {
	const nodes: HarnessNode[] = [
		{ name: 'Start', type: MANUAL_TRIGGER_TYPE, parameters: {} },
		{ name: 'First', type: 'items', parameters: {} },
		{ name: 'Second', type: 'items', parameters: {} },
		writeNode(destination, settings),
	];
	const connections: IConnections = {
		Start: { main: [[link('First'), link('Second')]] },
		First: { main: [[link(WRITE)]] },
		Second: { main: [[link(WRITE)]] },
	};
	return outcomeOf(
		await runWorkflow(
			{ nodes, connections, items: { First: first, Second: second } },
			{ credentials: destination.credentials },
		),
	);
}

/** Requests the simulator logged from `start` on that match (the write's requests: `match`). */
export function requestsSince(start: number, match: FaultMatch) {
	return sim()
		.requests.slice(start)
		.filter((entry) =>
			matchesFaultMatch(match, { method: entry.method, path: entry.path } as never, {
				action: entry.action,
				mcpTool: entry.mcpTool,
				mcpMethod: entry.mcpMethod,
			}),
		);
}

/** The next request of the write is refused for certain: the service answers `status` before writing. */
export function refuseNextWrite(match: FaultMatch, status = 400, skip = 0): void {
	sim().faults.add({ match, fault: { kind: 'statusBeforeCommit', status }, skip });
}

/** What the MCP endpoint's refusal of a taken name says (it never numbers a name): not "Outcome uncertain". */
export const NAME_CONFLICT = /\(name_conflict\)$/;

/**
 * What an output item says: `written`, `reconciled` (returned as an earlier write), `uncertain`
 * ("Outcome uncertain"), `name conflict` (the MCP endpoint refused a taken name) or `error`.
 */
export function said(json: IDataObject): string {
	if (typeof json.error !== 'string') return json.reconciled === true ? 'reconciled' : 'written';
	if (json.error.startsWith('Outcome uncertain')) return 'uncertain';
	return NAME_CONFLICT.test(json.error) ? 'name conflict' : 'error';
}
