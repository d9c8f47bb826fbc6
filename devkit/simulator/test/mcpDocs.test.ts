/* eslint-disable @typescript-eslint/no-explicit-any -- this test reads service answers of every shape */
import { validate } from '../mcp/jsonSchema';
import { createMcpFixture } from '../mcp/testing';
import type { McpFixture } from '../mcp/testing';

let f: McpFixture;
beforeAll(async () => {
	f = await createMcpFixture();
});
afterAll(() => f.close());

describe('documentation resources', () => {
	it('lists only published documents, without a token', async () => {
		const answer = await f.client().rpc('resources/list');
		expect(answer.status).toBe(200);
		const uris = answer.body.result.resources.map((r: { uri: string }) => r.uri);
		expect(uris).toEqual([
			'svc-docs://storage-api',
			'svc-docs://mcp-endpoint',
			'svc-docs://dvs-api',
			'svc-docs://storage-openapi',
		]);
		expect(uris).not.toContain('svc-docs://internal-rate-limit-runbook');
	});

	it('reads a published document without a token', async () => {
		const answer = await f.client().rpc('resources/read', { uri: 'svc-docs://mcp-endpoint' });
		expect(answer.status).toBe(200);
		const [content] = answer.body.result.contents;
		expect(content).toMatchObject({ uri: 'svc-docs://mcp-endpoint', mimeType: 'text/markdown' });
		expect(content.text).toContain('# Hosted MCP Endpoint');
	});

	it.each([
		['svc-docs://internal-rate-limit-runbook', -32002],
		['svc-docs://no-such-doc', -32002],
		['svc-docs://../../etc/passwd', -32002],
		['svc-docs:///etc/passwd', -32002],
		['file:///etc/passwd', -32602],
		['/etc/passwd', -32602],
		['../storage-api.md', -32602],
		['https://example.com/doc', -32602],
	])('rejects %s', async (uri, code) => {
		const answer = await f.client().rpc('resources/read', { uri });
		expect(answer.body.error.code).toBe(code);
		expect(answer.body.result).toBeUndefined();
	});

	it('lists private resource templates publicly and needs a token to read them', async () => {
		const client = f.client();
		const templates = await client.rpc('resources/templates/list');
		expect(templates.body.result.resourceTemplates.map((t: { uriTemplate: string }) => t.uriTemplate)).toEqual([
			'svc-file://{file_hash}',
			'svc-folder://{folder_hash}',
		]);
		const folder = f.seedFolder(f.alice.rootFolderHash, 'notes');
		const file = f.seedFile(folder.hash, 'a.txt', 'hello', { mimeType: 'text/plain' });
		const anonymous = await client.rpc('resources/read', { uri: `svc-file://${file.hash}` });
		expect(anonymous.status).toBe(401);
		const authed = await f.client(f.bearer(f.alice)).rpc('resources/read', { uri: `svc-file://${file.hash}` });
		expect(authed.body.result.contents[0]).toMatchObject({ uri: `svc-file://${file.hash}`, text: 'hello' });
		const listing = await f.client(f.bearer(f.alice)).rpc('resources/read', { uri: `svc-folder://${folder.hash}` });
		expect(JSON.parse(listing.body.result.contents[0].text).items.map((i: { name: string }) => i.name)).toEqual([
			'a.txt',
		]);
		const foreign = await f.client(f.bearer(f.bob)).rpc('resources/read', { uri: `svc-file://${file.hash}` });
		expect(foreign.body.error.code).toBe(-32002);
	});
});

describe('svc_search_docs and svc_get_doc', () => {
	let schemas: Record<string, any>;
	beforeAll(async () => {
		const listed = await f.client().rpc('tools/list');
		schemas = Object.fromEntries(
			listed.body.result.tools.map((t: { name: string; outputSchema: unknown }) => [t.name, t.outputSchema]),
		);
	});

	it('finds documents by keyword with url, uri, title and snippet', async () => {
		const result = await f.client().tool('svc_search_docs', { query: 'upload folder' });
		expect(result.isError).toBe(false);
		expect(validate(schemas.svc_search_docs, result.structuredContent)).toBeUndefined();
		const hits = result.structuredContent.results;
		expect(hits.map((h: { uri: string }) => h.uri)).toContain('svc-docs://storage-api');
		expect(hits[0]).toMatchObject({
			url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/docs\/api\//),
			title: expect.any(String),
			snippet: expect.any(String),
		});
		expect(JSON.parse(result.content[0].text)).toEqual(result.structuredContent);
	});

	it('maps Latvian keywords to English ones', async () => {
		const client = f.client();
		const english = (await client.tool('svc_search_docs', { query: 'folder' })).structuredContent.results;
		const latvian = (await client.tool('svc_search_docs', { query: 'mape' })).structuredContent.results;
		expect(latvian).toEqual(english);
		expect(english.length).toBeGreaterThan(0);
		const upload = (await client.tool('svc_search_docs', { query: 'augšupielāde' })).structuredContent.results;
		expect(upload.map((h: { uri: string }) => h.uri)).toEqual(
			(await client.tool('svc_search_docs', { query: 'upload' })).structuredContent.results.map(
				(h: { uri: string }) => h.uri,
			),
		);
		const file = (await client.tool('svc_search_docs', { query: 'fails' })).structuredContent.results;
		expect(file.length).toBeGreaterThan(0);
	});

	it('is keyword search, not semantic: a synonym finds nothing', async () => {
		const result = await f.client().tool('svc_search_docs', { query: 'directory' });
		expect(result.structuredContent.results).toEqual([]);
	});

	it('never finds unpublished documents', async () => {
		const result = await f.client().tool('svc_search_docs', { query: 'runbook' });
		expect(result.structuredContent.results).toEqual([]);
	});

	it('returns the complete text of a published document', async () => {
		const result = await f.client().tool('svc_get_doc', { uri: 'svc-docs://dvs-api' });
		expect(validate(schemas.svc_get_doc, result.structuredContent)).toBeUndefined();
		expect(result.structuredContent).toMatchObject({
			uri: 'svc-docs://dvs-api',
			title: 'DMS (DVS) JSON API',
			format: 'markdown',
		});
		expect(result.structuredContent.url).toMatch(/\/docs\/api\/dvs-api$/);
		expect(result.structuredContent.text).toContain('upload_document_file');
		const openapi = await f.client().tool('svc_get_doc', { uri: 'svc-docs://storage-openapi' });
		expect(openapi.structuredContent.format).toBe('openapi');
		expect(openapi.structuredContent.text).toMatch(/^openapi: 3/);
	});

	it.each(['svc-docs://internal-rate-limit-runbook', 'file:///etc/passwd', '/etc/passwd'])(
		'refuses %s with a not_found tool error',
		async (uri) => {
			const result = await f.client().tool('svc_get_doc', { uri });
			expect(result.isError).toBe(true);
			expect(result.structuredContent.error.code).toBe('not_found');
			expect(result.content[0].text).toMatch(/^not_found: /);
		},
	);
});
