/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- this file runs in Node under the test tools, never inside n8n */
/**
 * Runs what a release saved (compat/<version>/workflows.json, credentials.json) through n8n's engine against a
 * fresh demo simulator, as test/compat/savedWorkflows.test.ts and compat/capture-outputs.ts both do. Only what
 * belongs to the account a capture was made against is swapped: the id behind a picker's shown name, and each
 * credential field's value, kept in the type it was saved in (a number stays a number).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import type { ICredentialDataDecryptedObject, INodeParameters } from 'n8n-workflow';

import { demoChoices, isAgentTemplate, startNodeOf, svcPart, type ExampleWorkflow } from '../examples/examples';
import { demoCredentials } from '../devkit/demo';
import {
	runNode,
	runWorkflow,
	type CredentialsMap,
	type HarnessWorkflowInput,
	type NodeRunResult,
	type WorkflowRunResult,
} from '../devkit/harness';
import type { ServiceSimulator } from '../devkit/simulator';
import { shapeOf, type OutputShape } from './outputShapes';

export const COMPAT = __dirname;

/** The releases with a capture: the folders of compat/. */
export const RELEASES = readdirSync(COMPAT, { withFileTypes: true })
	.filter((entry) => entry.isDirectory())
	.map((entry) => entry.name);

export interface SavedCredential {
	name: string;
	type: string;
	data: ICredentialDataDecryptedObject;
}

/** A node as n8n saved it: its type, its node version and its parameters. */
export type SavedNode = ExampleWorkflow['nodes'][number] & { typeVersion?: number };

export const readCapture = <T>(version: string, file: string): T =>
	JSON.parse(readFileSync(join(COMPAT, version, file), 'utf8')) as T;
export const workflowsOf = (version: string) => readCapture<ExampleWorkflow[]>(version, 'workflows.json');
export const credentialsOf = (version: string) => readCapture<SavedCredential[]>(version, 'credentials.json');

/** The saved workflows that run without a model: every one but the agent template. */
export const runnableWorkflowsOf = (version: string) =>
	workflowsOf(version).filter((workflow) => !isAgentTemplate(workflow));

/** The saved tool nodes (of the agent template). */
export const toolNodesOf = (version: string): SavedNode[] =>
	workflowsOf(version).flatMap((workflow) => workflow.nodes.filter((node) => node.type.endsWith('Tool')));

/** A saved credential on the fresh simulator: each saved field takes the fresh account's value, in the saved field's type. */
export function rebased(sim: ServiceSimulator, saved: SavedCredential): ICredentialDataDecryptedObject {
	const fresh = (demoCredentials(sim) as Record<string, ICredentialDataDecryptedObject>)[saved.type] ?? {};
	return Object.fromEntries(
		Object.entries(saved.data).map(([key, value]) => {
			if (!(key in fresh)) return [key, value];
			return [
				key,
				typeof value === 'number' ? Number(fresh[key]) : typeof value === 'string' ? String(fresh[key]) : fresh[key],
			];
		}),
	);
}

export function credentialsFor(sim: ServiceSimulator, version: string): CredentialsMap {
	return Object.fromEntries(credentialsOf(version).map((saved) => [saved.type, rebased(sim, saved)]));
}

/** A copy with each picker pointing at the fresh simulator's item of the name the picker shows. */
function rebound(sim: ServiceSimulator, workflow: ExampleWorkflow): ExampleWorkflow {
	const choices = demoChoices(sim);
	const bind = (value: unknown): unknown => {
		if (Array.isArray(value)) return value.map(bind);
		if (!value || typeof value !== 'object') return value;
		const record = value as Record<string, unknown>;
		if (record.__rl === true && typeof record.cachedResultName === 'string' && choices.has(record.cachedResultName))
			return { ...record, value: choices.get(record.cachedResultName) };
		return Object.fromEntries(Object.entries(record).map(([key, inner]) => [key, bind(inner)]));
	};
	return {
		...workflow,
		nodes: workflow.nodes.map((node) => ({ ...node, parameters: bind(node.parameters) as Record<string, unknown> })),
	};
}

/** A saved workflow's Svc part (from its start, through our nodes), run unchanged but for the account. */
export async function runSavedWorkflow(
	sim: ServiceSimulator,
	version: string,
	saved: ExampleWorkflow,
): Promise<{ workflow: ExampleWorkflow; result: WorkflowRunResult }> {
	const workflow = svcPart(rebound(sim, saved));
	const result = await runWorkflow(workflow as unknown as HarnessWorkflowInput, {
		credentials: credentialsFor(sim, version),
		startNode: startNodeOf(workflow).name,
	});
	return { workflow, result };
}

/** What a model sends into each saved tool (n8n fills the tool's inputs the model defines from its call). */
const MODEL_SENDS: Record<string, INodeParameters> = {
	'n8n-nodes-svc.svcStorageTool': { folder: '/Documents' },
	'n8n-nodes-svc.svcDvsTool': {},
	'n8n-nodes-svc.svcMcpTool': { query: 'upload' },
};

/** A saved tool node answering a model's call, at the node version it was saved with. */
export async function runSavedTool(sim: ServiceSimulator, version: string, node: SavedNode): Promise<NodeRunResult> {
	return await runNode({
		type: node.type,
		typeVersion: node.typeVersion,
		parameters: { ...node.parameters, ...MODEL_SENDS[node.type] } as INodeParameters,
		credentials: credentialsFor(sim, version),
	});
}

/** The output shape of each of our nodes that ran in a saved workflow's run. */
export function shapesOfRun(workflow: ExampleWorkflow, result: WorkflowRunResult): Record<string, OutputShape> {
	return Object.fromEntries(
		(workflow.nodes as SavedNode[])
			.filter((node) => node.type.startsWith('n8n-nodes-svc.') && result.runData[node.name])
			.map((node) => [node.name, shapeOf(node, result.outputOf(node.name))]),
	);
}

/** The node versions some release shipped, by node type (`n8n-nodes-svc.svcStorage`): their outputs are promises. */
export function releasedNodeVersions(): Record<string, number[]> {
	const released: Record<string, number[]> = {};
	for (const release of RELEASES) {
		const { nodes } = readCapture<{ nodes: Record<string, Record<string, unknown>> }>(release, 'parameters.json');
		for (const [type, versions] of Object.entries(nodes))
			released[type] = [...new Set([...(released[type] ?? []), ...Object.keys(versions).map(Number)])].sort();
	}
	return released;
}
