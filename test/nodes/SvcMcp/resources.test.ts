/* eslint-disable @typescript-eslint/no-explicit-any -- this test reads service answers of every shape */
import { TINY_PNG } from '../../../devkit/simulator/seed';
import { jsonOf, mcpMethods, runMcp, useMcpEnv } from './env';

const env = useMcpEnv();

describe('Resource', () => {
	it('List: one item per published document', async () => {
		const resources = jsonOf(await runMcp(env, { resource: 'resource', operation: 'list' }));
		expect(resources.map((resource) => resource.uri)).toEqual(
			expect.arrayContaining(['svc-docs://storage-api', 'svc-docs://mcp-endpoint', 'svc-docs://dvs-api']),
		);
		expect(resources.map((resource) => resource.uri)).not.toContain('svc-docs://internal-rate-limit-runbook');
	});

	it('List Templates: the private file and folder templates', async () => {
		const templates = jsonOf(await runMcp(env, { resource: 'resource', operation: 'listTemplates' }));
		expect(templates.map((template) => template.uriTemplate)).toEqual([
			'svc-file://{file_hash}',
			'svc-folder://{folder_hash}',
		]);
	});

	it('Read: a document as text', async () => {
		const [doc] = jsonOf(
			await runMcp(env, { resource: 'resource', operation: 'read', uri: 'svc-docs://mcp-endpoint' }),
		);
		expect(doc).toMatchObject({ uri: 'svc-docs://mcp-endpoint', mimeType: 'text/markdown', text: expect.any(String) });
		expect(mcpMethods(env)).toEqual(['resources/read']);
	});

	it('Read: a binary file as binary data', async () => {
		const uri = `svc-file://${env.sim.demo.files.photo.hash}`;
		const result = await runMcp(env, { resource: 'resource', operation: 'read', uri });
		expect(result.items[0].json).toEqual({ uri, mimeType: 'image/png', size: TINY_PNG.length });
		expect(await result.binaryBuffer(result.items[0], 'data')).toEqual(TINY_PNG);
	});

	it('Read: an unpublished document or a file path is refused clearly', async () => {
		const unpublished = await runMcp(env, {
			resource: 'resource',
			operation: 'read',
			uri: 'svc-docs://internal-rate-limit-runbook',
		});
		expect(unpublished.error?.message).toMatch(
			/^Svc MCP could not read the resource svc-docs:\/\/internal-rate-limit-runbook: Resource not found.* \(JSON-RPC -32002\)$/,
		);
		expect(unpublished.error?.description).toMatch(/Only published documents/);
		const path = await runMcp(env, { resource: 'resource', operation: 'read', uri: 'file:///etc/passwd' });
		expect(path.error?.message).toMatch(/Unsupported resource URI .* \(JSON-RPC -32602\)$/);
		const notUri = await runMcp(env, { resource: 'resource', operation: 'read', uri: '/etc/passwd' });
		expect(notUri.error?.message).toBe('The parameter "URI" is not a resource URI: "/etc/passwd"');
	});
});

describe('Documentation', () => {
	it('Search: one item per result, with the svc-docs:// URI and public URL', async () => {
		const results = jsonOf(await runMcp(env, { resource: 'docs', operation: 'search', query: 'upload', limit: 3 }));
		expect(results.length).toBeGreaterThan(0);
		expect(results.length).toBeLessThanOrEqual(3);
		expect(results[0]).toMatchObject({
			uri: expect.stringMatching(/^svc-docs:\/\//),
			url: expect.stringContaining('/docs/api/'),
			title: expect.any(String),
			query: 'upload',
		});
		expect(env.seen[0].body.params).toMatchObject({
			name: 'svc_search_docs',
			arguments: { query: 'upload', limit: 3 },
		});
	});

	it('Get: the complete document', async () => {
		const [doc] = jsonOf(await runMcp(env, { resource: 'docs', operation: 'get', uri: 'svc-docs://dvs-api' }));
		expect(doc).toMatchObject({
			uri: 'svc-docs://dvs-api',
			format: 'markdown',
			title: expect.any(String),
			text: expect.any(String),
		});
	});

	it('Get: refuses a URI that is not svc-docs:// before any request', async () => {
		const result = await runMcp(env, { resource: 'docs', operation: 'get', uri: 'https://example.com/doc' });
		expect(result.error?.message).toBe(
			'The parameter "Document URI" must start with svc-docs:// (got "https://example.com/doc")',
		);
		expect(env.seen).toHaveLength(0);
	});

	it('works without any token for public documentation tools', async () => {
		const results = jsonOf(
			await runMcp(
				env,
				{ resource: 'docs', operation: 'search', query: 'folder', limit: 1 },
				{ credentials: { svcMcpApi: { baseUrl: env.sim.baseUrl, userId: 1, apiToken: '' } as any } },
			),
		);
		expect(results.length).toBeLessThanOrEqual(1);
	});
});
