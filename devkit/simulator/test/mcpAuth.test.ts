import { createMcpHandler } from '../mcp/index';
import { createMcpFixture, TEST_CLIENT_IP_HEADER } from '../mcp/testing';
import type { McpFixture } from '../mcp/testing';

let f: McpFixture;
beforeAll(async () => {
	f = await createMcpFixture();
});
afterAll(() => f.close());

describe('API-key bearer authentication', () => {
	it('serves public methods and tools without a token', async () => {
		const client = f.client();
		for (const method of ['initialize', 'tools/list', 'resources/list', 'resources/templates/list']) {
			const answer = await client.rpc(
				method,
				method === 'initialize'
					? { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } }
					: undefined,
			);
			expect({ method, status: answer.status }).toEqual({ method, status: 200 });
		}
		expect((await client.tool('svc_search_docs', { query: 'file' })).isError).toBe(false);
		expect((await client.tool('svc_get_doc', { uri: 'svc-docs://storage-api' })).isError).toBe(false);
		expect((await client.rpc('resources/read', { uri: 'svc-docs://storage-api' })).status).toBe(200);
	});

	it('answers private tools without a token with HTTP 401 and a Bearer challenge', async () => {
		const answer = await f.client().callTool('svc_get_root_folder');
		expect(answer.status).toBe(401);
		expect(answer.headers.get('www-authenticate')).toMatch(/^Bearer /);
		expect(answer.body.error.code).toBe(-32001);
		expect(answer.body.id).toBe(1);
	});

	it('accepts Bearer <user_id>:<api_token> with API and ALL tokens', async () => {
		const alice = await f.client(f.bearer(f.alice)).tool('svc_get_root_folder');
		expect(alice.structuredContent.folder.hash).toBe(f.alice.rootFolderHash);
		const bob = await f.client(`Bearer ${f.bob.id}:bob-all-token`).tool('svc_get_root_folder');
		expect(bob.structuredContent.folder.hash).toBe(f.bob.rootFolderHash);
	});

	it.each([
		['a WEB token', 'Bearer 1001:alice-web-token'],
		['a wrong token', 'Bearer 1001:nope'],
		["another user's id", 'Bearer 1002:alice-api-token'],
		['a token without user id', 'Bearer alice-api-token'],
		['Basic credentials', `Basic ${Buffer.from('alice:alice-password').toString('base64')}`],
		['an empty bearer', 'Bearer '],
	])('refuses %s with 401', async (_label, auth) => {
		const answer = await f
			.client(auth)
			.callTool('svc_get_root_folder', {}, { headers: { [TEST_CLIENT_IP_HEADER]: '10.9.9.1' } });
		expect(answer.status).toBe(401);
		expect(answer.body.result).toBeUndefined();
	});

	it('refuses unconfirmed accounts with 403', async () => {
		const answer = await f.client(f.bearer(f.carol)).callTool('svc_get_root_folder');
		expect(answer.status).toBe(403);
		expect(answer.body.error.message).toMatch(/not confirmed/);
	});

	it('reads credentials only from the Authorization header', async () => {
		const res = await fetch(`${f.server.baseUrl}/api/mcp?user_access_token=1001:alice-api-token`, {
			method: 'POST',
			headers: { 'content-type': 'application/json', cookie: 'PHPSESSID=whatever' },
			body: JSON.stringify({
				jsonrpc: '2.0',
				id: 1,
				method: 'tools/call',
				params: { name: 'svc_get_root_folder', arguments: { user: 'alice', user_access_token: 'alice-api-token' } },
			}),
		});
		expect(res.status).toBe(401);
	});

	it('refuses an invalid token even on public methods', async () => {
		const answer = await f
			.client('Bearer 1001:nope')
			.rpc('tools/list', undefined, { headers: { [TEST_CLIENT_IP_HEADER]: '10.9.9.2' } });
		expect(answer.status).toBe(401);
		expect(answer.headers.get('www-authenticate')).toContain('error="invalid_token"');
	});

	it('counts failed logins per client IP (20 a minute), but not signed-in traffic', async () => {
		const bad = f.client('Bearer 1001:wrong');
		const ip = { headers: { [TEST_CLIENT_IP_HEADER]: '10.20.30.40' } };
		for (let i = 0; i < 20; i++) expect((await bad.callTool('svc_get_root_folder', {}, ip)).status).toBe(401);
		const blocked = await bad.callTool('svc_get_root_folder', {}, ip);
		expect(blocked.status).toBe(429);
		expect(blocked.headers.get('retry-after')).toMatch(/^\d+$/);
		// The same IP with valid credentials is not limited per IP.
		const good = await f.client(f.bearer(f.alice)).callTool('svc_get_root_folder', {}, ip);
		expect(good.status).toBe(200);
		// Another IP is unaffected.
		expect(
			(await bad.callTool('svc_get_root_folder', {}, { headers: { [TEST_CLIENT_IP_HEADER]: '10.20.30.41' } })).status,
		).toBe(401);
	});

	it('refuses opaque (OAuth-style) tokens while the OAuth profile is off', async () => {
		const answer = await f.client('Bearer svc-at-something').callTool('svc_get_root_folder');
		expect(answer.status).toBe(401);
		expect(answer.headers.get('www-authenticate')).not.toContain('resource_metadata');
	});
});

describe('request log support', () => {
	it('reports which authentication a request used', async () => {
		const handler = createMcpHandler(f.deps);
		const request = (authorization?: string) => ({
			method: 'POST',
			path: '/api/mcp',
			query: new URLSearchParams(),
			headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) },
			body: Buffer.from(
				JSON.stringify({
					jsonrpc: '2.0',
					id: 1,
					method: 'tools/call',
					params: { name: 'svc_get_root_folder', arguments: {} },
				}),
			),
			ip: '127.0.0.1',
			seq: 1,
		});
		expect(await handler(request(f.bearer(f.alice)))).toMatchObject({ status: 200, auth: 'mcp-api-key' });
		expect(await handler(request())).toMatchObject({ status: 401, auth: 'none' });
	});
});
