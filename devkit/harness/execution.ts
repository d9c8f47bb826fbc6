import { randomUUID } from 'node:crypto';

import { ExecutionLifecycleHooks, ExternalSecretsProxy } from 'n8n-core';
import {
	UnexpectedError,
	Workflow,
	type IConnections,
	type IDataObject,
	type INode,
	type INodeParameters,
	type IWorkflowBase,
	type IWorkflowExecuteAdditionalData,
	type IWorkflowSettings,
	type WorkflowExecuteMode,
} from 'n8n-workflow';

import { HarnessCredentialsHelper, type CredentialsMap } from './credentials';
import type { HarnessInputItem } from './internalNodes';
import type { LoadedPackage } from './loader';

export function nextId(prefix: string): string {
	return `${prefix}-${randomUUID().slice(0, 13)}`;
}

/** A workflow node; id, position and typeVersion (default: the newest) may be left out. */
export type HarnessNode = Omit<INode, 'id' | 'position' | 'typeVersion'> &
	Partial<Pick<INode, 'id' | 'position' | 'typeVersion'>>;

export interface HarnessWorkflowInput {
	/** The workflow's id (default: a new one each run); what n8n keeps per workflow, such as Remove Duplicates' values, is kept under it. */
	id?: string;
	nodes: HarnessNode[];
	connections: IConnections;
	settings?: IDataObject;
	staticData?: IDataObject;
	/**
	 * Items the named nodes emit, as `runNode`'s `input` is given: each named node becomes a harness
	 * items node (its type and parameters are set by the harness).
	 */
	items?: Record<string, HarnessInputItem[]>;
}

/**
 * Copies the nodes, turns short type names into full ones, fills in ids, positions and the default
 * version, and assigns every declared credential type the test has data for.
 */
export function prepareNodes(pkg: LoadedPackage, nodes: HarnessNode[], credentials: CredentialsMap): INode[] {
	return nodes.map((original, index) => {
		const node = structuredClone(original) as INode;
		node.type = pkg.nodeTypes.resolveName(node.type);
		node.typeVersion ??= pkg.nodeTypes.defaultVersion(node.type);
		node.id ??= `harness-node-${index}`;
		node.position ??= [index * 200, 0];
		node.parameters ??= {};
		const declared = [
			...(pkg.nodeTypes.getByNameAndVersion(node.type, node.typeVersion).description.credentials ?? []),
		];
		// n8n's HTTP Request node takes any credential type, named by its `nodeCredentialType` parameter.
		if (typeof node.parameters.nodeCredentialType === 'string')
			declared.push({ name: node.parameters.nodeCredentialType });
		for (const { name } of declared) {
			if (credentials[name] === undefined || node.credentials?.[name]) continue;
			node.credentials = { ...node.credentials, [name]: { id: `harness-${name}`, name: `Harness ${name}` } };
		}
		return node;
	});
}

export function createWorkflow(
	pkg: LoadedPackage,
	input: Omit<HarnessWorkflowInput, 'nodes'> & { nodes: INode[] },
	options: { id?: string; active?: boolean } = {},
): Workflow {
	return new Workflow({
		id: options.id ?? input.id ?? nextId('wf'),
		name: 'Harness workflow',
		nodes: input.nodes,
		connections: input.connections,
		active: options.active ?? false,
		nodeTypes: pkg.nodeTypes,
		staticData: input.staticData,
		settings: { executionOrder: 'v1', ...(input.settings as IWorkflowSettings | undefined) },
	});
}

function workflowData(workflow: Workflow): IWorkflowBase {
	return {
		id: workflow.id,
		name: workflow.name ?? 'Harness workflow',
		active: workflow.active,
		isArchived: false,
		nodes: Object.values(workflow.nodes),
		connections: workflow.connectionsBySourceNode,
		settings: workflow.settings,
		createdAt: new Date(),
		updatedAt: new Date(),
		activeVersionId: null,
	} as unknown as IWorkflowBase;
}

const notInHarness = (what: string) => async () => {
	throw new UnexpectedError(`${what} is not available in the engine harness`);
};

/** What n8n's CLI hands WorkflowExecute and node contexts, reduced to what a community node can reach. */
export function createAdditionalData(
	pkg: LoadedPackage,
	workflow: Workflow,
	mode: WorkflowExecuteMode,
	credentials: CredentialsMap,
): IWorkflowExecuteAdditionalData {
	const executionId = nextId('ex');
	const baseUrl = 'http://127.0.0.1:5678';
	return {
		credentialsHelper: new HarnessCredentialsHelper(pkg.credentialTypes, pkg.nodeTypes, credentials),
		hooks: new ExecutionLifecycleHooks(mode, executionId, workflowData(workflow)),
		externalSecretsProxy: new ExternalSecretsProxy(),
		executionId,
		workflowId: workflow.id,
		currentNodeExecutionIndex: 0,
		restApiUrl: `${baseUrl}/rest`,
		instanceBaseUrl: `${baseUrl}/`,
		formBaseUrl: `${baseUrl}/form`,
		formWaitingBaseUrl: `${baseUrl}/form-waiting`,
		formTestBaseUrl: `${baseUrl}/form-test`,
		webhookBaseUrl: `${baseUrl}/webhook`,
		webhookWaitingBaseUrl: `${baseUrl}/webhook-waiting`,
		webhookTestBaseUrl: `${baseUrl}/webhook-test`,
		mcpBaseUrl: `${baseUrl}/mcp`,
		mcpTestBaseUrl: `${baseUrl}/mcp-test`,
		variables: {},
		logAiEvent: () => {},
		executeWorkflow: notInHarness('Executing a sub-workflow'),
		getRunExecutionData: async () => undefined,
		getRuntimeCredential: async () => undefined,
		startRunnerTask: notInHarness('The task runner'),
	} as unknown as IWorkflowExecuteAdditionalData;
}

/** The package's node a run or a poll drives, as the workflow holds it. */
export function nodeUnderTest(
	id: string,
	name: string,
	options: { type: string; typeVersion?: number; parameters: INodeParameters },
	position: [number, number],
): INode {
	return {
		id,
		name,
		type: options.type,
		typeVersion: options.typeVersion as number,
		position,
		parameters: options.parameters,
	};
}
