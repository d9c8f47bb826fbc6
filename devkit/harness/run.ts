import { WorkflowExecute } from 'n8n-core';
import {
	UnexpectedError,
	type IBinaryData,
	type IConnections,
	type IDataObject,
	type INode,
	type INodeExecutionData,
	type INodeParameters,
	type IRun,
	type IRunData,
	type Workflow,
	type WorkflowExecuteMode,
} from 'n8n-workflow';

import type { CredentialsMap } from './credentials';
import { binaryDataReader, inRunScope, newRunScope, type BinaryMode, type RunScope } from './engine';
import {
	createAdditionalData,
	createWorkflow,
	nodeUnderTest,
	prepareNodes,
	type HarnessWorkflowInput,
} from './execution';
import { ITEMS_TYPE, registerItems, releaseItems, type HarnessInputItem } from './internalNodes';
import { loadPackage } from './loader';
import { dataForRetry, savedExecutionData, type RetryOptions } from './retry';

export interface HarnessNodeError {
	message: string;
	description?: string;
	httpCode?: string;
	name: string;
	itemIndex?: number;
	/** The error object n8n recorded (a NodeApiError/NodeOperationError instance when the node threw one). */
	raw: unknown;
}

export interface NodeRunResult {
	/** Output 0 of the node. */
	items: INodeExecutionData[];
	outputs: INodeExecutionData[][];
	/** Set when the node failed the workflow. */
	error?: HarnessNodeError;
	/** Reads n8n binary data of either mode. */
	binaryBuffer(item: INodeExecutionData, property?: string): Promise<Buffer>;
	/** Everything the node logged through `this.logger`, as `level: message {metadata}`. */
	logs: string[];
	/** Errors n8n-core reported (and n8n would log), as `Name: message`, causes included. */
	reportedErrors: string[];
	/** How long the node itself ran, as n8n records it (ms), without the start node before it. */
	executionTimeMs?: number;
	/**
	 * n8n's Retry execution of this run (see WorkflowRunResult.retry): the node runs again with its
	 * original input; with `parameters`, "with the currently saved workflow" after the node was edited.
	 */
	retry(options?: { parameters?: INodeParameters }): Promise<NodeRunResult>;
	/** The execution's data as n8n saves it (flatted JSON): run data, the nodes' context data, the stack. */
	savedExecutionData(): string;
	/** The execution's context data (`getContext('node')` of every node, under `node:<name>`), as saved. */
	contextData(): IDataObject;
}

export interface WorkflowRunResult {
	runData: IRunData;
	/** Output 0 of the node's last run ([] if it did not run). */
	outputOf(nodeName: string): INodeExecutionData[];
	errorOf(nodeName: string): HarnessNodeError | undefined;
	/** The workflow-level error, if the execution failed. */
	error?: HarnessNodeError;
	lastNodeExecuted?: string;
	/** The workflow's static data after the run, as n8n would save it. */
	staticData: IDataObject;
	/**
	 * n8n's Retry execution of this run (the executions list's Retry, execution.service `retry`): the
	 * run's data as n8n saved it, the failed node's last run dropped, continued in mode `retry` as a new
	 * execution; `nodes` retries "with the currently saved workflow" (retry.ts). A run that succeeded
	 * is refused, as in n8n.
	 */
	retry(options?: RetryOptions): Promise<WorkflowRunResult>;
	/** The execution's data as n8n saves it (flatted JSON): run data, the nodes' context data, the stack. */
	savedExecutionData(): string;
	/** The execution's context data (`getContext('node')` of every node, under `node:<name>`), as saved. */
	contextData(): IDataObject;
	binaryBuffer(item: INodeExecutionData, property?: string): Promise<Buffer>;
	logs: string[];
	reportedErrors: string[];
	raw: IRun;
}

export interface RunWorkflowOptions {
	credentials?: CredentialsMap;
	startNode?: string;
	binaryMode?: BinaryMode;
	root?: string;
	/** The execution mode n8n gives the run (`manual` unless said). */
	mode?: WorkflowExecuteMode;
}

export async function binaryBuffer(item: INodeExecutionData, property = 'data'): Promise<Buffer> {
	const binary: IBinaryData | undefined = item.binary?.[property];
	if (!binary) throw new UnexpectedError(`The item has no binary property "${property}"`);
	return await binaryDataReader().getAsBuffer(binary);
}

export function toHarnessError(error: unknown): HarnessNodeError | undefined {
	if (!error) return undefined;
	const e = error as {
		message?: string;
		description?: string | null;
		httpCode?: string | null;
		name?: string;
		context?: { itemIndex?: number };
		constructor?: { name?: string };
	};
	return {
		message: e.message ?? String(error),
		description: e.description ?? undefined,
		httpCode: e.httpCode ?? undefined,
		name: e.name && e.name !== 'Error' ? e.name : (e.constructor?.name ?? 'Error'),
		itemIndex: e.context?.itemIndex,
		raw: error,
	};
}

/**
 * Runs a workflow through n8n-core's WorkflowExecute in manual mode. Node types may be short names
 * of the package's nodes; credentials are assigned for every declared type present in `credentials`.
 */
export async function runWorkflow(
	input: HarnessWorkflowInput,
	options: RunWorkflowOptions = {},
): Promise<WorkflowRunResult> {
	const pkg = loadPackage(options.root);
	const credentials = options.credentials ?? {};
	const runScope = newRunScope(options.binaryMode);
	const items = itemsOf(input);
	const nodes = prepareNodes(pkg, items.nodes, credentials);
	const workflow = createWorkflow(pkg, { ...input, nodes });
	const mode = options.mode ?? 'manual';
	const additionalData = createAdditionalData(pkg, workflow, mode, credentials);

	const run = await inRunScope(runScope, async () => {
		const startNode = options.startNode ? (workflow.getNode(options.startNode) ?? undefined) : undefined;
		if (options.startNode && !startNode) throw new UnexpectedError(`No node named "${options.startNode}"`);
		return await items.during(async () => await new WorkflowExecute(additionalData, mode).run({ workflow, startNode }));
	});
	const retryOf =
		(failed: IRun, ran: Workflow) =>
		async (retry: RetryOptions = {}): Promise<WorkflowRunResult> => {
			const saved = retry.nodes
				? prepareNodes(pkg, itemsOf({ ...input, nodes: retry.nodes }).nodes, credentials)
				: nodes;
			const retried = createWorkflow(pkg, { ...input, nodes: saved, staticData: ran.staticData });
			const data = dataForRetry(failed, retry.nodes ? retried : undefined);
			const retryData = createAdditionalData(pkg, retried, 'retry', credentials);
			const again = await inRunScope(
				runScope,
				async () =>
					await items.during(
						async () => await new WorkflowExecute(retryData, 'retry', data).processRunExecutionData(retried),
					),
			);
			return workflowRunResult(again, retried, runScope, retryOf(again, retried));
		};
	return workflowRunResult(run, workflow, runScope, retryOf(run, workflow));
}

/**
 * The items of the workflow's `harness.items` nodes (`input.items`, by node name): each such node gets
 * a key, and its items are registered under it while an execution (the run or a retry) runs.
 */
function itemsOf(input: HarnessWorkflowInput): {
	nodes: HarnessWorkflowInput['nodes'];
	during<T>(execution: () => Promise<T>): Promise<T>;
} {
	const given = Object.entries(input.items ?? {});
	const keys = new Map(given.map(([name]) => [name, `${name}-${Math.random().toString(36).slice(2)}`]));
	const nodes = input.nodes.map((node) =>
		keys.has(node.name) ? { ...node, type: ITEMS_TYPE, parameters: { itemsKey: keys.get(node.name) as string } } : node,
	);
	return {
		nodes,
		during: async (execution) => {
			const registered = given.map(([name, items]) => registerItems(items, keys.get(name)));
			try {
				return await execution();
			} finally {
				for (const key of registered) releaseItems(key);
			}
		},
	};
}

function workflowRunResult(
	run: IRun,
	workflow: Workflow,
	runScope: RunScope,
	retry: (options?: RetryOptions) => Promise<WorkflowRunResult>,
): WorkflowRunResult {
	const { runData, error, lastNodeExecuted } = run.data.resultData;
	const lastTask = (nodeName: string) => runData[nodeName]?.at(-1);
	const staticData = structuredClone({ ...workflow.staticData }) as IDataObject;
	delete staticData.__dataChanged;
	return {
		runData,
		outputOf: (nodeName) => lastTask(nodeName)?.data?.main?.[0] ?? [],
		errorOf: (nodeName) => toHarnessError(lastTask(nodeName)?.error),
		error: toHarnessError(error),
		lastNodeExecuted,
		staticData,
		retry,
		savedExecutionData: () => savedExecutionData(run),
		contextData: () => structuredClone(run.data.executionData?.contextData ?? {}) as IDataObject,
		binaryBuffer,
		logs: runScope.logs,
		reportedErrors: runScope.reportedErrors,
		raw: run,
	};
}

export interface RunNodeOptions {
	/** Full (`n8n-nodes-svc.svcStorage`) or short (`svcStorage`) node type name. */
	type: string;
	typeVersion?: number;
	parameters: INodeParameters;
	credentials?: CredentialsMap;
	input?: HarnessInputItem[];
	/** Sets the node's "On Error" to "Continue" (`onError: 'continueRegularOutput'`). */
	continueOnFail?: boolean;
	/** The node's "On Error" setting; `continueErrorOutput` gives the node an error output (outputs[1]). */
	onError?: 'continueRegularOutput' | 'continueErrorOutput';
	/** The node's Retry On Fail setting, with its Max Tries and Wait Between Tries (ms). */
	retryOnFail?: { maxTries?: number; waitBetweenTries?: number };
	/** The execution mode n8n gives the run (`manual` unless said; `trigger`, `webhook`… for production runs). */
	mode?: WorkflowExecuteMode;
	/** `filesystem` stores binary data on disk the way n8n's filesystem mode does (streams stay streams). */
	binaryMode?: BinaryMode;
	root?: string;
}

const INPUT_NODE = 'Input';
const NODE_UNDER_TEST = 'Node';

function harnessNodes(options: RunNodeOptions): INode[] {
	const onError = options.onError ?? (options.continueOnFail ? 'continueRegularOutput' : undefined);
	const retry = options.retryOnFail;
	return [
		{ id: 'harness-input', name: INPUT_NODE, type: ITEMS_TYPE, typeVersion: 1, position: [0, 0], parameters: {} },
		{
			...nodeUnderTest('harness-node', NODE_UNDER_TEST, options, [200, 0]),
			...(onError ? { onError } : {}),
			...(retry
				? { retryOnFail: true, maxTries: retry.maxTries ?? 3, waitBetweenTries: retry.waitBetweenTries ?? 1000 }
				: {}),
		},
	];
}

function nodeRunResult(result: WorkflowRunResult, options: RunNodeOptions): NodeRunResult {
	const inputError = result.errorOf(INPUT_NODE);
	if (inputError) throw inputError.raw;
	const outputs = (result.runData[NODE_UNDER_TEST]?.at(-1)?.data?.main ?? []).map((output) => output ?? []);
	return {
		items: outputs[0] ?? [],
		outputs,
		error: result.errorOf(NODE_UNDER_TEST) ?? (result.runData[NODE_UNDER_TEST] ? undefined : result.error),
		binaryBuffer,
		logs: result.logs,
		reportedErrors: result.reportedErrors,
		executionTimeMs: result.runData[NODE_UNDER_TEST]?.at(-1)?.executionTime,
		retry: async ({ parameters } = {}) => {
			if (!parameters) return nodeRunResult(await result.retry(), options);
			const edited = { ...options, parameters };
			return nodeRunResult(await result.retry({ nodes: harnessNodes(edited) }), edited);
		},
		savedExecutionData: result.savedExecutionData,
		contextData: result.contextData,
	};
}

/** Runs one node of the package after a start node that emits `input` (default: one empty item). */
export async function runNode(options: RunNodeOptions): Promise<NodeRunResult> {
	const connections: IConnections = {
		[INPUT_NODE]: { main: [[{ node: NODE_UNDER_TEST, type: 'main', index: 0 }]] },
	};
	const result = await runWorkflow(
		{ nodes: harnessNodes(options), connections, items: { [INPUT_NODE]: options.input ?? [{ json: {} }] } },
		{
			credentials: options.credentials,
			startNode: INPUT_NODE,
			binaryMode: options.binaryMode,
			root: options.root,
			mode: options.mode,
		},
	);
	return nodeRunResult(result, options);
}
