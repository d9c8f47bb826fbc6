import type { Account } from '../accounts';
import { startServiceSimulator, type ServiceSimulator } from '../index';
import { McpTestClient } from '../mcp/testing/client';
import { DownloadLinks } from '../mcp';
import { storageWriteToolsAfterImport, storageWriteToolsBeforeImport } from '../mcp/tools/storageWrite';
import { freshUser, mcpClientFor, ok, toolError } from '../mcp/testing';
import { QUOTA_MB } from '../storage/plans';
import { basicAuth, callForm, callMultipart } from '../storage/client';
import { EICAR_TEST_STRING } from '../storage/uploadPolicy';

let sim: ServiceSimulator;

/** The import hooks of the MCP endpoint: no real network in tests. */
const IMPORT_HOSTS: Record<string, string> = {
	'files.example.com': '93.184.216.34',
	'intranet.example.com': '10.1.2.3',
};

beforeAll(async () => {
	sim = await startServiceSimulator({
		mcpDeps: {
			resolveHost: async (host) => {
				const address = IMPORT_HOSTS[host];
				if (!address) throw new Error(`ENOTFOUND ${host}`);
				return [address];
			},
			fetchSource: async ({ url }) =>
				new URL(url).pathname === '/report.csv'
					? { status: 200, contentType: 'text/csv', body: Buffer.from('a,b\n1,2\n') }
					: { status: 404 },
		},
	});
});
afterAll(() => sim.close());

const defaultLimits = { maxFileBytes: 1024 * 1024 * 1024, maxFolderBytes: 4 * 1024 * 1024 * 1024 };
beforeEach(() => {
	sim.faults.clear();
	Object.assign(sim.limits, defaultLimits);
	Object.assign(sim.mcp.settings, {
		writesEnabled: true,
		dvsEnabled: true,
		dvsWritesEnabled: true,
		oauthEnabled: true,
	});
});

const rest = (account: Account, action: string, form: Record<string, string>) =>
	callForm(sim.baseUrl, `/api_v2/${action}`, form, { headers: basicAuth(account.login, account.password) });
const restUpload = (account: Account, folderHash: string, name: string, content: Buffer | string) =>
	callMultipart(sim.baseUrl, '/api_v2/upload_file', { folder_hash: folderHash }, [{ name, content }], {
		headers: basicAuth(account.login, account.password),
	});
const names = (items: Array<{ name: string }>) => items.map((item) => item.name);

/** A user with one folder (created over REST) under ROOT. */
async function userWithFolder(folderName = 'Inbox', overrides = {}) {
	const user = freshUser(sim, overrides);
	const created = await rest(user.account, 'create_folder', { folder_name: folderName });
	expect(created.status).toBe(200);
	return { ...user, folderHash: created.json.folder_hash as string };
}

describe('one state, two surfaces', () => {
	it('lists over MCP what REST created, and REST lists what MCP created, in the same order', async () => {
		const { account, mcp, folderHash } = await userWithFolder('Reports');
		await restUpload(account, folderHash, 'q1.txt', 'first quarter');
		const made = await ok(mcp, 'svc_create_folder', { parent_folder_hash: folderHash, folder_name: 'Archive' });
		expect(made).toMatchObject({
			status: 'created',
			item: { type: 'folder', name: 'Archive', parent_folder_hash: folderHash, access_type: 'PRIVATE' },
		});
		const uploaded = await ok(mcp, 'svc_upload_file', {
			folder_hash: folderHash,
			file_name: 'q2.txt',
			content: 'second quarter',
			encoding: 'utf8',
		});

		const listing = await ok(mcp, 'svc_list_folder', { folder_hash: folderHash });
		expect(names(listing.items)).toEqual(['Archive', 'q1.txt', 'q2.txt']);
		const content = await rest(account, 'get_folder_content', { folder_hash: folderHash });
		expect(content.json.map((e: { folder_name?: string; file_name?: string }) => e.folder_name ?? e.file_name)).toEqual(
			['Archive', 'q1.txt', 'q2.txt'],
		);

		const download = await rest(account, 'download_file', { file_hash: uploaded.item.hash });
		expect(download.text).toBe('second quarter');
		const read = await mcp.tool('svc_read_file', { file_hash: content.json[1].file_hash });
		expect(read.content[0]).toEqual({ type: 'text', text: 'first quarter' });
	});

	it('shows the demo data to the demo PRO user over MCP', async () => {
		const pro = mcpClientFor(sim, sim.accounts.get(sim.demo.pro.userId)!);
		const root = await ok(pro, 'svc_get_root_folder');
		expect(root.folder).toMatchObject({
			hash: sim.demo.pro.rootFolderHash,
			is_root: true,
			access: { can_add: true, can_edit: false },
		});
		const listing = await ok(pro, 'svc_list_folder', { folder_hash: sim.demo.pro.rootFolderHash });
		expect(names(listing.items)).toEqual(expect.arrayContaining(['Documents', 'Shared', 'Images']));
		const contract = await ok(pro, 'svc_get_file_info', { file_hash: sim.demo.files.contract.hash });
		expect(contract.file).toMatchObject({
			name: 'contract.pdf',
			mime_type: 'application/pdf',
			access: { can_edit: true, can_download: true },
		});
		expect(contract.file.created_at).toBe(new Date(sim.demo.files.contract.uploadedAt * 1000).toISOString());
	});

	it("hides other accounts' items: not_found, like an unknown hash", async () => {
		const { folderHash } = await userWithFolder('Private');
		const stranger = freshUser(sim);
		expect((await toolError(stranger.mcp, 'svc_list_folder', { folder_hash: folderHash })).code).toBe('not_found');
		expect((await toolError(stranger.mcp, 'svc_get_file_info', { file_hash: sim.demo.files.contract.hash })).code).toBe(
			'not_found',
		);
	});

	it('finds REST uploads with svc_search_files (own items only, names word by word)', async () => {
		const { account, mcp, folderHash } = await userWithFolder('Search');
		await restUpload(account, folderHash, 'Quarterly Budget 2026.xlsx', 'x');
		const found = await ok(mcp, 'svc_search_files', { query: 'budget quarterly' });
		expect(names(found.items)).toEqual(['Quarterly Budget 2026.xlsx']);
		const other = await ok(freshUser(sim).mcp, 'svc_search_files', { query: 'budget quarterly' });
		expect(other.items).toEqual([]);
	});
});

describe('names: MCP never auto-renames, REST does', () => {
	it('create_folder with a taken name → name_conflict; REST numbers it', async () => {
		const { account, mcp, folderHash } = await userWithFolder('Parent');
		await ok(mcp, 'svc_create_folder', { parent_folder_hash: folderHash, folder_name: 'Minutes' });
		const conflict = await toolError(mcp, 'svc_create_folder', {
			parent_folder_hash: folderHash,
			folder_name: 'MINUTES',
		});
		expect(conflict.code).toBe('name_conflict');
		const viaRest = await rest(account, 'create_folder', { parent_folder_hash: folderHash, folder_name: 'Minutes' });
		expect(viaRest.json.folder_name).toBe('Minutes (1)');
		expect(sim.storage.listChildren(folderHash).map((i) => i.name)).toEqual(['Minutes', 'Minutes (1)']);
	});

	it('upload_file with a taken name → name_conflict and nothing stored; REST numbers it', async () => {
		const { account, mcp, folderHash } = await userWithFolder('Uploads');
		await restUpload(account, folderHash, 'report.pdf', 'one');
		const conflict = await toolError(mcp, 'svc_upload_file', {
			folder_hash: folderHash,
			file_name: 'Report.PDF',
			content: 'two',
			encoding: 'utf8',
		});
		expect(conflict.code).toBe('name_conflict');
		expect(sim.storage.listChildren(folderHash)).toHaveLength(1);
		const viaRest = await restUpload(account, folderHash, 'report.pdf', 'three');
		expect(viaRest.json.file_name).toBe('report (1).pdf');
	});

	it('stores the normalized name and reports it', async () => {
		const { mcp, folderHash } = await userWithFolder();
		const made = await ok(mcp, 'svc_upload_file', {
			folder_hash: folderHash,
			file_name: 'a:b*c.txt',
			content: 'x',
			encoding: 'utf8',
		});
		expect(made.item.name).toBe('abc.txt');
		expect(
			(
				await toolError(mcp, 'svc_upload_file', {
					folder_hash: folderHash,
					file_name: 'abc.txt',
					content: 'y',
					encoding: 'utf8',
				})
			).code,
		).toBe('name_conflict');
	});
});

describe('rename and move', () => {
	it('renames files and folders: unchanged, updated, name_conflict, ROOT refused', async () => {
		const { account, mcp, folderHash } = await userWithFolder('Projects');
		const file = (await restUpload(account, folderHash, 'draft.txt', 'x')).json;
		await restUpload(account, folderHash, 'final.txt', 'y');
		expect(await ok(mcp, 'svc_rename_file', { file_hash: file.file_hash, file_name: 'draft.txt' })).toMatchObject({
			status: 'unchanged',
		});
		expect((await toolError(mcp, 'svc_rename_file', { file_hash: file.file_hash, file_name: 'FINAL.txt' })).code).toBe(
			'name_conflict',
		);
		expect(await ok(mcp, 'svc_rename_file', { file_hash: file.file_hash, file_name: 'Draft v2.txt' })).toMatchObject({
			status: 'updated',
			item: { name: 'Draft v2.txt' },
		});
		expect((await rest(account, 'get_file_info', { file_hash: file.file_hash })).json.file_name).toBe('Draft v2.txt');
		expect(await ok(mcp, 'svc_rename_folder', { folder_hash: folderHash, folder_name: 'Projects 2026' })).toMatchObject(
			{ status: 'updated' },
		);
		expect(sim.storage.getFolder(folderHash)!.name).toBe('Projects 2026');
		expect(
			(await toolError(mcp, 'svc_rename_folder', { folder_hash: account.rootFolderHash, folder_name: 'Top' })).code,
		).toBe('permission_denied');
	});

	it("moves a file keeping its name; the file takes the target folder's access type", async () => {
		const { account, mcp, folderHash } = await userWithFolder('From');
		const link = await rest(account, 'create_folder', { folder_name: 'Public', access_type: 'LINK' });
		const file = (await restUpload(account, folderHash, 'flyer.pdf', '%PDF')).json;
		expect(await ok(mcp, 'svc_move_file', { file_hash: file.file_hash, target_folder_hash: folderHash })).toMatchObject(
			{ status: 'unchanged' },
		);
		const moved = await ok(mcp, 'svc_move_file', {
			file_hash: file.file_hash,
			target_folder_hash: link.json.folder_hash,
		});
		expect(moved).toMatchObject({
			status: 'updated',
			item: { name: 'flyer.pdf', parent_folder_hash: link.json.folder_hash, access_type: 'LINK' },
		});
		// LINK files download without credentials over REST.
		const anonymous = await callForm(sim.baseUrl, '/api_v2/download_file', { file_hash: file.file_hash });
		expect(anonymous.status).toBe(200);
	});

	it('refuses a move onto a taken name, into the folder itself or a descendant, and of ROOT', async () => {
		const { account, mcp, folderHash } = await userWithFolder('A');
		const child = await ok(mcp, 'svc_create_folder', { parent_folder_hash: folderHash, folder_name: 'Child' });
		const b = await rest(account, 'create_folder', { folder_name: 'B' });
		await ok(mcp, 'svc_create_folder', { parent_folder_hash: b.json.folder_hash, folder_name: 'Child' });
		expect(
			(
				await toolError(mcp, 'svc_move_folder', {
					folder_hash: child.item.hash,
					target_folder_hash: b.json.folder_hash,
				})
			).code,
		).toBe('name_conflict');
		expect(
			(await toolError(mcp, 'svc_move_folder', { folder_hash: folderHash, target_folder_hash: child.item.hash })).code,
		).toBe('invalid_argument');
		expect(
			(await toolError(mcp, 'svc_move_folder', { folder_hash: account.rootFolderHash, target_folder_hash: folderHash }))
				.code,
		).toBe('permission_denied');
		const moved = await ok(mcp, 'svc_move_folder', { folder_hash: folderHash, target_folder_hash: b.json.folder_hash });
		expect(moved).toMatchObject({ status: 'updated', item: { parent_folder_hash: b.json.folder_hash } });
		expect(sim.storage.getFolder(folderHash)!.parentHash).toBe(b.json.folder_hash);
	});

	it('refuses moving into a visible folder of another owner: ownership_transfer_denied', async () => {
		// A DVS attachment folder is shared for reading with the organization: visible, not owned.
		const seed = sim.dvs.seed.orgA;
		const worker = freshUser(sim, { orgId: seed.orgId, dvsWriteSections: ['task', 'project_2'] });
		const own = await rest(worker.account, 'create_folder', { folder_name: 'Mine' });
		const file = (await restUpload(worker.account, own.json.folder_hash, 'note.txt', 'n')).json;
		const error = await toolError(worker.mcp, 'svc_move_file', {
			file_hash: file.file_hash,
			target_folder_hash: seed.attachedTask.uploadHash,
		});
		expect(error.code).toBe('ownership_transfer_denied');
		const shared = await ok(worker.mcp, 'svc_get_folder_info', { folder_hash: seed.attachedTask.uploadHash });
		expect(shared.folder.access).toEqual({ can_add: false, can_edit: false });
		const listing = await ok(worker.mcp, 'svc_list_folder', { folder_hash: seed.attachedTask.uploadHash });
		expect(names(listing.items)).toEqual(['spec.pdf']);
		expect(listing.items[0].access).toMatchObject({ can_edit: false, can_download: true });
	});
});

describe('write error codes over the real stores', () => {
	it('file_too_large: sim.limits.maxFileBytes', async () => {
		const { mcp, folderHash } = await userWithFolder();
		sim.limits.maxFileBytes = 10;
		expect(
			(
				await toolError(mcp, 'svc_upload_file', {
					folder_hash: folderHash,
					file_name: 'big.txt',
					content: 'x'.repeat(11),
					encoding: 'utf8',
				})
			).code,
		).toBe('file_too_large');
		expect(
			await ok(mcp, 'svc_upload_file', {
				folder_hash: folderHash,
				file_name: 'ok.txt',
				content: 'x'.repeat(10),
				encoding: 'utf8',
			}),
		).toMatchObject({ status: 'created' });
	});

	it('quota_exceeded: the folder size limit and the plan quota', async () => {
		const { account, mcp, folderHash } = await userWithFolder('Full', { plan: 'FREE' });
		sim.limits.maxFolderBytes = 20;
		await ok(mcp, 'svc_upload_file', {
			folder_hash: folderHash,
			file_name: 'a.txt',
			content: 'x'.repeat(15),
			encoding: 'utf8',
		});
		expect(
			(
				await toolError(mcp, 'svc_upload_file', {
					folder_hash: folderHash,
					file_name: 'b.txt',
					content: 'x'.repeat(6),
					encoding: 'utf8',
				})
			).code,
		).toBe('quota_exceeded');
		sim.limits.maxFolderBytes = defaultLimits.maxFolderBytes;
		// Pretend the account already stores its whole FREE quota (5120 MB) without allocating it.
		const hog = sim.storage.addFile(account.id, folderHash, 'hog.bin', Buffer.from('h'));
		(hog as { size: number }).size = QUOTA_MB.FREE * 1024 * 1024;
		expect(
			(
				await toolError(mcp, 'svc_upload_file', {
					folder_hash: folderHash,
					file_name: 'c.txt',
					content: 'c',
					encoding: 'utf8',
				})
			).code,
		).toBe('quota_exceeded');
	});

	it('virus_detected: EICAR anywhere in the content', async () => {
		const { mcp, folderHash } = await userWithFolder();
		const content = Buffer.from(`prefix ${EICAR_TEST_STRING} suffix`).toString('base64');
		expect(
			(
				await toolError(mcp, 'svc_upload_file', {
					folder_hash: folderHash,
					file_name: 'eicar.com.txt',
					content,
					encoding: 'base64',
				})
			).code,
		).toBe('virus_detected');
		expect(sim.storage.listChildren(folderHash)).toHaveLength(0);
	});

	it('file_locked: a locked file cannot be renamed or moved; REST ignores the lock', async () => {
		const { account, mcp, folderHash } = await userWithFolder('Locks');
		const other = await rest(account, 'create_folder', { folder_name: 'Elsewhere' });
		const file = (await restUpload(account, folderHash, 'locked.txt', 'l')).json;
		sim.storage.setFileLocked(file.file_hash);
		expect((await toolError(mcp, 'svc_rename_file', { file_hash: file.file_hash, file_name: 'x.txt' })).code).toBe(
			'file_locked',
		);
		expect(
			(await toolError(mcp, 'svc_move_file', { file_hash: file.file_hash, target_folder_hash: other.json.folder_hash }))
				.code,
		).toBe('file_locked');
		expect(sim.storage.getFile(file.file_hash)).toMatchObject({ name: 'locked.txt', folderHash });
		expect(
			(await rest(account, 'rename_file', { file_hash: file.file_hash, file_name: 'renamed by rest.txt' })).status,
		).toBe(200);
		sim.storage.setFileLocked(file.file_hash, false);
		expect(await ok(mcp, 'svc_rename_file', { file_hash: file.file_hash, file_name: 'x.txt' })).toMatchObject({
			status: 'updated',
		});
	});

	it('permission_denied: upload into ROOT, double extensions, encrypted folders', async () => {
		const { account, mcp, folderHash } = await userWithFolder('Safe');
		expect(
			(
				await toolError(mcp, 'svc_upload_file', {
					folder_hash: account.rootFolderHash,
					file_name: 'a.txt',
					content: 'a',
					encoding: 'utf8',
				})
			).code,
		).toBe('permission_denied');
		expect(
			(
				await toolError(mcp, 'svc_upload_file', {
					folder_hash: folderHash,
					file_name: 'invoice.pdf.exe',
					content: 'a',
					encoding: 'utf8',
				})
			).code,
		).toBe('permission_denied');
		expect(
			await ok(mcp, 'svc_create_folder', { parent_folder_hash: account.rootFolderHash, folder_name: 'At root' }),
		).toMatchObject({ status: 'created' });

		const vault = await rest(account, 'create_folder', { folder_name: 'Vault' });
		const secret = (await restUpload(account, vault.json.folder_hash, 'secret.txt', 'ciphertext')).json;
		sim.storage.setFolderEncrypted(vault.json.folder_hash);
		const info = await ok(mcp, 'svc_get_folder_info', { folder_hash: vault.json.folder_hash });
		expect(info.folder).toMatchObject({ encrypted: true, access: { can_add: false, can_edit: false } });
		expect(
			(await toolError(mcp, 'svc_create_folder', { parent_folder_hash: vault.json.folder_hash, folder_name: 'x' }))
				.code,
		).toBe('permission_denied');
		expect((await toolError(mcp, 'svc_read_file', { file_hash: secret.file_hash })).code).toBe('permission_denied');
		expect(
			(await toolError(mcp, 'svc_move_file', { file_hash: secret.file_hash, target_folder_hash: folderHash })).code,
		).toBe('permission_denied');
		expect(
			(await toolError(mcp, 'svc_move_folder', { folder_hash: folderHash, target_folder_hash: vault.json.folder_hash }))
				.code,
		).toBe('permission_denied');
	});

	it('a LINK parent forces LINK on new folders (REST keeps its PRIVATE default)', async () => {
		const { account, mcp } = freshUser(sim);
		const link = await rest(account, 'create_folder', { folder_name: 'Shared', access_type: 'LINK' });
		const made = await ok(mcp, 'svc_create_folder', {
			parent_folder_hash: link.json.folder_hash,
			folder_name: 'Inside',
		});
		expect(made.item.access_type).toBe('LINK');
		const viaRest = await rest(account, 'create_folder', {
			parent_folder_hash: link.json.folder_hash,
			folder_name: 'Rest inside',
		});
		expect(viaRest.json.access_type).toBe('PRIVATE');
	});
});

describe('imports over the real stores', () => {
	it('an imported file lands where REST lists it; a taken name is name_conflict', async () => {
		const { account, mcp, folderHash } = await userWithFolder('Imports');
		const imported = await ok(mcp, 'svc_import_file', {
			folder_hash: folderHash,
			file_name: 'report.csv',
			source_url: 'https://files.example.com/report.csv',
		});
		expect(imported).toMatchObject({ status: 'created', item: { name: 'report.csv', size: 8 } });
		expect((await rest(account, 'download_file', { file_hash: imported.item.hash })).text).toBe('a,b\n1,2\n');
		const again = await toolError(mcp, 'svc_import_file', {
			folder_hash: folderHash,
			file_name: 'report.csv',
			file: { download_url: 'https://files.example.com/report.csv', file_id: 'f-1' },
		});
		expect(again.code).toBe('name_conflict');
	});

	it('invalid_source and source_unavailable', async () => {
		const { mcp, folderHash } = await userWithFolder('Imports');
		const importFrom = (source_url: string) =>
			toolError(mcp, 'svc_import_file', { folder_hash: folderHash, file_name: 'x.csv', source_url });
		expect((await importFrom('http://files.example.com/report.csv')).code).toBe('invalid_source');
		expect((await importFrom('https://intranet.example.com/report.csv')).code).toBe('invalid_source');
		expect((await importFrom('https://unknown.example.com/report.csv')).code).toBe('source_unavailable');
		expect((await importFrom('https://files.example.com/missing.csv')).code).toBe('source_unavailable');
		expect(sim.storage.listChildren(folderHash)).toHaveLength(0);
	});
});

describe('large files: a signed download URL the simulator serves', () => {
	it('svc_read_file above max_bytes returns a URL that downloads the bytes without credentials', async () => {
		const { account, mcp, folderHash } = await userWithFolder('Big');
		const bytes = Buffer.alloc(3000, 7);
		const file = (await restUpload(account, folderHash, 'blob.bin', bytes)).json;
		const read = await ok(mcp, 'svc_read_file', { file_hash: file.file_hash, max_bytes: 1000 });
		expect(read).toMatchObject({ delivery: 'url', file: { hash: file.file_hash, size: 3000 } });
		const url = new URL(read.download_url);
		expect(url.origin).toBe(sim.baseUrl);
		expect(url.pathname).toBe(`/mcp-download/${file.file_hash}`);
		const response = await fetch(url);
		expect(response.status).toBe(200);
		expect(Buffer.from(await response.arrayBuffer()).equals(bytes)).toBe(true);
		expect(response.headers.get('content-disposition')).toContain('blob.bin');
		expect(sim.requests.at(-1)).toMatchObject({ path: url.pathname, auth: 'signedUrl', status: 200 });
		expect(sim.requests.at(-1)!.secretInQuery).toBeUndefined();

		const tampered = new URL(url);
		tampered.searchParams.set('sig', '0'.repeat(64));
		expect((await fetch(tampered)).status).toBe(403);
		const otherFile = new URL(url.toString().replace(file.file_hash, sim.demo.files.contract.hash));
		expect((await fetch(otherFile)).status).toBe(403);
		expect((await fetch(url, { method: 'POST' })).status).toBe(405);
		await rest(account, 'delete_file', { file_hash: file.file_hash });
		expect((await fetch(url)).status).toBe(404);
	});

	it('links expire (one hour × timeScale)', () => {
		let now = Date.UTC(2026, 0, 1);
		const links = new DownloadLinks(
			() => now,
			() => 60_000,
		);
		const url = new URL(links.urlFor('abc'), 'http://x');
		const check = () => links.check('abc', url.searchParams.get('expires'), url.searchParams.get('sig'));
		expect(check()).toBe('ok');
		now += 61_000;
		expect(check()).toBe('expired');
		expect(links.check('abd', url.searchParams.get('expires'), url.searchParams.get('sig'))).toBe('invalid');
	});
});

describe('the shared server around MCP', () => {
	it('logs mcpMethod and mcpTool, and applies the rateLimit fault as a JSON-RPC -32029 answer', async () => {
		const { mcp } = freshUser(sim);
		sim.faults.add({ match: { mcpTool: 'svc_get_root_folder' }, fault: { kind: 'rateLimit', retryAfterSeconds: 7 } });
		const answer = await mcp.callTool('svc_get_root_folder');
		expect(answer.status).toBe(429);
		expect(answer.headers.get('retry-after')).toBe('7');
		expect(answer.body).toMatchObject({
			jsonrpc: '2.0',
			error: { code: -32029, message: expect.stringContaining('Retry after 7 seconds') },
		});
		expect(sim.requests.at(-1)).toMatchObject({
			path: '/api/mcp',
			mcpMethod: 'tools/call',
			mcpTool: 'svc_get_root_folder',
			status: 429,
			fault: 'rateLimit',
		});
		expect((await mcp.callTool('svc_get_root_folder')).status).toBe(200);
		expect(sim.requests.at(-1)).toMatchObject({ auth: 'mcp-api-key', status: 200 });
	});

	it('dropAfterCommit on create_folder: the client gets no answer, the folder exists (read it back)', async () => {
		const { account, mcp, folderHash } = await userWithFolder();
		sim.faults.add({ match: { mcpTool: 'svc_create_folder' }, fault: { kind: 'dropAfterCommit' } });
		await expect(
			mcp.callTool('svc_create_folder', { parent_folder_hash: folderHash, folder_name: 'Written' }),
		).rejects.toThrow();
		const listing = await ok(mcp, 'svc_list_folder', { folder_hash: folderHash });
		expect(names(listing.items)).toEqual(['Written']);
		expect(sim.storage.findChildByName(folderHash, 'Written')).toMatchObject({ createdBy: account.id });
	});

	it('settings flip at run time: without writesEnabled the storage write tools disappear', async () => {
		const client = new McpTestClient(sim.baseUrl);
		const count = async () => (await client.rpc('tools/list')).body.result.tools.length as number;
		const all = await count();
		sim.mcp.settings.writesEnabled = false;
		// The storage writes (each in its file's list of tools) and svc_dvs_upload_file.
		const writes = storageWriteToolsBeforeImport.length + 1 + storageWriteToolsAfterImport.length;
		expect(await count()).toBe(all - writes - 1);
		sim.mcp.settings.dvsEnabled = false;
		expect(await count()).toBe(8);
	});
});
