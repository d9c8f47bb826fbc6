import { invalidRequest, refuseModern, startProxy, type Proxy } from '../mcp-client/proxy';
import {
	apiCredentials,
	byName,
	items,
	jsonOf,
	mcpMethods,
	mcpRequests,
	runMcp,
	startMcpEnv,
	type McpNodeEnv,
} from './env';

let env: McpNodeEnv;
let proxy: Proxy | undefined;
beforeEach(async () => {
	env = await startMcpEnv();
});
afterEach(async () => {
	await proxy?.close();
	proxy = undefined;
	await env.close();
});

const search = { resource: 'docs', operation: 'search', query: 'upload', limit: 2 };
const META = 'io.modelcontextprotocol/protocolVersion';

function viaProxy(overrides: Record<string, unknown> = {}) {
	return { svcMcpApi: { ...apiCredentials(env).svcMcpApi, baseUrl: proxy!.baseUrl, ...overrides } };
}

describe('modern revision 2026-07-28 (Auto)', () => {
	it('sends no initialize; every request carries the headers and params._meta', async () => {
		const out = jsonOf(await runMcp(env, search, { input: items(2) }));
		expect(out.length).toBeGreaterThan(0);
		expect(mcpMethods(env)).toEqual(['tools/call:svc_search_docs', 'tools/call:svc_search_docs']);
		const [{ headers, body }] = env.seen;
		expect(headers).toMatchObject({
			'mcp-protocol-version': '2026-07-28',
			'mcp-method': 'tools/call',
			'mcp-name': 'svc_search_docs',
		});
		expect(body.params._meta).toEqual({
			[META]: '2026-07-28',
			'io.modelcontextprotocol/clientCapabilities': {},
			'io.modelcontextprotocol/clientInfo': { name: 'n8n-nodes-svc', version: expect.any(String) },
		});
		expect(out[0]).not.toHaveProperty('resultType');
	});

	it('names the resource URI in Mcp-Name for resources/read', async () => {
		jsonOf(await runMcp(env, { resource: 'resource', operation: 'read', uri: 'svc-docs://mcp-endpoint' }));
		expect(env.seen[0].headers).toMatchObject({
			'mcp-method': 'resources/read',
			'mcp-name': 'svc-docs://mcp-endpoint',
		});
	});
});

describe.each(['2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05'])(
	'pinned initialization-based revision %s',
	(revision) => {
		it('sends one initialize per execution, then plain requests of that revision', async () => {
			const out = jsonOf(
				await runMcp(env, search, { input: items(3), credentials: apiCredentials(env, { protocolVersion: revision }) }),
			);
			expect(out.length).toBeGreaterThan(0);
			expect(mcpMethods(env)).toEqual([
				'initialize',
				'notifications/initialized',
				'tools/call:svc_search_docs',
				'tools/call:svc_search_docs',
				'tools/call:svc_search_docs',
			]);
			const [initialize, initialized, call] = env.seen;
			expect(initialized.body.id).toBeUndefined();
			expect(initialize.body.params).toEqual({
				protocolVersion: revision,
				capabilities: {},
				clientInfo: { name: 'n8n-nodes-svc', version: expect.any(String) },
			});
			expect(initialize.headers['mcp-protocol-version']).toBeUndefined();
			expect(call.headers['mcp-protocol-version']).toBe(revision >= '2025-06-18' ? revision : undefined);
			expect(call.headers['mcp-method']).toBeUndefined();
			expect(call.body.params._meta).toBeUndefined();
		});
	},
);

describe('fallback from the modern revision', () => {
	it('on a deployment that refuses 2026-07-28: one refused request, one initialize, then 2025-06-18', async () => {
		proxy = await startProxy(env.sim.baseUrl, refuseModern);
		const out = jsonOf(await runMcp(env, search, { input: items(3), credentials: viaProxy() }));
		expect(out.length).toBeGreaterThan(0);
		expect(proxy.received.map(({ body, answeredHere }) => `${body.method}${answeredHere ? ' (refused)' : ''}`)).toEqual(
			['tools/call (refused)', 'initialize', 'notifications/initialized', 'tools/call', 'tools/call', 'tools/call'],
		);
		expect(proxy.received[1].body.params.protocolVersion).toBe('2025-06-18');
		expect(proxy.received[3].headers['mcp-protocol-version']).toBe('2025-06-18');
	});

	it('uses the older revision an initialize answer names', async () => {
		proxy = await startProxy(env.sim.baseUrl, (request) => {
			if (request.body?.method === 'initialize') {
				return {
					status: 200,
					json: {
						jsonrpc: '2.0',
						id: request.body.id,
						result: { protocolVersion: '2025-03-26', capabilities: {}, serverInfo: { name: 'old' } },
					},
				};
			}
			return refuseModern(request);
		});
		jsonOf(await runMcp(env, search, { credentials: viaProxy() }));
		const last = proxy.received[proxy.received.length - 1];
		expect(last.body.method).toBe('tools/call');
		expect(last.headers['mcp-protocol-version']).toBeUndefined();
	});

	it('keeps the session a stateful server issues, sends it the initialized notification, and ends it with DELETE', async () => {
		proxy = await startProxy(env.sim.baseUrl, (request) => {
			if (request.body?.method === 'initialize') {
				return {
					status: 200,
					headers: { 'mcp-session-id': 'session-42' },
					json: { jsonrpc: '2.0', id: request.body.id, result: { protocolVersion: '2025-06-18', capabilities: {} } },
				};
			}
			if (request.body?.method === 'notifications/initialized') return { status: 202 };
			if (request.method === 'DELETE') return { status: 200 };
			return undefined;
		});
		jsonOf(await runMcp(env, search, { input: items(2), credentials: viaProxy({ protocolVersion: '2025-06-18' }) }));
		expect(proxy.received.map(({ method, body }) => body?.method ?? method)).toEqual([
			'initialize',
			'notifications/initialized',
			'tools/call',
			'tools/call',
			'DELETE',
		]);
		expect(proxy.received[1].body.id).toBeUndefined();
		expect(proxy.received.slice(1).map(({ headers }) => headers['mcp-session-id'])).toEqual([
			'session-42',
			'session-42',
			'session-42',
			'session-42',
		]);
	});

	it('refuses a revision the node does not speak', async () => {
		proxy = await startProxy(env.sim.baseUrl, (request) => {
			if (request.body?.method === 'initialize') {
				return {
					status: 200,
					json: { jsonrpc: '2.0', id: request.body.id, result: { protocolVersion: '2099-01-01', capabilities: {} } },
				};
			}
			return refuseModern(request);
		});
		const result = await runMcp(env, search, { credentials: viaProxy() });
		expect(result.error?.message).toBe(
			'Svc MCP answered initialize with protocol revision 2099-01-01, which this node does not speak',
		);
	});

	it('does not fall back on a 400 that is not about the revision', async () => {
		proxy = await startProxy(env.sim.baseUrl, ({ body }) =>
			invalidRequest(body, 'Header Mcp-Name "x" does not match the request body value "y"', {
				header: 'Mcp-Name',
				expected: 'y',
				actual: 'x',
			}),
		);
		const result = await runMcp(env, search, { credentials: viaProxy() });
		expect(result.error?.message).toBe(
			'Svc MCP refused the request to call svc_search_docs as invalid (400): Header Mcp-Name "x" does not match the request body value "y"',
		);
		expect(proxy.received).toHaveLength(1);
	});

	it('reports a pinned revision the deployment refuses, with what it supports', async () => {
		proxy = await startProxy(env.sim.baseUrl, ({ headers, body }) =>
			headers['mcp-protocol-version'] === '2025-11-25'
				? invalidRequest(body, 'Unsupported protocol version "2025-11-25"', {
						supported: ['2025-06-18', '2025-03-26'],
						requested: '2025-11-25',
					})
				: undefined,
		);
		const result = await runMcp(env, search, { credentials: viaProxy({ protocolVersion: '2025-11-25' }) });
		expect(result.error?.message).toBe(
			'Svc MCP does not support protocol revision 2025-11-25 (it supports 2025-06-18, 2025-03-26)',
		);
		expect(result.error?.description).toMatch(/Protocol Revision to Auto/);
	});
});

describe('Server → Discover', () => {
	it('answers on the modern revision', async () => {
		const [out] = jsonOf(await runMcp(env, { resource: 'server', operation: 'discover' }));
		expect(out).toMatchObject({
			supportedVersions: expect.arrayContaining(['2026-07-28', '2025-06-18']),
			serverInfo: { name: 'svc-mcp' },
			revision: '2026-07-28',
		});
		expect(out.instructions).toMatch(/DVS text is data/);
	});

	it('explains that a pinned initialization-based revision has no discover, without a request', async () => {
		const result = await runMcp(
			env,
			{ resource: 'server', operation: 'discover' },
			{ credentials: apiCredentials(env, { protocolVersion: '2025-06-18' }) },
		);
		expect(result.error?.message).toBe(
			'Server → Discover needs the modern protocol revision 2026-07-28, but the credential is set to 2025-06-18',
		);
		expect(mcpRequests(env)).toHaveLength(0);
	});

	it('explains it on a deployment that refuses the modern revision', async () => {
		proxy = await startProxy(env.sim.baseUrl, refuseModern);
		const result = await runMcp(env, { resource: 'server', operation: 'discover' }, { credentials: viaProxy() });
		expect(result.error?.message).toBe(
			'Server → Discover needs the modern protocol revision 2026-07-28, but the server refused that revision',
		);
	});
});

describe('request budget: 100 tool calls in one execution', () => {
	const call = {
		resource: 'tool',
		operation: 'call',
		tool: byName('svc_search_docs'),
		argumentsMode: 'json',
		argumentsJson: '{"query": "folder", "limit": 1}',
	};

	it('cost 100 requests on the modern revision (Docs → Search)', async () => {
		const result = await runMcp(env, search, { input: items(100) });
		expect(result.error).toBeUndefined();
		expect(mcpRequests(env)).toHaveLength(100);
	});

	it('cost 100 requests on the modern revision (Tool → Call)', async () => {
		const result = await runMcp(env, call, { input: items(100) });
		expect(result.items).toHaveLength(100);
		expect(mcpRequests(env)).toHaveLength(100);
	});

	it('cost 102 requests on an initialization-based revision without sessions (initialize and its notification)', async () => {
		const result = await runMcp(env, search, {
			input: items(100),
			credentials: apiCredentials(env, { protocolVersion: '2025-06-18' }),
		});
		expect(result.error).toBeUndefined();
		expect(mcpRequests(env)).toHaveLength(102);
		expect(mcpMethods(env).filter((method) => method === 'initialize')).toHaveLength(1);
		expect(mcpMethods(env)).not.toContain('tools/list');
	});
});
