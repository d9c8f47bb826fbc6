/**
 * Capability keys kept back by default (issue 46), through n8n's engine: a node n8n places new is at node version 2
 * and outputs no `*_key` field unless Include Capability Keys is switched on; a node saved at version 1 (0.1.0's
 * workflows) outputs them as it did. Every operation of the action nodes, each run by its case, and the Storage
 * Trigger's entries.
 */
import type { INodeExecutionData, INodeParameters } from 'n8n-workflow';

import { demoCredentials, startDemoSimulator } from '../../../devkit/demo';
import { loginSession, operationRuns, runOperation } from '../../../devkit/outputRuns';
import { createPoller, loadPackage, runNode } from '../../../devkit/harness';
import type { ServiceSimulator } from '../../../devkit/simulator';
import { byPlace, parametersOf } from '../../../compat/nodeParameters';
import { runSavedWorkflow, workflowsOf, type SavedNode } from '../../../compat/savedRuns';
import { DVS_NODE, MCP_NODE, STORAGE_NODE, byId, nodeDescription } from '../../helpers';

const TRIGGER_NODE = 'n8n-nodes-svc.svcStorageTrigger';

let sim: ServiceSimulator;
beforeAll(async () => (sim = await startDemoSimulator()));
afterAll(async () => await sim.close());

/** The names of the `*_key` fields in the items, at any depth. */
const keyFields = (items: INodeExecutionData[]) =>
	[...new Set(JSON.stringify(items.map((item) => item.json)).match(/"[a-z_]+_key"(?=:)/g) ?? [])].sort();

/** A node's run: parameters with Include Capability Keys set as given, or left as the case has them. */
const withKeys = (parameters: INodeParameters, capabilityKeys?: boolean): INodeParameters =>
	capabilityKeys === undefined
		? parameters
		: { ...parameters, options: { ...((parameters.options as INodeParameters) ?? {}), capabilityKeys } };

/** The key fields each operation outputs at `typeVersion`, each run on its case's own place (fresh each call). */
async function keysOfEveryOperation(typeVersion: number, capabilityKeys?: boolean): Promise<Record<string, string[]>> {
	const sessionId = await loginSession(sim);
	const keys: Record<string, string[]> = {};
	for (const run of operationRuns(sim)) {
		const parameters = withKeys(run.parameters, capabilityKeys);
		const items = await runOperation(sim, { ...run, parameters }, sessionId, typeVersion);
		keys[`${run.node} ${run.resource}.${run.operation}${run.mcp ? ' (MCP)' : ''}`] = keyFields(
			items.map((json) => ({ json })),
		);
	}
	return keys;
}

const withAny = (keys: Record<string, string[]>) =>
	Object.fromEntries(Object.entries(keys).filter(([, k]) => k.length));

describe('n8n places a new node at version 2', () => {
	it.each([STORAGE_NODE, DVS_NODE, MCP_NODE, TRIGGER_NODE])('%s: versions 1 and 2, new nodes at 2', (type) => {
		const { version, defaultVersion } = nodeDescription(type);
		expect([version, defaultVersion, loadPackage().nodeTypes.defaultVersion(type)]).toEqual([[1, 2], 2, 2]);
	});

	it('where Include Capability Keys shows off when added, and on at version 1, as 0.1.0 saved it', () => {
		const description = nodeDescription(STORAGE_NODE);
		const option = (version: number) =>
			byPlace(parametersOf(description, version))['folder create: options › capabilityKeys']?.default;
		expect([option(1), option(2)]).toEqual(['true', 'false']);
	});
});

describe('every operation of the action nodes, each run by its case (devkit/operationCases.ts)', () => {
	it('a new node (version 2) outputs no key field; with Include Capability Keys on, the ones version 1 outputs', async () => {
		expect(withAny(await keysOfEveryOperation(2))).toEqual({});
		const atVersion1 = withAny(await keysOfEveryOperation(1));
		expect(withAny(await keysOfEveryOperation(2, true))).toEqual(atVersion1);
		// The outputs that carry keys: folders, files, the account, a task's attachments.
		expect(Object.keys(atVersion1)).toEqual(
			expect.arrayContaining([
				'SvcStorage folder.create',
				'SvcStorage file.upload',
				'SvcStorage folder.getContent',
				'SvcStorage account.getUserData',
				'SvcDvs attachment.list',
			]),
		);
	});

	it('a node saved at version 1 with the option switched off outputs none', async () => {
		expect(withAny(await keysOfEveryOperation(1, false))).toEqual({});
	});
});

it("Get User Data's Include Access Token outputs the token at version 2 too, with the keys it can do no more than", async () => {
	const result = await runNode({
		type: STORAGE_NODE,
		parameters: { resource: 'account', operation: 'getUserData', includeAccessToken: true },
		credentials: demoCredentials(sim),
	});
	const items = result.items;
	expect(items[0].json.user_access_token).toBe(sim.demo.pro.apiToken);
	expect(keyFields(items)).toEqual(['"root_folder_edit_key"', '"root_folder_upload_key"']);
});

describe('Svc Storage Trigger', () => {
	const testEvent = async (typeVersion?: number, options: INodeParameters = {}) => {
		const poller = createPoller({
			type: TRIGGER_NODE,
			typeVersion,
			parameters: { event: 'newFile', folder: byId(sim.demo.folders.documents.hash), options },
			credentials: { svcStorageApi: demoCredentials(sim).svcStorageApi },
		});
		return (await poller.poll('manual'))?.[0] ?? [];
	};

	it('a new trigger (version 2) emits no key unless the option is on; one saved at version 1 emits them', async () => {
		expect(keyFields(await testEvent())).toEqual([]);
		expect(keyFields(await testEvent(undefined, { capabilityKeys: true }))).toEqual(['"file_delete_key"']);
		expect(keyFields(await testEvent(1))).toEqual(['"file_delete_key"']);
		expect(keyFields(await testEvent(1, { capabilityKeys: false }))).toEqual([]);
	});
});

it("a workflow 0.1.0 saved runs its version 1 nodes with their keys, as it did (compat/0.1.0's backup template)", async () => {
	const saved = workflowsOf('0.1.0').find((workflow) => workflow.name.startsWith('Back up every top-level folder'))!;
	const storageNodes = (saved.nodes as SavedNode[]).filter((node) => node.type === STORAGE_NODE);
	expect(storageNodes.map((node) => node.typeVersion)).toContain(1);
	const { result } = await runSavedWorkflow(sim, '0.1.0', saved);
	expect(keyFields(result.outputOf('Create backup folder'))).toEqual(['"folder_edit_key"', '"folder_upload_key"']);
	expect(keyFields(result.outputOf('Upload into backup'))).toEqual(['"file_delete_key"']);
});
