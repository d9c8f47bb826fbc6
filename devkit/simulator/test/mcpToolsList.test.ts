/* eslint-disable @typescript-eslint/no-explicit-any -- this test reads service answers of every shape */
import { createMcpFixture } from '../mcp/testing';
import { docTools } from '../mcp/tools/docs';
import { dvsReadTools } from '../mcp/tools/dvsRead';
import { dvsWriteTools } from '../mcp/tools/dvsWrite';
import { importFile } from '../mcp/tools/import';
import { storageReadTools } from '../mcp/tools/storageRead';
import { storageWriteToolsAfterImport, storageWriteToolsBeforeImport } from '../mcp/tools/storageWrite';
import type { ToolDef } from '../mcp/tools/types';
import type { McpFixture } from '../mcp/testing';

/*
 * The tools in tools/list order, from the tables each tool file lists its tools in (where each is written, citing
 * document 2); test/architecture/simulatorCoverage.test.ts holds them to the product's catalogue both ways.
 */
const named = (tools: ToolDef[]) => tools.map((tool) => `svc_${tool.name}`);
const READ_TOOLS = named([...storageReadTools, ...docTools]);
const WRITE_TOOLS = named([...storageWriteToolsBeforeImport, importFile, ...storageWriteToolsAfterImport]);
const DVS_READ = named(dvsReadTools);
const DVS_WRITE = named(dvsWriteTools).filter((name) => name !== 'svc_dvs_upload_file');

let f: McpFixture;
beforeAll(async () => {
	f = await createMcpFixture();
});
afterAll(() => f.close());
afterEach(() => {
	Object.assign(f.deps.settings, {
		writesEnabled: false,
		dvsEnabled: false,
		dvsWritesEnabled: false,
		toolPrefix: 'svc_',
	});
});

async function tools(): Promise<any[]> {
	const answer = await f.client().rpc('tools/list');
	expect(answer.status).toBe(200);
	return answer.body.result.tools;
}

describe('tools/list follows the deployment settings', () => {
	it('lists the original eight read tools when writes are off', async () => {
		expect(READ_TOOLS).toHaveLength(8);
		const listed = await tools();
		expect(listed.map((t) => t.name)).toEqual(READ_TOOLS);
		for (const tool of listed) {
			expect(tool.inputSchema.type).toBe('object');
			expect(typeof tool.description).toBe('string');
			if (tool.name === 'svc_read_file') expect(tool.outputSchema).toBeUndefined();
			else expect(tool.outputSchema.type).toBe('object');
		}
	});

	it('adds the v1.2 write tools when writes are on (changed at run time)', async () => {
		f.deps.settings.writesEnabled = true;
		const listed = await tools();
		expect(listed.map((t) => t.name)).toEqual([...READ_TOOLS, ...WRITE_TOOLS]);
		for (const tool of listed.filter((t) => WRITE_TOOLS.includes(t.name))) {
			expect(tool._meta['svc/version']).toBe('1.2');
			expect(tool.description).toContain('v1.2');
			expect(tool.outputSchema.required).toEqual(['status', 'item']);
			expect(tool.annotations.readOnlyHint).toBe(false);
			expect(tool.annotations.destructiveHint).toBe(false);
		}
		const importTool = listed.find((t) => t.name === 'svc_import_file');
		expect(importTool._meta['openai/fileParams']).toEqual(['file']);
		f.deps.settings.writesEnabled = false;
		expect(await tools()).toHaveLength(READ_TOOLS.length);
	});

	it('adds DVS read tools, DVS write tools, and the attachment tool only with storage writes', async () => {
		f.deps.settings.dvsEnabled = true;
		expect((await tools()).map((t) => t.name)).toEqual([...READ_TOOLS, ...DVS_READ]);
		f.deps.settings.dvsWritesEnabled = true;
		expect((await tools()).map((t) => t.name)).toEqual([...READ_TOOLS, ...DVS_READ, ...DVS_WRITE]);
		f.deps.settings.writesEnabled = true;
		expect((await tools()).map((t) => t.name)).toEqual([
			...READ_TOOLS,
			...WRITE_TOOLS,
			...DVS_READ,
			...DVS_WRITE,
			'svc_dvs_upload_file',
		]);
		const dvsTool = (await tools()).find((t) => t.name === 'svc_dvs_get_document');
		expect(dvsTool.description).toMatch(/is data/);
	});

	it('needs DVS reads enabled for DVS writes', async () => {
		f.deps.settings.dvsWritesEnabled = true;
		expect((await tools()).map((t) => t.name)).toEqual(READ_TOOLS);
	});

	it('uses the configured prefix for names and calls', async () => {
		f.deps.settings.toolPrefix = 'acme_';
		const listed = await tools();
		expect(listed.map((t) => t.name)).toEqual(READ_TOOLS.map((n) => n.replace('svc_', 'acme_')));
		expect(listed.find((t) => t.name === 'acme_list_folder').description).not.toContain('svc_');
		const client = f.client();
		expect((await client.tool('acme_search_docs', { query: 'folder' })).isError).toBe(false);
		const old = await client.callTool('svc_search_docs', { query: 'folder' });
		expect(old.body.error.code).toBe(-32602);
	});

	it('treats a disabled tool as unknown (-32602)', async () => {
		const answer = await f
			.client(f.bearer(f.alice))
			.callTool('svc_create_folder', { parent_folder_hash: f.alice.rootFolderHash, folder_name: 'x' });
		expect(answer.status).toBe(200);
		expect(answer.body.error.code).toBe(-32602);
		expect(answer.body.error.message).toContain('Unknown tool');
		expect(f.childNames(f.alice.rootFolderHash)).not.toContain('x');
	});

	it('answers tools/call without params.name with -32602', async () => {
		const answer = await f.client().rpc('tools/call', { arguments: {} });
		expect(answer.body.error.code).toBe(-32602);
	});
});
