/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- this file runs in Node under the test tools, never inside n8n */
/**
 * The templates (the README's table) run against a simulator through the n8n engine:
 * used by `npm run examples` (which prints what each node produced) and by `npm test`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import type { INodeExecutionData } from 'n8n-workflow';

import { FILTER_TYPE, REMOVE_DUPLICATES_TYPE, runWorkflow, type HarnessWorkflowInput } from '../devkit/harness';
import { demoCredentials } from '../devkit/demo';
import type { ServiceSimulator } from '../devkit/simulator';

export interface ExampleRun {
	file: string;
	name: string;
	/** Per node that ran: its items, or its error. */
	nodes: Array<{ name: string; items: INodeExecutionData[]; error?: string }>;
	/** Set when the workflow could not run at all. */
	failure?: string;
}

export const EXAMPLE_FILES = readdirSync(__dirname)
	.filter((name) => name.endsWith('.json'))
	.sort();

const OUR_PACKAGE = 'n8n-nodes-svc.';
const MANUAL_TRIGGER = 'n8n-nodes-base.manualTrigger';
const CHAT_TRIGGER = '@n8n/n8n-nodes-langchain.chatTrigger';
const AGENT = '@n8n/n8n-nodes-langchain.agent';
export const MCP_TRIGGER = '@n8n/n8n-nodes-langchain.mcpTrigger';

/**
 * An AI template: Svc nodes as tools of a model, through an agent started by a chat trigger (it runs in
 * a real n8n with a model) or through n8n's MCP Server Trigger (it runs in a real n8n, called by an MCP client).
 */
export function isAgentTemplate(workflow: ExampleWorkflow): boolean {
	return workflow.nodes.some((node) => node.type === AGENT || node.type === MCP_TRIGGER);
}

export interface ExampleWorkflow {
	name: string;
	nodes: Array<{
		name: string;
		type: string;
		typeVersion?: number;
		parameters: Record<string, unknown>;
		credentials?: Record<string, { id: string | null; name: string }>;
	}>;
	connections: Record<string, Record<string, Array<Array<{ node: string; type: string; index: number }>>>>;
	[key: string]: unknown;
}

export function readExample(file: string): ExampleWorkflow {
	return JSON.parse(readFileSync(join(__dirname, file), 'utf8')) as ExampleWorkflow;
}

/** The node a run starts from: the manual trigger, else the workflow's polling trigger (run as "Fetch Test Event"), else its chat or MCP Server Trigger. */
export function startNodeOf(workflow: ExampleWorkflow): { name: string; type: string } {
	const start =
		workflow.nodes.find((node) => node.type === MANUAL_TRIGGER) ??
		workflow.nodes.find((node) => /Trigger$/.test(node.type) && node.type.startsWith(OUR_PACKAGE)) ??
		workflow.nodes.find((node) => node.type === CHAT_TRIGGER || node.type === MCP_TRIGGER);
	if (!start) throw new Error(`${workflow.name}: no manual, Svc, chat or MCP Server trigger to start from`);
	return start;
}

/**
 * Names the templates' pickers show (a folder, a project) mapped to the demo data's ids. A template keeps
 * a resource locator in "From list" mode with only the shown name, as a shared template does; binding
 * fills in the id the user would pick.
 */
export function demoChoices(sim: ServiceSimulator): Map<string, string> {
	const choices = new Map<string, string>();
	for (const folder of Object.values(sim.demo.folders)) choices.set(folder.name, folder.hash);
	for (const file of Object.values(sim.demo.files)) choices.set(file.name, file.hash);
	const orgId = sim.dvs.seed.orgA.orgId;
	for (const section of ['project_2', 'task'] as const) {
		for (const document of sim.dvs.store.documents(orgId, section))
			choices.set(String(document.values.name), String(document.id));
	}
	return choices;
}

/** A copy of the workflow with each picker's shown name bound to the demo data's id. */
export function bindToDemo(workflow: ExampleWorkflow, choices: Map<string, string>): ExampleWorkflow {
	const bind = (value: unknown): unknown => {
		if (Array.isArray(value)) return value.map(bind);
		if (!value || typeof value !== 'object') return value;
		const record = value as Record<string, unknown>;
		if (record.__rl === true && record.value === '' && typeof record.cachedResultName === 'string') {
			const id = choices.get(record.cachedResultName);
			if (id === undefined) throw new Error(`${workflow.name}: no demo item named "${record.cachedResultName}"`);
			return { ...record, value: id };
		}
		return Object.fromEntries(Object.entries(record).map(([key, inner]) => [key, bind(inner)]));
	};
	return {
		...workflow,
		nodes: workflow.nodes.map((node) => ({ ...node, parameters: bind(node.parameters) as Record<string, unknown> })),
	};
}

/** n8n's own nodes the harness runs as the templates use them (doubles of them, devkit/harness/coreNodes.ts). */
const CORE_NODES_RUN_HERE = [REMOVE_DUPLICATES_TYPE, FILTER_TYPE];
const runsHere = (type: string | undefined) =>
	type !== undefined && (type.startsWith(OUR_PACKAGE) || CORE_NODES_RUN_HERE.includes(type));

/**
 * The part of a template the harness runs: its start node and the Svc nodes reachable from it through
 * Svc nodes and the n8n nodes the harness has (Remove Duplicates, Filter). n8n's other nodes (notes,
 * schedules, Set, Convert to File) run in the real n8n of the e2e tests.
 */
export function svcPart(workflow: ExampleWorkflow): ExampleWorkflow {
	const start = startNodeOf(workflow);
	const keep = new Set([start.name]);
	const queue = [start.name];
	const types = new Map(workflow.nodes.map((node) => [node.name, node.type]));
	while (queue.length) {
		const from = queue.shift()!;
		for (const output of workflow.connections[from]?.main ?? []) {
			for (const link of output) {
				if (!keep.has(link.node) && runsHere(types.get(link.node))) {
					keep.add(link.node);
					queue.push(link.node);
				}
			}
		}
	}
	const connections = Object.fromEntries(
		Object.entries(workflow.connections)
			.filter(([from]) => keep.has(from))
			.map(([from, { main }]) => [from, { main: main.map((output) => output.filter((link) => keep.has(link.node))) }]),
	);
	return { ...workflow, nodes: workflow.nodes.filter((node) => keep.has(node.name)), connections };
}

/**
 * Runs a template's harness part against the simulator. `workflowId`: the id it runs under, so that two runs
 * under one id are two executions of one saved workflow (Remove Duplicates keeps its values per workflow).
 */
export async function runExample(
	sim: ServiceSimulator,
	file: string,
	options: { workflowId?: string } = {},
): Promise<ExampleRun> {
	const template = readExample(file);
	const workflow = { ...svcPart(bindToDemo(template, demoChoices(sim))), id: options.workflowId };
	const run: ExampleRun = { file, name: template.name, nodes: [] };
	let result: Awaited<ReturnType<typeof runWorkflow>>;
	try {
		result = await runWorkflow(workflow as unknown as HarnessWorkflowInput, {
			credentials: demoCredentials(sim),
			startNode: startNodeOf(workflow).name,
		});
	} catch (error) {
		run.failure = error instanceof Error ? error.message : String(error);
		return run;
	}
	for (const node of workflow.nodes) {
		if (!result.runData[node.name]) continue;
		const error = result.errorOf(node.name);
		run.nodes.push({
			name: node.name,
			items: result.outputOf(node.name),
			...(error ? { error: `${error.message}${error.description ? ` (${error.description})` : ''}` } : {}),
		});
	}
	return run;
}
