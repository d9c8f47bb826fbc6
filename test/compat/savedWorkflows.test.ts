/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- this file runs in Node under the test tools, never inside n8n */
/**
 * Workflows and credentials a release saved (compat/<version>/, exported by a real n8n) run unchanged on this
 * commit through n8n's engine against the simulator. Only what belongs to the account they were saved
 * against is swapped for the fresh simulator's: the id behind a picker's shown name, and each credential
 * field's value, kept in the type it was saved in (a number stays a number).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import type { ICredentialDataDecryptedObject, INodeParameters } from 'n8n-workflow';

import { demoChoices, isAgentTemplate, startNodeOf, svcPart, type ExampleWorkflow } from '../../examples/examples';
import { demoCredentials, startDemoSimulator } from '../../devkit/demo';
import {
	loadPackage,
	runNode,
	runWorkflow,
	testCredential,
	type CredentialsMap,
	type HarnessWorkflowInput,
} from '../../devkit/harness';
import type { ServiceSimulator } from '../../devkit/simulator';

const COMPAT = join(__dirname, '..', '..', 'compat');
const VERSIONS = readdirSync(COMPAT, { withFileTypes: true })
	.filter((entry) => entry.isDirectory())
	.map((entry) => entry.name);

interface SavedCredential {
	name: string;
	type: string;
	data: ICredentialDataDecryptedObject;
}

const read = <T>(version: string, file: string): T =>
	JSON.parse(readFileSync(join(COMPAT, version, file), 'utf8')) as T;
const workflowsOf = (version: string) => read<ExampleWorkflow[]>(version, 'workflows.json');
const credentialsOf = (version: string) => read<SavedCredential[]>(version, 'credentials.json');

let sim: ServiceSimulator;
beforeAll(async () => {
	sim = await startDemoSimulator();
	const { nodeTypes } = loadPackage();
	for (const node of ['svcStorage', 'svcDvs', 'svcMcp'])
		nodeTypes.add(`n8n-nodes-svc.${node}Tool`, nodeTypes.getByName(`n8n-nodes-svc.${node}`));
});
afterAll(async () => await sim.close());

/** A saved credential on the fresh simulator: each saved field takes the fresh account's value, in the saved field's type. */
function rebased(saved: SavedCredential): ICredentialDataDecryptedObject {
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

function credentialsFor(version: string): CredentialsMap {
	return Object.fromEntries(credentialsOf(version).map((saved) => [saved.type, rebased(saved)]));
}

/** A copy with each picker pointing at the fresh simulator's item of the name the picker shows. */
function rebound(workflow: ExampleWorkflow): ExampleWorkflow {
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

describe.each(VERSIONS)('saved by %s', (version) => {
	it('holds action nodes, tool nodes and both triggers, and a credential of each API-key type', () => {
		const types = new Set(workflowsOf(version).flatMap((workflow) => workflow.nodes.map((node) => node.type)));
		for (const type of [
			'svcStorage',
			'svcDvs',
			'svcMcp',
			'svcStorageTool',
			'svcDvsTool',
			'svcMcpTool',
			'svcStorageTrigger',
			'svcDvsTrigger',
		])
			expect([type, types.has(`n8n-nodes-svc.${type}`)]).toEqual([type, true]);
		expect(
			credentialsOf(version)
				.map((saved) => saved.type)
				.sort(),
		).toEqual(['svcDvsApi', 'svcMcpApi', 'svcStorageApi']);
	});

	it.each(credentialsOf(version).map((saved) => [saved.name, saved] as const))(
		"credential '%s' passes its Test",
		async (_name, saved) => {
			const result = await testCredential(saved.type, rebased(saved));
			expect([result.status, result.message]).toEqual(['OK', expect.anything()]);
		},
	);

	const runnable = workflowsOf(version).filter((workflow) => !isAgentTemplate(workflow));
	it.each(runnable.map((workflow) => [workflow.name, workflow] as const))(
		"'%s' runs: each Svc node produces items without an error",
		async (_name, saved) => {
			const workflow = svcPart(rebound(saved));
			const result = await runWorkflow(workflow as unknown as HarnessWorkflowInput, {
				credentials: credentialsFor(version),
				startNode: startNodeOf(workflow).name,
			});
			const ran = workflow.nodes.filter((node) => result.runData[node.name]);
			expect(ran.map((node) => [node.name, result.errorOf(node.name)?.message]).filter(([, error]) => error)).toEqual(
				[],
			);
			expect(ran.length).toBeGreaterThan(1);
			const last = ran[ran.length - 1];
			expect([last.name, result.outputOf(last.name).length > 0]).toEqual([last.name, true]);
		},
	);

	// What a model sends into each saved tool (n8n fills the tool's inputs the model defines from its call).
	const MODEL_SENDS: Record<string, INodeParameters> = {
		'n8n-nodes-svc.svcStorageTool': { folder: '/Documents' },
		'n8n-nodes-svc.svcDvsTool': {},
		'n8n-nodes-svc.svcMcpTool': { query: 'upload' },
	};
	const tools = workflowsOf(version).flatMap((workflow) => workflow.nodes.filter((node) => node.type.endsWith('Tool')));
	it.each(tools.map((node) => [node.name, node] as const))("tool '%s' answers a model's call", async (_name, node) => {
		const result = await runNode({
			type: node.type,
			parameters: { ...node.parameters, ...MODEL_SENDS[node.type] } as INodeParameters,
			credentials: credentialsFor(version),
		});
		expect(result.error).toBeUndefined();
		expect(result.items.length).toBeGreaterThan(0);
	});
});
