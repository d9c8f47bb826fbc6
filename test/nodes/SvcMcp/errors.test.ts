/* eslint-disable @typescript-eslint/no-explicit-any -- this test reads service answers of every shape */
import { EICAR_TEST_STRING } from '../../../devkit/simulator/storage/uploadPolicy';
import { apiCredentials, mcpMethods, mcpRequests, runMcp, toolCall, useMcpEnv } from './env';

const env = useMcpEnv();

const call = toolCall;

describe('tool errors through the node', () => {
	it('name_conflict and virus_detected read clearly; Continue On Fail keeps going', async () => {
		const { demo } = env.sim;
		const result = await runMcp(
			env,
			call('svc_create_folder', { parent_folder_hash: demo.pro.rootFolderHash, folder_name: 'Documents' }),
		);
		// svc_create_folder runs as Folder → Create does (services/mcp/toolWrites.ts), saying what it could not create.
		expect(result.error?.message).toBe(
			'Could not create the folder "Documents": an item with that name already exists there (name_conflict)',
		);
		const virus = await runMcp(
			env,
			call('svc_upload_file', {
				folder_hash: demo.folders.documents.hash,
				file_name: 'eicar.txt',
				content: EICAR_TEST_STRING,
				encoding: 'utf8',
			}),
			{ continueOnFail: true },
		);
		expect(virus.items[0].json.error).toBe(
			"svc_upload_file failed: the service's antivirus found a virus in the file; it was not stored (virus_detected)",
		);
	});

	it('says the deployment has MCP writes disabled', async () => {
		env.sim.mcp.settings.writesEnabled = false;
		const result = await runMcp(
			env,
			call('svc_create_folder', { parent_folder_hash: env.sim.demo.pro.rootFolderHash, folder_name: 'X' }),
		);
		expect(result.error?.message).toBe(
			'Svc MCP offers no tool "svc_create_folder": the service has MCP writes disabled (SVC_MCP_WRITES_ENABLED=1 on the deployment)',
		);
		expect(mcpMethods(env)).toEqual(['tools/call:svc_create_folder']);
	});

	it('a 500 after a write: says it may have been carried out, and does not send it again', async () => {
		env.sim.faults.add({ match: { mcpTool: 'svc_create_folder' }, fault: { kind: 'status500AfterCommit' } });
		const result = await runMcp(
			env,
			call('svc_create_folder', { parent_folder_hash: env.sim.demo.folders.documents.hash, folder_name: 'Maybe' }),
		);
		// svc_create_folder is a create: its unknown outcome is settled by reading the folder back, never by a resend.
		expect(result.error?.message ?? 'settled').toMatch(/^Outcome uncertain|settled/);
		expect(mcpMethods(env).filter((method) => method === 'tools/call:svc_create_folder')).toEqual([
			'tools/call:svc_create_folder',
		]);
		expect(
			env.sim.storage.listChildren(env.sim.demo.folders.documents.hash).filter((e) => e.name === 'Maybe'),
		).toHaveLength(1);
	});

	it('a request over the 1 MB limit is refused before it is sent (the service would answer 413)', async () => {
		const result = await runMcp(env, call('svc_search_docs', { query: 'x'.repeat(1_100_000) }));
		expect(result.error?.message).toMatch(
			/^The request to call svc_search_docs would be 1\.05 MiB, more than the 1\.00 MiB the MCP endpoint takes/,
		);
		expect(mcpRequests(env)).toEqual([]);
	});

	it('404 when the Base URL is not the service', async () => {
		env.sim.mount('/api/mcp', async () => ({ status: 404, json: { error: 'not found' } }));
		const result = await runMcp(env, call('svc_get_root_folder', {}));
		expect(result.error?.message).toBe(
			"No MCP endpoint answered at the credential's endpoint (404) while trying to call svc_get_root_folder",
		);
	});

	it('403 for an account whose e-mail is not confirmed', async () => {
		const account = env.sim.accounts.get(env.sim.demo.pro.userId)!;
		(account as any).confirmed = false;
		const result = await runMcp(env, call('svc_get_root_folder', {}), { credentials: apiCredentials(env) });
		expect(result.error?.httpCode).toBe('403');
		expect(result.error?.message).toMatch(
			/^Svc MCP refused access while trying to call svc_get_root_folder \(403\): Forbidden: The account e-mail address is not confirmed$/,
		);
	});
});
