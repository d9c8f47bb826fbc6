import { MODERN_REVISION, SUPPORTED_REVISIONS } from '../mcp/index';
import { createMcpFixture } from '../mcp/testing';
import type { McpFixture } from '../mcp/testing';

let f: McpFixture;
beforeAll(async () => {
	f = await createMcpFixture();
});
afterAll(() => f.close());

describe('HTTP transport', () => {
	it('answers GET and other methods with 405 and Allow: POST', async () => {
		const client = f.client();
		for (const method of ['GET', 'PUT', 'DELETE']) {
			const answer = await client.raw('', { method, headers: {} });
			expect(answer.status).toBe(405);
			expect(answer.headers.get('allow')).toBe('POST');
		}
	});

	it('refuses malformed messages with 400', async () => {
		const client = f.client();
		const cases: [string, number][] = [
			['{not json', -32700],
			[JSON.stringify({ jsonrpc: '1.0', id: 1, method: 'tools/list' }), -32600],
			[JSON.stringify({ id: 1, method: 'tools/list' }), -32600],
			[JSON.stringify({ jsonrpc: '2.0', id: 1 }), -32600],
			[JSON.stringify({ jsonrpc: '2.0', id: null, method: 'tools/list' }), -32600],
			[JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: [1] }), -32600],
			[JSON.stringify([{ jsonrpc: '2.0', id: 1, method: 'tools/list' }]), -32600],
			[JSON.stringify('just a string'), -32600],
		];
		for (const [body, code] of cases) {
			const answer = await client.raw(body);
			expect({ body, status: answer.status, code: answer.body?.error?.code }).toEqual({ body, status: 400, code });
			expect(answer.body.jsonrpc).toBe('2.0');
		}
	});

	it('refuses a non-JSON Content-Type with 400', async () => {
		const answer = await f.client().raw(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }), {
			headers: { 'content-type': 'text/plain' },
		});
		expect(answer.status).toBe(400);
	});

	it('accepts notifications and client responses with 202 and no body', async () => {
		const client = f.client();
		for (const message of [
			{ jsonrpc: '2.0', method: 'notifications/initialized' },
			{ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 3 } },
			{ jsonrpc: '2.0', id: 9, result: {} },
		]) {
			const answer = await client.raw(JSON.stringify(message));
			expect(answer.status).toBe(202);
			expect(answer.text).toBe('');
		}
	});

	it('ignores query-string parameters', async () => {
		const res = await fetch(
			`${f.server.baseUrl}/api/mcp?user=1001&user_access_token=alice-api-token&method=initialize`,
			{
				method: 'POST',
				headers: { 'content-type': 'application/json' },
				body: JSON.stringify({
					jsonrpc: '2.0',
					id: 1,
					method: 'tools/call',
					params: { name: 'svc_get_root_folder', arguments: {} },
				}),
			},
		);
		expect(res.status).toBe(401);
		const listed = await fetch(`${f.server.baseUrl}/api/mcp?x=1`, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' }),
		});
		expect(listed.status).toBe(200);
		expect(((await listed.json()) as { result: { tools: unknown[] } }).result.tools).toHaveLength(8);
	});

	it('answers an unknown method with -32601', async () => {
		const answer = await f.client().rpc('ping');
		expect(answer.status).toBe(200);
		expect(answer.body.error.code).toBe(-32601);
	});

	describe('body size', () => {
		it('refuses more than 1 MiB for ordinary requests with 413', async () => {
			const padding = 'x'.repeat(1024 * 1024);
			const answer = await f.client(f.bearer(f.alice)).callTool('svc_search_files', { query: padding });
			expect(answer.status).toBe(413);
			expect(answer.body.error.code).toBe(-32013);
		});

		it('accepts up to 16 MiB for upload tools, and refuses more', async () => {
			f.deps.settings.writesEnabled = true;
			try {
				const root = f.storage.getFolder(f.alice.rootFolderHash)!;
				const folder = f.seedFolder(root.hash, 'big-uploads');
				const content = Buffer.alloc(3 * 1024 * 1024, 7).toString('base64');
				const client = f.client(f.bearer(f.alice));
				const ok = await client.tool('svc_upload_file', {
					folder_hash: folder.hash,
					file_name: 'three.bin',
					content,
					encoding: 'base64',
				});
				expect(ok.isError).toBe(false);
				expect(f.storage.getFile(ok.structuredContent.item.hash)?.size).toBe(3 * 1024 * 1024);
				const huge = 'A'.repeat(16 * 1024 * 1024 + 8);
				const answer = await client.callTool('svc_upload_file', {
					folder_hash: folder.hash,
					file_name: 'huge.bin',
					content: huge,
					encoding: 'base64',
				});
				expect(answer.status).toBe(413);
				expect(f.childNames(folder.hash)).toEqual(['three.bin']);
			} finally {
				f.deps.settings.writesEnabled = false;
			}
		});
	});
});

describe('initialization-based revisions', () => {
	it.each(['2025-03-26', '2025-06-18', '2025-11-25', '2024-11-05'])('echoes a requested %s', async (version) => {
		const answer = await f
			.client()
			.rpc('initialize', { protocolVersion: version, capabilities: {}, clientInfo: { name: 't', version: '1' } });
		expect(answer.status).toBe(200);
		expect(answer.body.result.protocolVersion).toBe(version);
		expect(answer.body.result.serverInfo.name).toBe('svc-mcp');
		expect(answer.body.result.capabilities.tools).toBeDefined();
		expect(answer.body.result.resultType).toBeUndefined();
		expect(answer.headers.get('mcp-session-id')).toBeNull();
	});

	it('answers an unknown requested version with the default 2025-06-18', async () => {
		const answer = await f
			.client()
			.rpc('initialize', { protocolVersion: '2030-01-01', capabilities: {}, clientInfo: { name: 't', version: '1' } });
		expect(answer.body.result.protocolVersion).toBe('2025-06-18');
	});

	it('needs no session: a later request without Mcp-Session-Id works', async () => {
		const answer = await f.client().rpc('tools/list', undefined, { revision: '2025-06-18' });
		expect(answer.status).toBe(200);
		expect(answer.body.result.resultType).toBeUndefined();
	});

	it('refuses an unknown MCP-Protocol-Version header with 400 naming the supported versions', async () => {
		const answer = await f.client().rpc('tools/list', undefined, { headers: { 'mcp-protocol-version': '2099-01-01' } });
		expect(answer.status).toBe(400);
		expect(answer.body.error.data.supported).toEqual(SUPPORTED_REVISIONS);
		for (const version of SUPPORTED_REVISIONS) expect(answer.body.error.message).toContain(version);
	});

	it('has no server/discover', async () => {
		const answer = await f.client().rpc('server/discover', undefined, { revision: '2025-11-25' });
		expect(answer.body.error.code).toBe(-32601);
	});

	it('ignores Mcp-Method and Mcp-Name', async () => {
		const answer = await f
			.client()
			.rpc('tools/list', undefined, { revision: '2025-06-18', headers: { 'mcp-method': 'something/else' } });
		expect(answer.status).toBe(200);
	});
});

describe('modern revision 2026-07-28', () => {
	const modern = { revision: MODERN_REVISION };

	it('marks results with resultType complete', async () => {
		const client = f.client();
		const listed = await client.rpc('tools/list', {}, modern);
		expect(listed.status).toBe(200);
		expect(listed.body.result.resultType).toBe('complete');
		const called = await client.callTool('svc_search_docs', { query: 'folder' }, modern);
		expect(called.body.result.resultType).toBe('complete');
		expect(called.body.result.isError).toBe(false);
		const read = await client.rpc('resources/read', { uri: 'svc-docs://mcp-endpoint' }, modern);
		expect(read.body.result.resultType).toBe('complete');
	});

	it('answers server/discover', async () => {
		const answer = await f.client().rpc('server/discover', {}, modern);
		expect(answer.status).toBe(200);
		expect(answer.body.result.supportedVersions).toContain(MODERN_REVISION);
		expect(answer.body.result.serverInfo.name).toBe('svc-mcp');
		expect(answer.body.result.resultType).toBe('complete');
	});

	it('refuses an initialize handshake with the modern revision', async () => {
		const client = f.client();
		const viaParams = await client.rpc('initialize', {
			protocolVersion: MODERN_REVISION,
			capabilities: {},
			clientInfo: { name: 't', version: '1' },
		});
		expect(viaParams.status).toBe(400);
		expect(viaParams.body.error.message).toMatch(/initialize/);
		const viaHeaders = await client.rpc('initialize', { capabilities: {} }, modern);
		expect(viaHeaders.status).toBe(400);
	});

	it('requires Mcp-Method equal to the JSON-RPC method', async () => {
		const client = f.client();
		const missing = await client.rpc('tools/list', {}, { ...modern, headers: { 'mcp-method': '' } });
		expect(missing.status).toBe(400);
		const wrong = await client.rpc('tools/list', {}, { ...modern, headers: { 'mcp-method': 'resources/list' } });
		expect(wrong.status).toBe(400);
		expect(wrong.body.error).toMatchObject({
			code: -32600,
			data: { header: 'Mcp-Method', expected: 'tools/list', actual: 'resources/list' },
		});
	});

	it('requires Mcp-Name equal to params.name for tools/call and params.uri for resources/read', async () => {
		const client = f.client();
		const wrongTool = await client.callTool(
			'svc_search_docs',
			{ query: 'x' },
			{ ...modern, headers: { 'mcp-name': 'svc_get_doc' } },
		);
		expect(wrongTool.status).toBe(400);
		expect(wrongTool.body.error.data).toMatchObject({ header: 'Mcp-Name', expected: 'svc_search_docs' });
		const wrongUri = await client.rpc(
			'resources/read',
			{ uri: 'svc-docs://dvs-api' },
			{ ...modern, headers: { 'mcp-name': 'svc-docs://storage-api' } },
		);
		expect(wrongUri.status).toBe(400);
		// Without the header at all.
		const res = await fetch(client.endpoint, {
			method: 'POST',
			headers: {
				'content-type': 'application/json',
				'mcp-protocol-version': MODERN_REVISION,
				'mcp-method': 'tools/call',
			},
			body: JSON.stringify({
				jsonrpc: '2.0',
				id: 1,
				method: 'tools/call',
				params: {
					name: 'svc_search_docs',
					arguments: { query: 'x' },
					_meta: { 'io.modelcontextprotocol/protocolVersion': MODERN_REVISION },
				},
			}),
		});
		expect(res.status).toBe(400);
	});

	it('requires the metadata and the header together', async () => {
		const client = f.client();
		const noMeta = await client.raw(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }), {
			headers: { 'mcp-protocol-version': MODERN_REVISION, 'mcp-method': 'tools/list' },
		});
		expect(noMeta.status).toBe(400);
		const noHeader = await client.raw(
			JSON.stringify({
				jsonrpc: '2.0',
				id: 1,
				method: 'tools/list',
				params: { _meta: { 'io.modelcontextprotocol/protocolVersion': MODERN_REVISION } },
			}),
		);
		expect(noHeader.status).toBe(400);
		expect(noHeader.body.error.message).toContain('MCP-Protocol-Version');
	});

	it('still answers notifications with 202', async () => {
		const answer = await f.client().raw(
			JSON.stringify({
				jsonrpc: '2.0',
				method: 'notifications/cancelled',
				params: { _meta: { 'io.modelcontextprotocol/protocolVersion': MODERN_REVISION } },
			}),
			{ headers: { 'mcp-protocol-version': MODERN_REVISION, 'mcp-method': 'notifications/cancelled' } },
		);
		expect(answer.status).toBe(202);
	});
});
