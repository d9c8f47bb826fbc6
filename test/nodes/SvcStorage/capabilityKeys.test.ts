/**
 * Capability keys kept back by default (issue 46), through n8n's engine: a node n8n places new is at node version 2
 * and outputs no `*_key` field unless Include Capability Keys is switched on; a node saved at version 1 (0.1.0's
 * workflows) outputs them as it did. Every output that carries keys: Svc Storage's folders, files and account, DVS
 * attachments (a task's folder listed), the Storage Trigger's entries.
 */
import type { INodeExecutionData, INodeParameters } from 'n8n-workflow';

import { demoCredentials, startDemoSimulator } from '../../../devkit/demo';
import { createPoller, loadPackage, runNode } from '../../../devkit/harness';
import type { ServiceSimulator } from '../../../devkit/simulator';
import { parametersOf } from '../../../compat/nodeParameters';
import { runSavedWorkflow, workflowsOf, type SavedNode } from '../../../compat/savedRuns';
import { DVS_NODE, MCP_NODE, STORAGE_NODE, byId, nodeDescription } from '../../helpers';

const TRIGGER_NODE = 'n8n-nodes-svc.svcStorageTrigger';

let sim: ServiceSimulator;
beforeAll(async () => (sim = await startDemoSimulator()));
afterAll(async () => await sim.close());

/** The names of the `*_key` fields in the items, at any depth. */
const keyFields = (items: INodeExecutionData[]) =>
	[...new Set(JSON.stringify(items.map((item) => item.json)).match(/"[a-z_]+_key"(?=:)/g) ?? [])].sort();

const upload = () => [
	{ json: {}, binary: { data: { data: Buffer.from('keys'), fileName: 'keys.txt', mimeType: 'text/plain' } } },
];

/** Each Svc Storage and DVS operation whose output carries keys, and the keys it carries at version 1. */
const OPERATIONS: Array<[string, string, () => INodeParameters, string[], (() => ReturnType<typeof upload>)?]> = [
	[
		'Svc Storage → Folder → Create',
		STORAGE_NODE,
		() => ({
			resource: 'folder',
			operation: 'create',
			parentFolder: byId(sim.demo.folders.documents.hash),
			folderName: 'Keys',
		}),
		['"folder_edit_key"', '"folder_upload_key"'],
	],
	[
		'Svc Storage → File → Upload',
		STORAGE_NODE,
		() => ({ resource: 'file', operation: 'upload', folder: byId(sim.demo.folders.documents.hash) }),
		['"file_delete_key"'],
		upload,
	],
	[
		'Svc Storage → Folder → Get Content',
		STORAGE_NODE,
		() => ({ resource: 'folder', operation: 'getContent', folder: byId(sim.demo.folders.documents.hash) }),
		['"file_delete_key"', '"folder_edit_key"', '"folder_upload_key"'],
	],
	[
		'Svc Storage → Account → Get User Data',
		STORAGE_NODE,
		() => ({ resource: 'account', operation: 'getUserData' }),
		['"root_folder_edit_key"', '"root_folder_upload_key"'],
	],
	[
		'Svc DVS → Attachment → List',
		DVS_NODE,
		() => ({ resource: 'attachment', operation: 'list', task: byId(sim.dvs.seed.orgA.attachedTask.taskId) }),
		['"file_delete_key"'],
	],
];

async function run(type: string, parameters: INodeParameters, typeVersion?: number, input?: ReturnType<typeof upload>) {
	const result = await runNode({ type, typeVersion, parameters, credentials: demoCredentials(sim), input });
	if (result.error) throw new Error(result.error.message);
	return result.items;
}

describe('n8n places a new node at version 2', () => {
	it.each([STORAGE_NODE, DVS_NODE, MCP_NODE, TRIGGER_NODE])('%s: versions 1 and 2, new nodes at 2', (type) => {
		const { version, defaultVersion } = nodeDescription(type);
		expect([version, defaultVersion, loadPackage().nodeTypes.defaultVersion(type)]).toEqual([[1, 2], 2, 2]);
	});

	it('where Include Capability Keys shows off when added, and on at version 1, as 0.1.0 saved it', () => {
		const description = nodeDescription(STORAGE_NODE);
		const option = (version: number) =>
			Object.entries(parametersOf(description, version)).find(
				([key]) => key.includes('"create"') && key.includes('"folder"') && key.endsWith('› capabilityKeys'),
			)?.[1].default;
		expect([option(1), option(2)]).toEqual(['true', 'false']);
	});
});

describe.each(OPERATIONS)('%s', (_name, type, parameters, keys, input) => {
	it('a new node (version 2) outputs no key; with Include Capability Keys on, it outputs them', async () => {
		expect(keyFields(await run(type, parameters(), undefined, input?.()))).toEqual([]);
		const on = { ...parameters(), options: { capabilityKeys: true } };
		expect(keyFields(await run(type, on, undefined, input?.()))).toEqual(keys);
	});

	it('a node saved at version 1 outputs them as before; with the option off, none', async () => {
		expect(keyFields(await run(type, parameters(), 1, input?.()))).toEqual(keys);
		const off = { ...parameters(), options: { capabilityKeys: false } };
		expect(keyFields(await run(type, off, 1, input?.()))).toEqual([]);
	});
});

it("Get User Data's Include Access Token outputs the token at version 2 too, with the keys it can do no more than", async () => {
	const items = await run(STORAGE_NODE, { resource: 'account', operation: 'getUserData', includeAccessToken: true });
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
