/* eslint-disable @typescript-eslint/no-explicit-any -- this test reads service answers of every shape */
import { useWarpedTime, warpedDelays, warpedNow, type CredentialsMap } from '../../../devkit/harness';
import { EICAR_TEST_STRING } from '../../../devkit/simulator/storage/uploadPolicy';
import { apiCredentials, mcpMethods, startMcpEnv, type McpNodeEnv } from '../SvcMcp/env';
import { probe, type StepResult } from './probe';
import { startProxy } from './proxy';
import { isReadOnlyTool, MCP_TOOL_ROWS } from '../../../nodes/shared/transport/mcp/toolCatalogue';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { matchToolSuffix, mcpRetryAfterSeconds } = require('../../../dist/nodes/shared/transport/mcp');

let env: McpNodeEnv;
afterEach(async () => await env?.close());

async function start(options: Parameters<typeof startMcpEnv>[0] = {}) {
	env = await startMcpEnv(options);
	return env;
}

function dvsCredentials(env: McpNodeEnv): CredentialsMap {
	const admin = env.sim.dvs.seed.orgA.users.admin;
	return {
		svcMcpApi: { baseUrl: env.sim.baseUrl, userId: admin.id, apiToken: admin.token, protocolVersion: 'auto' } as any,
	};
}

const ok = (result: StepResult) => {
	if (!result.ok) throw new Error(`${result.op} failed: ${result.message}`);
	return result.result;
};

describe('tool names', () => {
	beforeEach(async () => await start());

	it('calls the expected name first: no tools/list for known tools', async () => {
		const results = await probe(apiCredentials(env), [
			{ op: 'callTool', suffix: 'get_root_folder' },
			{ op: 'callTool', suffix: 'search_docs', args: { query: 'upload' } },
			{ op: 'callTool', suffix: 'get_root_folder' },
		]);
		expect(results.map((result) => ok(result).toolName)).toEqual([
			'svc_get_root_folder',
			'svc_search_docs',
			'svc_get_root_folder',
		]);
		expect(mcpMethods(env)).toEqual([
			'tools/call:svc_get_root_folder',
			'tools/call:svc_search_docs',
			'tools/call:svc_get_root_folder',
		]);
	});

	it('finds tools by suffix under another prefix, and guesses that prefix from then on', async () => {
		env.sim.mcp.settings.toolPrefix = 'acme_';
		const results = await probe(apiCredentials(env), [
			{ op: 'callTool', suffix: 'get_root_folder' },
			{ op: 'callTool', suffix: 'search_docs', args: { query: 'upload' } },
			{ op: 'hasTool', suffix: 'create_folder' },
		]);
		expect(ok(results[0]).toolName).toBe('acme_get_root_folder');
		expect(ok(results[1]).toolName).toBe('acme_search_docs');
		expect(ok(results[2])).toEqual({ has: true });
		// The unknown-tool answer lists the available tools, so no tools/list is needed.
		expect(mcpMethods(env)).toEqual([
			'tools/call:svc_get_root_folder',
			'tools/call:acme_get_root_folder',
			'tools/call:acme_search_docs',
		]);
	});

	it('prefers the shortest prefix for a suffix two tools share', () => {
		const names = ['svc_dvs_upload_file', 'svc_upload_file', 'svc_get_doc'];
		expect(matchToolSuffix(names, 'upload_file')).toBe('svc_upload_file');
		expect(matchToolSuffix(names, 'dvs_upload_file')).toBe('svc_dvs_upload_file');
		expect(matchToolSuffix(['acme_get_doc'], 'get_doc')).toBe('acme_get_doc');
		expect(matchToolSuffix(['svc_forget_doc'], 'get_doc')).toBeUndefined();
	});

	it('fetches tools/list at most once per execution', async () => {
		const results = await probe(apiCredentials(env), [
			{ op: 'hasTool', suffix: 'create_folder' },
			{ op: 'listTools' },
			{ op: 'hasTool', suffix: 'no_such_tool' },
		]);
		expect(ok(results[0])).toEqual({ has: true });
		expect(ok(results[1]).names).toHaveLength(MCP_TOOL_ROWS.length);
		expect(ok(results[2])).toEqual({ has: false });
		expect(mcpMethods(env)).toEqual(['tools/list']);
	});

	it('says which deployment switch a missing write tool needs', async () => {
		Object.assign(env.sim.mcp.settings, { writesEnabled: false, dvsWritesEnabled: false });
		const [storage, dvsWrite, attach] = await probe(dvsCredentials(env), [
			{ op: 'callTool', suffix: 'create_folder', args: { parent_folder_hash: 'x', folder_name: 'y' }, write: true },
			{ op: 'callTool', suffix: 'dvs_add_comment', args: { dvs_document_id: 1, comment: 'x' }, write: true },
			{ op: 'callTool', suffix: 'dvs_upload_file', args: {}, write: true },
		]);
		expect(storage).toMatchObject({
			ok: false,
			code: 'tool_unavailable',
			message:
				'Svc MCP offers no tool "svc_create_folder": the service has MCP writes disabled (SVC_MCP_WRITES_ENABLED=1 on the deployment)',
		});
		expect(dvsWrite.message).toBe(
			'Svc MCP offers no tool "svc_dvs_add_comment": the service has MCP DVS writes disabled (SVC_MCP_DVS_WRITES_ENABLED=1 on the deployment)',
		);
		expect(attach.message).toMatch(/SVC_MCP_DVS_WRITES_ENABLED=1 and SVC_MCP_WRITES_ENABLED=1/);
		env.sim.mcp.settings.dvsEnabled = false;
		const [dvsRead] = await probe(dvsCredentials(env), [
			{ op: 'callTool', suffix: 'dvs_get_fields', args: { section: 'task' } },
		]);
		expect(dvsRead).toMatchObject({
			code: 'tool_unavailable',
			message: expect.stringContaining('(SVC_MCP_DVS_ENABLED=1 on the deployment)'),
		});
	});
});

describe('writes are never resent blindly', () => {
	beforeEach(async () => await start());

	const createFolder = (name: string) => ({
		op: 'callTool' as const,
		suffix: 'create_folder',
		args: { parent_folder_hash: env.sim.demo.folders.documents.hash, folder_name: name },
		write: true,
	});
	const folderNames = () =>
		env.sim.storage.listChildren(env.sim.demo.folders.documents.hash).map((item: any) => item.name);

	it('a connection lost after the write committed: uncertain error, sent once, the folder exists', async () => {
		env.sim.faults.add({ match: { mcpTool: 'svc_create_folder' }, fault: { kind: 'dropAfterCommit' } });
		const [result] = await probe(apiCredentials(env), [createFolder('Dropped')]);
		expect(result).toMatchObject({ ok: false, uncertain: true });
		expect(result.message).toMatch(/^The connection to Svc MCP was lost while trying to call svc_create_folder/);
		expect(mcpMethods(env).filter((method) => method === 'tools/call:svc_create_folder')).toHaveLength(1);
		expect(folderNames()).toContain('Dropped');
	});

	it('a 500 after the write committed: uncertain error, sent once', async () => {
		env.sim.faults.add({ match: { mcpTool: 'svc_create_folder' }, fault: { kind: 'status500AfterCommit' } });
		const [result] = await probe(apiCredentials(env), [createFolder('Failed')]);
		expect(result).toMatchObject({ ok: false, uncertain: true, httpCode: '500' });
		expect(mcpMethods(env)).toEqual(['tools/call:svc_create_folder']);
	});

	it('a timeout on a write: uncertain error, sent once', async () => {
		env.sim.faults.add({ match: { mcpTool: 'svc_create_folder' }, fault: { kind: 'delay', ms: 1500 } });
		const [result] = await probe(apiCredentials(env), [{ ...createFolder('Slow'), timeoutMs: 300 }]);
		expect(result).toMatchObject({ ok: false, uncertain: true });
		expect(result.message).toMatch(/did not answer in time/);
		expect(mcpMethods(env)).toEqual(['tools/call:svc_create_folder']);
	});

	it('status "uncertain" from a DVS write is an uncertain error', async () => {
		const task = env.sim.dvs.seed.orgA.tasks.design;
		env.sim.faults.add({ match: { mcpTool: 'svc_dvs_add_comment' }, fault: { kind: 'mcpUncertain' } });
		const [result] = await probe(dvsCredentials(env), [
			{ op: 'callTool', suffix: 'dvs_add_comment', args: { dvs_document_id: task, comment: 'Checked' }, write: true },
		]);
		expect(result).toMatchObject({ ok: false, uncertain: true, code: 'uncertain' });
		expect(result.message).toBe(
			'Svc MCP could not confirm whether svc_dvs_add_comment took effect (status "uncertain")',
		);
		expect(mcpMethods(env)).toEqual(['tools/call:svc_dvs_add_comment']);
	});

	it('a read is sent once more after a lost connection', async () => {
		env.sim.faults.add({ match: { mcpTool: 'svc_get_root_folder' }, fault: { kind: 'dropBeforeCommit' } });
		const [result] = await probe(apiCredentials(env), [{ op: 'callTool', suffix: 'get_root_folder' }]);
		expect(ok(result).structured.folder.is_root).toBe(true);
		expect(mcpMethods(env)).toEqual(['tools/call:svc_get_root_folder', 'tools/call:svc_get_root_folder']);
	});

	it('returns the write status for the caller (created / unchanged)', async () => {
		const file = env.sim.demo.files.legacyNotes;
		const [created, unchanged] = await probe(apiCredentials(env), [
			createFolder('Fresh'),
			{ op: 'callTool', suffix: 'rename_file', args: { file_hash: file.hash, file_name: file.name }, write: true },
		]);
		expect(ok(created)).toMatchObject({ status: 'created', structured: { item: { name: 'Fresh', type: 'folder' } } });
		expect(ok(unchanged).status).toBe('unchanged');
	});
});

describe('write error codes reach the caller (mcpErrorCode)', () => {
	it('name_conflict, permission_denied, file_locked, ownership_transfer_denied, virus_detected, invalid_source', async () => {
		await start();
		const { demo, storage } = env.sim;
		storage.setFileLocked(demo.files.legacyNotes.hash);
		const foreign = storage.createFolder(demo.keys.userId, demo.keys.rootFolderHash, 'Inbox', 'PRIVATE');
		storage.grantRead(foreign.hash, (id: number) => id === demo.pro.userId);
		const results = await probe(apiCredentials(env), [
			{
				op: 'callTool',
				suffix: 'create_folder',
				args: { parent_folder_hash: demo.pro.rootFolderHash, folder_name: 'Documents' },
				write: true,
			},
			{
				op: 'callTool',
				suffix: 'upload_file',
				args: { folder_hash: demo.pro.rootFolderHash, file_name: 'a.txt', content: 'a', encoding: 'utf8' },
				write: true,
			},
			{
				op: 'callTool',
				suffix: 'rename_file',
				args: { file_hash: demo.files.legacyNotes.hash, file_name: 'renamed.txt' },
				write: true,
			},
			{
				op: 'callTool',
				suffix: 'move_file',
				args: { file_hash: demo.files.contract.hash, target_folder_hash: foreign.hash },
				write: true,
			},
			{
				op: 'callTool',
				suffix: 'upload_file',
				args: {
					folder_hash: demo.folders.documents.hash,
					file_name: 'eicar.txt',
					content: EICAR_TEST_STRING,
					encoding: 'utf8',
				},
				write: true,
			},
			{
				op: 'callTool',
				suffix: 'import_file',
				args: { folder_hash: demo.folders.documents.hash, file_name: 'x.txt', source_url: 'http://example.com/x.txt' },
				write: true,
			},
		]);
		expect(results.map((result) => result.code)).toEqual([
			'name_conflict',
			'permission_denied',
			'file_locked',
			'ownership_transfer_denied',
			'virus_detected',
			'invalid_source',
		]);
		expect(results.every((result) => !result.ok && result.uncertain === false)).toBe(true);
		expect(results[0].message).toBe(
			'svc_create_folder failed: an item with this name already exists at the destination (name_conflict)',
		);
		expect(results[4].message).toBe(
			"svc_upload_file failed: the service's antivirus found a virus in the file; it was not stored (virus_detected)",
		);
	});

	it('file_too_large and quota_exceeded', async () => {
		await start();
		const { demo, limits } = env.sim;
		const upload = {
			op: 'callTool' as const,
			suffix: 'upload_file',
			args: {
				folder_hash: demo.folders.documents.hash,
				file_name: 'big.txt',
				content: 'hello world',
				encoding: 'utf8',
			},
			write: true,
		};
		limits.maxFileBytes = 4;
		const [tooLarge] = await probe(apiCredentials(env), [upload]);
		limits.maxFileBytes = 1024 * 1024;
		limits.maxFolderBytes = 10;
		const [quota] = await probe(apiCredentials(env), [upload]);
		expect(tooLarge).toMatchObject({
			code: 'file_too_large',
			message: 'svc_upload_file failed: the file is too large (file_too_large)',
		});
		expect(quota).toMatchObject({
			code: 'quota_exceeded',
			message: "svc_upload_file failed: the account's storage quota is used up (quota_exceeded)",
		});
	});

	it('source_unavailable', async () => {
		await start({
			mcpDeps: { resolveHost: async () => ['93.184.216.34'], fetchSource: async () => ({ status: 404 }) },
		});
		const [result] = await probe(apiCredentials(env), [
			{
				op: 'callTool',
				suffix: 'import_file',
				args: {
					folder_hash: env.sim.demo.folders.documents.hash,
					file_name: 'x.txt',
					source_url: 'https://files.example.org/x.txt',
				},
				write: true,
			},
		]);
		expect(result).toMatchObject({
			code: 'source_unavailable',
			message: 'svc_import_file failed: the import source could not be fetched (source_unavailable)',
		});
	});
});

describe('429', () => {
	useWarpedTime(1000, 500);

	it('waits the seconds named in the JSON-RPC message (no Retry-After header) and goes on', async () => {
		await start();
		let refused = 0;
		const proxy = await startProxy(env.sim.baseUrl, ({ body }) => {
			if (body?.method !== 'tools/call' || refused > 0) return undefined;
			refused++;
			return {
				status: 429,
				json: {
					jsonrpc: '2.0',
					id: body.id,
					error: { code: -32029, message: 'Rate limit exceeded (search). Retry after 1 seconds.' },
				},
			};
		});
		try {
			warpedDelays();
			const [result] = await probe({ svcMcpApi: { ...apiCredentials(env).svcMcpApi, baseUrl: proxy.baseUrl } }, [
				{ op: 'callTool', suffix: 'get_root_folder' },
			]);
			expect(ok(result).toolName).toBe('svc_get_root_folder');
			expect(warpedDelays()).toContain(1000);
			expect(proxy.received).toHaveLength(2);
		} finally {
			await proxy.close();
		}
	});

	it('reads the wait from the message, the data or Retry-After', () => {
		const response = (body: unknown, headers: Record<string, string> = {}) => ({
			status: 429,
			headers,
			body: JSON.stringify(body),
		});
		expect(
			mcpRetryAfterSeconds(response({ error: { code: -32029, message: 'Slow down. Retry after 7 seconds.' } })),
		).toBe(7);
		expect(
			mcpRetryAfterSeconds(response({ error: { code: -32029, message: 'x', data: { retry_after_seconds: 3 } } })),
		).toBe(3);
		expect(mcpRetryAfterSeconds(response({ error: { code: -32029, message: 'x' } }, { 'retry-after': '5' }))).toBe(5);
	});

	it('gives up with a clear error when the service asks for longer than the cap', async () => {
		await start();
		env.sim.faults.add({
			match: { mcpTool: 'svc_get_root_folder' },
			fault: { kind: 'rateLimit', retryAfterSeconds: 120 },
		});
		const [result] = await probe(apiCredentials(env), [{ op: 'callTool', suffix: 'get_root_folder' }]);
		expect(result).toMatchObject({ ok: false, httpCode: '429' });
		expect(result.message).toBe(
			'Svc MCP is rate-limiting requests (429) and still refused to call svc_get_root_folder after 1 tries',
		);
		expect(result.description).toMatch(/It asked to wait 120 s/);
	});

	it('gives up after the bounded number of tries', async () => {
		await start();
		env.sim.faults.add({
			match: { mcpTool: 'svc_get_root_folder' },
			fault: { kind: 'rateLimit', retryAfterSeconds: 0 },
			times: 10,
		});
		const [result] = await probe(apiCredentials(env), [{ op: 'callTool', suffix: 'get_root_folder' }]);
		expect(result.message).toMatch(/still refused to call svc_get_root_folder after 4 tries/);
	});
});

describe("429 against the simulator's clock", () => {
	// The node's 429 waits are warped, and the simulator's clock moves on by what they skipped, so the
	// per-minute bucket sees whole minutes pass without a real one.
	useWarpedTime(1000);

	it("waits out the simulator's per-minute bucket", async () => {
		await start({ now: warpedNow });
		const steps = Array.from({ length: 32 }, () => ({
			op: 'callTool' as const,
			suffix: 'search_files',
			args: { query: 'contract' },
		}));
		const results = await probe(apiCredentials(env), steps);
		expect(results.every((result) => result.ok)).toBe(true);
		expect(env.sim.requests.some((entry) => entry.status === 429)).toBe(true);
	});
});

describe('which tools are safe to send again (toolCatalogue.ts isReadOnlyTool)', () => {
	it.each([
		['svc_get_root_folder', undefined, true],
		['acme_dvs_list_documents', undefined, true],
		['svc_create_folder', undefined, false],
		['svc_dvs_upload_file', undefined, false],
		['acme_lookup', { readOnlyHint: true }, true],
		['svc_read_file', { readOnlyHint: false }, false],
		['svc_create_folder', { destructiveHint: false }, false],
	] as const)('%s with annotations %j: %s', (name, annotations, readOnly) => {
		expect(isReadOnlyTool(name, annotations ? { name, inputSchema: { type: 'object' }, annotations } : undefined)).toBe(
			readOnly,
		);
	});
});
