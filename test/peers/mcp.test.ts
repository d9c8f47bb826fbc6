/**
 * The Svc MCP node, both MCP credentials' tests and the lifecycle of each protocol era against
 * servers built on the official SDKs: v1 stateful (Mcp-Session-Id, SSE answers), v1 stateless
 * (JSON answers) and v2 (the modern revision 2026-07-28 and stateless 2025 serving).
 */
import type { INodeParameters } from 'n8n-workflow';

import { byId, oauthCredential, useParityEnv, type ParityEnv } from '../nodes/parity/env';
import { useWarpedTime } from '../../devkit/harness/time';
import { runNode, testCredential } from '../../devkit/harness';
import { SDK_PEER_KINDS, type SdkPeerKind } from '../../devkit/peers/sdkServers';

const MODES = [
	['Auto', 'auto'],
	['pinned 2025-06-18', '2025-06-18'],
	['pinned 2025-11-25', '2025-11-25'],
	['pinned 2026-07-28', '2026-07-28'],
] as const;

/** Whether a server of this kind speaks the modern revision (only v2 does). */
const speaksModern = (kind: SdkPeerKind) => kind === 'sdk2';

const tool = (name: string, args: Record<string, unknown> = {}): INodeParameters => ({
	resource: 'tool',
	operation: 'call',
	tool: { __rl: true, mode: 'name', value: name },
	argumentsMode: 'json',
	argumentsJson: JSON.stringify(args),
});

function mcpNode(env: ParityEnv, parameters: INodeParameters, protocolVersion = 'auto', items = 1) {
	const pro = env.sim().demo.pro;
	return runNode({
		type: 'n8n-nodes-svc.svcMcp',
		parameters,
		credentials: {
			svcMcpApi: {
				baseUrl: env.sim().baseUrl,
				endpointUrl: env.peer()!.endpoint,
				userId: pro.userId,
				apiToken: pro.apiToken,
				protocolVersion,
			},
		},
		input: Array.from({ length: items }, (_, n) => ({ json: { n } })),
	});
}

describe.each(SDK_PEER_KINDS)('server: %s', (kind) => {
	const env = useParityEnv({ mcpPeer: kind });
	const peer = () => env.peer()!;

	describe.each(MODES)('Svc MCP node, revision %s', (_label, revision) => {
		const refused = revision === '2026-07-28' && !speaksModern(kind);

		it(
			refused
				? 'says the server does not speak the modern revision'
				: 'lists the tools, calls one, searches and reads the docs, lists and reads resources',
			async () => {
				const listed = await mcpNode(env, { resource: 'tool', operation: 'list' }, revision);
				if (refused) {
					expect(listed.error?.message).toMatch(/^Svc MCP does not support protocol revision 2026-07-28/);
					return;
				}
				expect(listed.error).toBeUndefined();
				expect(listed.items.map((item) => item.json.name)).toEqual(
					expect.arrayContaining(['svc_get_root_folder', 'svc_create_folder', 'svc_dvs_list_documents']),
				);

				const root = await mcpNode(env, tool('svc_get_root_folder'), revision);
				expect(root.error).toBeUndefined();
				expect(JSON.stringify(root.items[0].json)).toContain(env.sim().demo.pro.rootFolderHash);

				const found = await mcpNode(
					env,
					{ resource: 'docs', operation: 'search', query: 'upload', limit: 3 },
					revision,
				);
				expect(found.error).toBeUndefined();
				expect(found.items.length).toBeGreaterThan(0);
				const doc = await mcpNode(
					env,
					{ resource: 'docs', operation: 'get', uri: 'svc-docs://mcp-endpoint' },
					revision,
				);
				expect(doc.error).toBeUndefined();
				expect(String(doc.items[0].json.text ?? JSON.stringify(doc.items[0].json))).toContain('MCP');

				const resources = await mcpNode(env, { resource: 'resource', operation: 'list' }, revision);
				expect(resources.error).toBeUndefined();
				const read = await mcpNode(
					env,
					{ resource: 'resource', operation: 'read', uri: 'svc-docs://mcp-endpoint' },
					revision,
				);
				expect(read.error).toBeUndefined();
				expect(peer().openSessions()).toBe(0);
			},
		);
	});

	it(
		speaksModern(kind)
			? 'Server → Discover describes the server'
			: 'Server → Discover says it needs the modern revision',
		async () => {
			const result = await mcpNode(env, { resource: 'server', operation: 'discover' });
			if (speaksModern(kind)) {
				expect(result.error).toBeUndefined();
				expect(result.items).toHaveLength(1);
			} else {
				expect(result.error?.message).toBe(
					'Server → Discover needs the modern protocol revision 2026-07-28, but the server refused that revision',
				);
			}
		},
	);

	it('Auto: one execution of 3 calls, then another without a refused request', async () => {
		const first = peer().requests.length;
		expect((await mcpNode(env, tool('svc_get_root_folder'), 'auto', 3)).error).toBeUndefined();
		const second = peer().requests.length;
		expect((await mcpNode(env, tool('svc_get_root_folder'), 'auto', 3)).error).toBeUndefined();
		const again = peer().requests.slice(second);
		expect(again.filter((request) => request.status !== undefined && request.status >= 400)).toEqual([]);
		const calls = again.filter((request) => request.rpcMethod === 'tools/call');
		expect(calls).toHaveLength(3);
		// modern: the calls alone; initialization-based: initialize, initialized, the calls, and DELETE where a session was issued
		const expected = speaksModern(kind) ? 3 : kind === 'sdk1-stateful' ? 6 : 5;
		expect(again).toHaveLength(expected);
		expect(peer().requests.slice(first, second).length).toBeLessThanOrEqual(expected + 1);
		expect(peer().openSessions()).toBe(0);
	});

	it('the API-token credential test passes, and fails with a wrong or empty token saying what to fix', async () => {
		const pro = env.sim().demo.pro;
		const data = {
			baseUrl: env.sim().baseUrl,
			endpointUrl: peer().endpoint,
			userId: pro.userId,
			protocolVersion: 'auto',
		};
		expect(await testCredential('svcMcpApi', { ...data, apiToken: pro.apiToken })).toEqual({
			status: 'OK',
			message: 'Connection successful!',
		});
		for (const apiToken of ['wrong-token-000000000', '']) {
			const result = await testCredential('svcMcpApi', { ...data, apiToken });
			expect(result.status).toBe('Error');
			expect(result.message).toMatch(/check the User ID and the API Token/);
		}
	});

	it('the OAuth2 credential test passes with a connected token and fails with a revoked one', async () => {
		const token = await oauthCredential(env.sim(), env.sim().demo.pro, ['files:read']);
		const data = { ...token, endpointUrl: peer().endpoint, protocolVersion: 'auto' };
		expect(await testCredential('svcMcpOAuth2Api', data)).toEqual({ status: 'OK', message: 'Connection successful!' });
		const revoked = { ...data, oauthTokenData: { ...(token.oauthTokenData as object), access_token: 'revoked-token' } };
		const result = await testCredential('svcMcpOAuth2Api', revoked);
		expect(result.status).toBe('Error');
	});
});

describe('a deployment that names its tools with another prefix (v2 server, acme_)', () => {
	const env = useParityEnv({ mcpPeer: 'sdk2', mcpPeerOptions: { toolPrefix: 'acme_' } });

	it('storage operations find their tools by the documented name after the prefix', async () => {
		const [created] = (
			await env.storage('mcp', { resource: 'folder', operation: 'create', folderName: `prefixed-${Date.now()}` })
		).items;
		expect(env.sim().storage.getFolder(created.json.folder_hash as string)).toBeDefined();
		const listed = await mcpNode(env, { resource: 'tool', operation: 'list' });
		expect(listed.items.map((item) => item.json.name)).toContain('acme_create_folder');
	});
});

describe('a stateful server that forgets its sessions (v1, restarted)', () => {
	const env = useParityEnv({ mcpPeer: 'sdk1-stateful' });
	// The read-back after an unknown outcome waits 1, 2, 4 and 8 s for a late commit: warped.
	useWarpedTime(1000, 500);

	it('a read after the 404 re-initializes once and is sent again', async () => {
		const peer = env.peer()!;
		const getInfo = { resource: 'folder', operation: 'getInfo', folder: byId(env.sim().demo.pro.rootFolderHash) };
		expect((await env.storage('mcp', getInfo)).error).toBeUndefined();
		const from = peer.requests.length;
		peer.forgetSessionsAt('get_folder_info');
		const result = await env.storage('mcp', getInfo);
		expect(result.error).toBeUndefined();
		expect(result.items[0].json.is_root).toBe(true);
		const requests = peer.requests.slice(from);
		expect(requests.filter((request) => request.rpcMethod === 'initialize')).toHaveLength(2);
		expect(requests.filter((request) => request.status === 404)).toHaveLength(1);
		expect(requests.filter((request) => request.rpcMethod === 'tools/call')).toHaveLength(2);
	});

	it('a read-only tool called through Svc MCP after the 404 is sent again in the new session', async () => {
		const peer = env.peer()!;
		const from = peer.requests.length;
		// An earlier test's session may still be closing on a busy machine: this run must add none.
		const openBefore = peer.openSessions();
		peer.forgetSessionsAt('get_root_folder');
		const result = await mcpNode(env, tool('svc_get_root_folder'), '2025-06-18');
		expect(result.error).toBeUndefined();
		expect(JSON.stringify(result.items[0].json)).toContain(env.sim().demo.pro.rootFolderHash);
		expect(peer.requests.slice(from).filter((request) => request.rpcMethod === 'tools/call')).toHaveLength(2);
		// The run's first session, forgotten by the server, and the new one, ended with a DELETE.
		const sessions = peer.requests.slice(from).filter((request) => request.rpcMethod === 'initialize').length;
		expect([sessions, peer.requests.slice(from).filter((request) => request.method === 'DELETE').length]).toEqual([
			2, 1,
		]);
		expect(peer.openSessions()).toBeLessThanOrEqual(openBefore);
	});

	it('a write tool called through Svc MCP after the 404 runs as the write it is: read back, not sent blindly, one folder', async () => {
		const peer = env.peer()!;
		const name = `generic-after-restart-${Date.now()}`;
		// As above: a session of the test before may still be closing on a busy machine; this run must add none.
		const openBefore = peer.openSessions();
		peer.forgetSessionsAt('create_folder');
		const root = env.sim().demo.pro.rootFolderHash;
		const result = await mcpNode(
			env,
			tool('svc_create_folder', { parent_folder_hash: root, folder_name: name }),
			'2025-06-18',
		);
		expect(result.error).toBeUndefined();
		const made = env
			.sim()
			.storage.listChildren(root)
			.filter((item) => item.name === name);
		expect(made).toHaveLength(1);
		expect(JSON.stringify(result.items[0].json)).toContain(made[0].hash);
		expect(peer.openSessions()).toBeLessThanOrEqual(openBefore);
	});

	it('a write after the 404 is read back, not sent blindly: one folder', async () => {
		const peer = env.peer()!;
		peer.forgetSessionsAt('create_folder');
		const name = `after-restart-${Date.now()}`;
		const result = await env.storage('mcp', { resource: 'folder', operation: 'create', folderName: name });
		expect(result.error).toBeUndefined();
		const root = env.sim().demo.pro.rootFolderHash;
		expect(
			env
				.sim()
				.storage.listChildren(root)
				.filter((item) => item.name === name),
		).toHaveLength(1);
	});
});
