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
} from 'n8n-workflow';

import type { CredentialsMap } from './credentials';
import { binaryDataReader, inRunScope, newRunScope, type BinaryMode } from './engine';
import { createAdditionalData, createWorkflow, nodeUnderTest, prepareNodes, type HarnessWorkflowInput } from './execution';
import { ITEMS_TYPE, registerItems, releaseItems, type HarnessInputItem } from './internal-nodes';
import { loadPackage } from './loader';

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
	const nodes = prepareNodes(pkg, input.nodes, credentials);
	const workflow = createWorkflow(pkg, { ...input, nodes });
	const additionalData = createAdditionalData(pkg, workflow, 'manual', credentials);

	const run = await inRunScope(runScope, async () => {
		const startNode = options.startNode ? (workflow.getNode(options.startNode) ?? undefined) : undefined;
		if (options.startNode && !startNode) throw new UnexpectedError(`No node named "${options.startNode}"`);
		return await new WorkflowExecute(additionalData, 'manual').run({ workflow, startNode });
	});

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
	/** `filesystem` stores binary data on disk the way n8n's filesystem mode does (streams stay streams). */
	binaryMode?: BinaryMode;
	root?: string;
}

const INPUT_NODE = 'Input';
const NODE_UNDER_TEST = 'Node';

/** Runs one node of the package after a start node that emits `input` (default: one empty item). */
export async function runNode(options: RunNodeOptions): Promise<NodeRunResult> {
	const itemsKey = registerItems(options.input ?? [{ json: {} }]);
	const nodes: INode[] = [
		{
			id: 'harness-input',
			name: INPUT_NODE,
			type: ITEMS_TYPE,
			typeVersion: 1,
			position: [0, 0],
			parameters: { itemsKey },
		},
		{
			...nodeUnderTest('harness-node', NODE_UNDER_TEST, options, [200, 0]),
			...(options.continueOnFail ? { onError: 'continueRegularOutput' as const } : {}),
		},
	];
	const connections: IConnections = {
		[INPUT_NODE]: { main: [[{ node: NODE_UNDER_TEST, type: 'main', index: 0 }]] },
	};
	try {
		const result = await runWorkflow(
			{ nodes, connections },
			{ credentials: options.credentials, startNode: INPUT_NODE, binaryMode: options.binaryMode, root: options.root },
		);
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
		};
	} finally {
		releaseItems(itemsKey);
	}
}
