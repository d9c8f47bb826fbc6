/* eslint-disable @n8n/community-nodes/no-restricted-imports -- this file runs in Node under the test tools, never inside n8n */
import { Container } from '@n8n/di';
import { PollContext, TriggersAndPollers } from 'n8n-core';
import {
	jsonParse,
	type IDataObject,
	type INode,
	type INodeExecutionData,
	type INodeParameters,
	type WorkflowActivateMode,
} from 'n8n-workflow';

import type { CredentialsMap } from './credentials';
import { inRunScope, newRunScope, type BinaryMode } from './engine';
import { createAdditionalData, createWorkflow, nextId, nodeUnderTest, prepareNodes } from './execution';
import { loadPackage } from './loader';

export interface CreatePollerOptions {
	type: string;
	typeVersion?: number;
	parameters: INodeParameters;
	credentials?: CredentialsMap;
	/** The node's static data (`getWorkflowStaticData('node')`) before the first poll. */
	staticData?: IDataObject;
	binaryMode?: BinaryMode;
	root?: string;
	/** How the workflow was activated (default `activate`: a person just activated it; `init`: n8n started with it active). */
	activation?: WorkflowActivateMode;
}

/** What n8n keeps of one poll's static data. */
export interface PollOptions {
	/** How the workflow was activated, as this poll is told (default: the poller's `activation`). */
	activation?: WorkflowActivateMode;
	/**
	 * What is saved when the poll returns: `all` (default) the node's and the workflow's static data;
	 * `workflow` only the workflow's (n8n 2.41's durable scheduler: the poll it runs at activation keeps
	 * no node data, n8n saves the workflow's after activating); `none` nothing (a lost save, or a
	 * second poll at once from the same saved data).
	 */
	saves?: 'all' | 'workflow' | 'none';
}

export interface Poller {
	/**
	 * One poll through n8n-core's PollContext. `trigger` (an active workflow's poll): the static data
	 * is saved when the poll returns (as `options.saves` says), and not when it throws. `manual` (the
	 * editor's "Fetch Test Event"): nothing is saved, as n8n does not save static data of manual executions.
	 */
	poll(mode?: 'trigger' | 'manual', options?: PollOptions): Promise<INodeExecutionData[][] | null>;
	/** The node's saved static data. */
	staticData(): IDataObject;
	/** The workflow's saved static data (`getWorkflowStaticData('global')`). */
	workflowStaticData(): IDataObject;
	/** What the node logged during the last poll. */
	logs(): string[];
	/** Errors n8n-core reported during the last poll. */
	reportedErrors(): string[];
}

const POLL_NODE = 'Poll Trigger';

/**
 * Drives a polling trigger poll by poll. Every poll gets a new Workflow whose static data is parsed
 * from the JSON saved after the previous poll: nothing in memory survives between polls, as in
 * queue mode where the next poll may run in another process.
 */
export function createPoller(options: CreatePollerOptions): Poller {
	const pkg = loadPackage(options.root);
	const credentials = options.credentials ?? {};
	const workflowId = nextId('poll-wf');
	let saved = JSON.stringify(options.staticData ?? {});
	let savedGlobal = '{}';
	let lastScope = newRunScope(options.binaryMode);

	const node: INode = nodeUnderTest('harness-poll-node', POLL_NODE, options, [0, 0]);

	return {
		async poll(mode = 'trigger', pollOptions = {}) {
			const [prepared] = prepareNodes(pkg, [node], credentials);
			const staticKey = `node:${POLL_NODE}`;
			const workflow = createWorkflow(
				pkg,
				{
					nodes: [prepared],
					connections: {},
					staticData: { [staticKey]: jsonParse<IDataObject>(saved), global: jsonParse<IDataObject>(savedGlobal) },
				},
				{ id: workflowId, active: mode === 'trigger' },
			);
			const workflowNode = workflow.getNode(POLL_NODE)!;
			const additionalData = createAdditionalData(pkg, workflow, mode, credentials);
			const context = new PollContext(
				workflow,
				workflowNode,
				additionalData,
				mode,
				mode === 'manual' ? 'manual' : (pollOptions.activation ?? options.activation ?? 'activate'),
			);
			lastScope = newRunScope(options.binaryMode);
			const result = await inRunScope(lastScope, async () => {
				return await Container.get(TriggersAndPollers).runPollFunction(workflow, workflowNode, context);
			});
			const saves = mode === 'trigger' ? (pollOptions.saves ?? 'all') : 'none';
			if (saves === 'all') saved = JSON.stringify((workflow.staticData[staticKey] ?? {}) as IDataObject);
			if (saves !== 'none') savedGlobal = JSON.stringify((workflow.staticData.global ?? {}) as IDataObject);
			return result;
		},
		staticData: () => jsonParse<IDataObject>(saved),
		workflowStaticData: () => jsonParse<IDataObject>(savedGlobal),
		logs: () => lastScope.logs,
		reportedErrors: () => lastScope.reportedErrors,
	};
}
