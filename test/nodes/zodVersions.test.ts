/**
 * zod is not shipped with the package: n8n gives every node its own, 3.25.67 on n8n 1.123.81 (the oldest
 * supported line) and 3.25.76 on 2.41.1. Every schema the package builds (each REST answer's shape, the MCP
 * client's message schemas) is built with each of them and must accept and refuse the same answers the
 * same way, so nothing relies on what only the newer one has.
 */
type Schemas = {
	catalogue: typeof import('../../nodes/shared/transport/restCatalogue');
	mcp: typeof import('../../nodes/shared/transport/mcp/schemas');
	zodVersion: string;
};

function schemasWith(zodPackage: 'zod' | 'zod-n8n-1.123'): Schemas {
	let loaded: Schemas | undefined;
	jest.isolateModules(() => {
		jest.doMock('zod', () => jest.requireActual(zodPackage));
		loaded = {
			catalogue: jest.requireActual('../../nodes/shared/transport/restCatalogue'),
			mcp: jest.requireActual('../../nodes/shared/transport/mcp/schemas'),
			zodVersion: (jest.requireActual(`${zodPackage}/package.json`) as { version: string }).version,
		};
	});
	jest.dontMock('zod');
	return loaded!;
}

const oldest = schemasWith('zod-n8n-1.123');
const newest = schemasWith('zod');

/** Answers of every kind a service sends: documented ones, near misses and junk. */
const SAMPLES: unknown[] = [
	undefined,
	null,
	{},
	[],
	'',
	'<html>login</html>',
	0,
	{ success: false },
	{ success: 'false', message: 'no' },
	{ success: true, data: {} },
	{ folder_hash: 'a1b2c3', folder_name: 'Reports', folder_edit_key: 'k', folder_upload_key: 'u' },
	{ file_hash: 'f1', file_name: 'x.pdf', file_delete_key: 'd', timestamp_uploaded: 1 },
	[
		{ type: 'folder', folder_hash: 'a', folder_name: 'A' },
		{ type: 'file', file_hash: 'b', file_name: 'B', size: 3 },
	],
	{ dvs_document_id: 12 },
	{ dvs_document_id: '12' },
	{ items: [{ dvs_document_id: 1 }], total: 1 },
	{ jsonrpc: '2.0', id: 1, result: { tools: [] } },
	{ jsonrpc: '2.0', id: 1, error: { code: -32601, message: 'Method not found' } },
	{ content: [{ type: 'text', text: 'hi' }] },
	{
		content: [{ type: 'resource', resource: { uri: 'svc-file://x', mimeType: 'image/png', blob: 'AAEC' } }],
		structuredContent: { file: {} },
	},
	{ content: [{ type: 'resource_link', uri: 'https://x', name: 'x' }], isError: true },
	{
		tools: [{ name: 'svc_get_root_folder', inputSchema: { type: 'object' }, annotations: { readOnlyHint: true } }],
		nextCursor: 'n',
	},
	{ tools: [{ name: '' }] },
	{ protocolVersion: '2025-06-18', capabilities: {}, serverInfo: { name: 's' } },
	{ contents: [{ uri: 'svc-docs://x', text: '# Doc' }] },
	{ error: { code: 'name_conflict', message: 'taken' } },
];

it('the oldest zod an n8n line gives (3.25.67) is the one under test', () => {
	expect([oldest.zodVersion, newest.zodVersion]).toEqual(['3.25.67', '3.25.76']);
	expect(oldest.mcp.callToolResultSchema).not.toBeInstanceOf(jest.requireActual('zod').ZodType);
});

function verdicts(schemas: Schemas): Record<string, unknown[]> {
	const { catalogue, mcp } = schemas;
	const all: Record<string, { safeParse(value: unknown): { success: boolean; data?: unknown } }> = {};
	for (const action of catalogue.REST_ACTIONS) {
		if (action.answer) all[`${action.api}.${action.name}`] = action.answer.schema;
	}
	for (const [name, schema] of Object.entries(mcp)) {
		if (schema && typeof (schema as { safeParse?: unknown }).safeParse === 'function')
			all[`mcp.${name}`] = schema as (typeof all)[string];
	}
	return Object.fromEntries(
		Object.entries(all).map(([name, schema]) => [
			name,
			SAMPLES.map((sample) => {
				const result = schema.safeParse(sample);
				return result.success ? { accepted: result.data } : 'refused';
			}),
		]),
	);
}

it('every schema accepts and refuses the same answers, with the same result, under either zod', () => {
	const before = verdicts(oldest);
	expect(Object.keys(before).length).toBeGreaterThan(40);
	expect(before).toEqual(verdicts(newest));
});
