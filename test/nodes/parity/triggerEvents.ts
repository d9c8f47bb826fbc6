/**
 * The polling triggers with the MCP credential against the simulator's MCP endpoint, or against
 * an official-SDK server in front of it: the same items and fields as with the REST credential on
 * the same data.
 */
import type { ICredentialDataDecryptedObject, IDataObject, INodeParameters } from 'n8n-workflow';

import { binaryBuffer, type Poller } from '../../../devkit/harness';
import { startSdkPeer, type SdkPeer, type SdkPeerKind } from '../../../devkit/peers/sdkServers';
import { addComment, addFile, addTask, emitted, type TriggerEnv } from '../../../devkit/triggerEnv';
import {
	AUTHS,
	fieldsOf,
	nodeDescription,
	offeredValues,
	startTriggerEnvWithMcp,
	triggerMcpCredentials,
	triggerPoller,
	type Auth,
	type WatchedService,
} from './env';

export interface TriggerParity {
	env(): TriggerEnv;
	storagePoller(auth: Auth, parameters: INodeParameters, staticData?: IDataObject): Poller;
	dvsPoller(auth: Auth, parameters: INodeParameters, staticData?: IDataObject): Poller;
	rootHash(): string;
	peer(): SdkPeer | undefined;
}

/** Registers the comparison in the enclosing block; MCP credentials point at `peerKind` when given. */
export function triggerEvents(peerKind?: SdkPeerKind): TriggerParity {
	let env!: TriggerEnv;
	let endpoint: ICredentialDataDecryptedObject = {};
	let peer: SdkPeer | undefined;

	beforeAll(async () => {
		// The MCP endpoint's rate-limit windows shrink with the test clock (timeScale), so a soak's many
		// polls stay within them.
		const started = await startTriggerEnvWithMcp(0.001);
		env = started.env;
		if (peerKind) peer = await startSdkPeer(peerKind, { baseUrl: env.sim.baseUrl, mcp: started.mcp });
		endpoint = peer ? { endpointUrl: peer.endpoint } : {};
	});
	afterAll(async () => {
		await peer?.close();
		await env.close();
	});
	beforeEach(() => {
		env.sim.faults.clear();
		env.clock.advance(10_000);
	});

	/** The MCP credentials point at the SDK peer when there is one. */
	const pollerOf =
		(service: WatchedService) =>
		(auth: Auth, parameters: INodeParameters, staticData?: IDataObject): Poller =>
			triggerPoller(env, service, auth, parameters, {
				staticData,
				mcpCredentials: { ...triggerMcpCredentials(env, service), ...endpoint },
			});
	const storagePoller = pollerOf('storage');
	const dvsPoller = pollerOf('dvs');

	function rootHash(): string {
		return env.sim.accounts.get(env.storage.userId)!.rootFolderHash;
	}

	const byHash = (value: string | number) => ({ __rl: true, mode: 'id', value: String(value) });

	describe('the same events with either credential', () => {
		it('Svc Storage Trigger: New File emits the same files with the same fields and bytes', async () => {
			const folder = env.sim.storage.createFolder(env.storage.userId, rootHash(), 'parity-watch');
			const sub = env.sim.storage.createFolder(env.storage.userId, folder.hash, 'sub');
			const parameters = { folder: byHash(folder.hash), subfolderDepth: 1, download: true, binaryPropertyName: 'data' };
			const pollers = Object.fromEntries(AUTHS.map((auth) => [auth, storagePoller(auth, parameters)])) as Record<
				Auth,
				Poller
			>;
			for (const auth of AUTHS) expect(await pollers[auth].poll()).toBeNull();
			env.clock.advance(2000);
			addFile(env, 'a.txt', { folderHash: folder.hash });
			addFile(env, 'b.pdf', { folderHash: sub.hash });
			const results = Object.fromEntries(
				await Promise.all(AUTHS.map(async (auth) => [auth, await pollers[auth].poll()])),
			) as Record<Auth, Awaited<ReturnType<Poller['poll']>>>;
			const rest = emitted(results.rest);
			const mcp = emitted(results.mcp);
			expect(rest.map((item) => item.file_name).sort()).toEqual(['a.txt', 'b.pdf']);
			expect(mcp.map((item) => item.file_hash)).toEqual(rest.map((item) => item.file_hash));
			expect(mcp.map(fieldsOf)).toEqual(rest.map(fieldsOf));
			for (const key of [
				'file_name',
				'folder_hash',
				'folder_path',
				'size',
				'mime_type',
				'timestamp_uploaded',
				'access_type',
			] as const) {
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
			const tasks = Object.fromEntries(
				await Promise.all(AUTHS.map(async (auth) => [auth, emitted(await taskPollers[auth].poll())])),
			) as Record<Auth, IDataObject[]>;
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
				expect(offeredValues(description.properties, 'authentication', {})).toEqual(
					[rest, 'svcMcpApi', 'svcMcpOAuth2Api'].sort(),
				);
				expect(description.credentials?.map((credential) => credential.name)).toEqual([
					rest,
					'svcMcpApi',
					'svcMcpOAuth2Api',
				]);
			}
		});
	});

	return { env: () => env, storagePoller, dvsPoller, rootHash, peer: () => peer };
}
