/**
 * The polling triggers with an MCP credential: the same items and fields as with the REST
 * credential on the same data, and the soak of test/nodes/triggers (bursts, deletions and
 * injected faults; every item exactly once) run against the MCP endpoint.
 */
import type { ICredentialDataDecryptedObject, IDataObject, INodeParameters } from 'n8n-workflow';

import { binaryBuffer, createPoller, type Poller } from '../../harness';
import { mountMcp } from '../../simulator';
import { StorageAttachments } from '../../simulator/attachments';
import { addComment, addFile, addTask, emitted, startTriggerEnv, type TriggerEnv } from '../triggers/env';
import { burstSize, soak } from '../triggers/soak';
import { AUTHS, fieldsOf, nodeDescription, offeredValues, type Auth } from './env';

let env: TriggerEnv;
let storageMcpCredentials: ICredentialDataDecryptedObject;
let dvsMcpCredentials: ICredentialDataDecryptedObject;

beforeAll(async () => {
	env = await startTriggerEnv();
	// The MCP endpoint over the trigger environment's stores and clock. Its rate-limit windows
	// shrink with the test clock (timeScale), so a soak's many polls stay within them.
	mountMcp(
		env.sim,
		{ store: env.dvs.store, seed: env.dvs.seed, attachments: new StorageAttachments(env.sim.storage, env.sim.accounts, env.sim.limits) },
		{ now: env.clock.now, settings: { writesEnabled: true, dvsEnabled: true, dvsWritesEnabled: true, timeScale: 0.001 } },
	);
	storageMcpCredentials = { baseUrl: env.sim.baseUrl, userId: env.storage.userId, apiToken: env.storage.credentials.accessToken };
	const worker = env.dvs.seed.orgA.users.admin;
	dvsMcpCredentials = { baseUrl: env.sim.baseUrl, userId: worker.id, apiToken: worker.token };
});
afterAll(async () => await env.close());
beforeEach(() => {
	env.sim.faults.clear();
	env.clock.advance(10_000);
});

function storagePoller(auth: Auth, parameters: INodeParameters, staticData?: IDataObject): Poller {
	return createPoller({
		type: 'n8n-nodes-svc.svcStorageTrigger',
		parameters: { authentication: auth === 'rest' ? 'svcStorageApi' : 'svcMcpApi', ...parameters },
		credentials: auth === 'rest' ? { svcStorageApi: env.storage.credentials } : { svcMcpApi: storageMcpCredentials },
		staticData,
	});
}

function dvsPoller(auth: Auth, parameters: INodeParameters, staticData?: IDataObject): Poller {
	return createPoller({
		type: 'n8n-nodes-svc.svcDvsTrigger',
		parameters: { authentication: auth === 'rest' ? 'svcDvsApi' : 'svcMcpApi', ...parameters },
		credentials: auth === 'rest' ? { svcDvsApi: env.dvsCredentials } : { svcMcpApi: dvsMcpCredentials },
		staticData,
	});
}

function rootHash(): string {
	return env.sim.accounts.get(env.storage.userId)!.rootFolderHash;
}

const byHash = (value: string | number) => ({ __rl: true, mode: 'id', value: String(value) });

describe('the same events with either credential', () => {
	it('Svc Storage Trigger: New File emits the same files with the same fields and bytes', async () => {
		const folder = env.sim.storage.createFolder(env.storage.userId, rootHash(), 'parity-watch');
		const sub = env.sim.storage.createFolder(env.storage.userId, folder.hash, 'sub');
		const parameters = { folder: byHash(folder.hash), subfolderDepth: 1, download: true, binaryPropertyName: 'data' };
		const pollers = Object.fromEntries(AUTHS.map((auth) => [auth, storagePoller(auth, parameters)])) as Record<Auth, Poller>;
		for (const auth of AUTHS) expect(await pollers[auth].poll()).toBeNull();
		env.clock.advance(2000);
		addFile(env, 'a.txt', { folderHash: folder.hash });
		addFile(env, 'b.pdf', { folderHash: sub.hash });
		const results = Object.fromEntries(await Promise.all(AUTHS.map(async (auth) => [auth, await pollers[auth].poll()]))) as Record<
			Auth,
			Awaited<ReturnType<Poller['poll']>>
		>;
		const rest = emitted(results.rest);
		const mcp = emitted(results.mcp);
		expect(rest.map((item) => item.file_name).sort()).toEqual(['a.txt', 'b.pdf']);
		expect(mcp.map((item) => item.file_hash)).toEqual(rest.map((item) => item.file_hash));
		expect(mcp.map(fieldsOf)).toEqual(rest.map(fieldsOf));
		for (const key of ['file_name', 'folder_hash', 'folder_path', 'size', 'mime_type', 'timestamp_uploaded', 'access_type'] as const) {
			expect(mcp.map((item) => item[key])).toEqual(rest.map((item) => item[key]));
		}
		const bytes = async (auth: Auth, index: number) => await binaryBuffer(results[auth]![0][index], 'data');
		expect((await bytes('mcp', 0)).toString()).toBe((await bytes('rest', 0)).toString());
		const pdf = rest.findIndex((item) => item.file_name === 'b.pdf');
		expect((await bytes('mcp', pdf)).toString()).toBe('content of b.pdf');
		for (const auth of AUTHS) expect(await pollers[auth].poll()).toBeNull();
	});

	it('Svc DVS Trigger: New Task and New Comment emit the same items', async () => {
		const project = env.dvs.seed.orgA.projects.tools;
		const taskPollers = Object.fromEntries(
			AUTHS.map((auth) => [auth, dvsPoller(auth, { event: 'newTask', project: byHash(project) })]),
		) as Record<Auth, Poller>;
		for (const auth of AUTHS) expect(await taskPollers[auth].poll()).toBeNull();
		env.clock.advance(2000);
		const task = addTask(env, 'parity trigger task', { project });
		const tasks = Object.fromEntries(await Promise.all(AUTHS.map(async (auth) => [auth, emitted(await taskPollers[auth].poll())]))) as Record<Auth, IDataObject[]>;
		expect(tasks.rest.map((item) => item.dvs_document_id)).toEqual([task.id]);
		expect(tasks.mcp).toEqual(tasks.rest);

		const commentPollers = Object.fromEntries(
			AUTHS.map((auth) => [auth, dvsPoller(auth, { event: 'newComment', watch: 'task', task: byHash(task.id) })]),
		) as Record<Auth, Poller>;
		for (const auth of AUTHS) expect(await commentPollers[auth].poll()).toBeNull();
		env.clock.advance(2000);
		addComment(env, task.id, 'first');
		addComment(env, task.id, 'second');
		const comments = Object.fromEntries(
			await Promise.all(AUTHS.map(async (auth) => [auth, emitted(await commentPollers[auth].poll())])),
		) as Record<Auth, IDataObject[]>;
		expect(comments.rest).toHaveLength(2);
		expect(comments.mcp).toEqual(comments.rest);
	});

	it('both triggers offer the Authentication choice with the MCP credentials', () => {
		for (const [type, rest] of [
			['n8n-nodes-svc.svcStorageTrigger', 'svcStorageApi'],
			['n8n-nodes-svc.svcDvsTrigger', 'svcDvsApi'],
		] as const) {
			const description = nodeDescription(type);
			expect(offeredValues(description.properties, 'authentication', {})).toEqual([rest, 'svcMcpApi', 'svcMcpOAuth2Api'].sort());
			expect(description.credentials?.map((credential) => credential.name)).toEqual([rest, 'svcMcpApi', 'svcMcpOAuth2Api']);
		}
	});
});

describe('soak over MCP: every item exactly once through bursts, deletions and faults', () => {
	it('Svc Storage Trigger', async () => {
		const folder = env.sim.storage.createFolder(env.storage.userId, rootHash(), 'mcp-soak');
		const sub = env.sim.storage.createFolder(env.storage.userId, folder.hash, 'sub');
		const live: string[] = [];
		let serial = 0;
		await soak(
			env,
			'storage new file over MCP',
			storagePoller('mcp', { folder: byHash(folder.hash), subfolderDepth: 1, options: { maxFilesPerPoll: 25 } }),
			{
				actions: ['svc_list_folder'],
				faultMatches: [{ mcpTool: 'svc_list_folder' }],
				requestsPerPoll: 2,
				idOf: (json) => String(json.file_hash),
				write: (rand) => {
					const created: string[] = [];
					const deleted: string[] = [];
					for (let n = burstSize(rand); n > 0; n--) {
						const file = addFile(env, `mcp-soak-${serial++}.txt`, { folderHash: rand() < 0.3 ? sub.hash : folder.hash });
						created.push(file.hash);
						live.push(file.hash);
					}
					if (rand() < 0.3 && live.length > 0) {
						const [victim] = live.splice(Math.floor(rand() * live.length), 1);
						env.sim.storage.deleteFile(victim);
						deleted.push(victim);
					}
					return { created, deleted };
				},
			},
			11,
		);
	}, 180_000);

	it('Svc DVS Trigger, New Task', async () => {
		const project = env.dvs.seed.orgA.projects.website;
		let serial = 0;
		await soak(
			env,
			'dvs new task over MCP',
			dvsPoller('mcp', { event: 'newTask', project: byHash(project), options: { maxItemsPerPoll: 25 } }),
			{
				actions: ['svc_dvs_list_documents'],
				faultMatches: [{ mcpTool: 'svc_dvs_list_documents' }],
				requestsPerPoll: 2,
				idOf: (json) => String(json.dvs_document_id),
				write: (rand) => {
					const created: string[] = [];
					for (let n = burstSize(rand); n > 0; n--) created.push(String(addTask(env, `mcp soak task ${serial++}`, { project }).id));
					return { created, deleted: [] };
				},
			},
			12,
		);
	}, 180_000);

	it('Svc DVS Trigger, New Comment on matching tasks', async () => {
		const project = env.dvs.store.insertDocument(env.dvs.seed.orgA.orgId, 'project_2', {
			values: { name: 'mcp comment soak' },
			creatorId: env.dvs.seed.orgA.users.admin.id,
		}).id;
		const tasks = Array.from({ length: 20 }, (_, i) => addTask(env, `mcp soak comment task ${i}`, { project }).id);
		const live: number[] = [];
		let serial = 0;
		await soak(
			env,
			'dvs new comment over MCP',
			dvsPoller('mcp', {
				event: 'newComment',
				watch: 'tasks',
				project: byHash(project),
				options: { maxItemsPerPoll: 25, tasksCheckedPerPoll: 10 },
			}),
			{
				actions: ['svc_dvs_list_documents', 'svc_dvs_get_comments'],
				faultMatches: [{ mcpTool: 'svc_dvs_list_documents' }, { mcpTool: 'svc_dvs_get_comments' }],
				requestsPerPoll: 8,
				idOf: (json) => String(json.id),
				write: (rand) => {
					const created: string[] = [];
					const deleted: string[] = [];
					if (rand() < 0.05) tasks.push(addTask(env, `mcp soak comment task ${tasks.length}`, { project }).id);
					for (let n = burstSize(rand); n > 0; n--) {
						const comment = addComment(env, tasks[Math.floor(rand() * tasks.length)], `mcp soak comment ${serial++}`);
						created.push(String(comment.id));
						live.push(comment.id);
					}
					if (rand() < 0.2 && live.length > 0) {
						const [victim] = live.splice(Math.floor(rand() * live.length), 1);
						env.dvs.store.deleteComment(victim);
						deleted.push(String(victim));
					}
					return { created, deleted };
				},
			},
			13,
		);
	}, 180_000);
});
