import type { Account } from '../accounts';
import { createAccount } from '../seed';
import { startSimulator, type Simulator } from '../server';
import { basicAuth, callForm } from '../storage/client';

let sim: Simulator;
let owner: Account;
let stranger: Account;

beforeAll(async () => {
	sim = await startSimulator();
	owner = createAccount(sim, { plan: 'PRO' });
	stranger = createAccount(sim);
});

afterAll(async () => {
	await sim.close();
});

const as = (account: Account) => basicAuth(account.login, account.password);
const v2 = (action: string, form: Record<string, string | undefined>, account: Account = owner) =>
	callForm(sim.baseUrl, `/api_v2/${action}`, form, { headers: as(account) });

describe('create_folder', () => {
	it('creates under ROOT by default with 32-hex keys and the requested name', async () => {
		const response = await v2('create_folder', { folder_name: 'Invoices' });
		expect(response.status).toBe(200);
		expect(response.json).toMatchObject({ folder_name: 'Invoices', access_type: 'PRIVATE' });
		expect(response.json.folder_edit_key).toMatch(/^[0-9a-f]{32}$/);
		expect(response.json.folder_upload_key).toMatch(/^[0-9a-f]{32}$/);
		const stored = sim.storage.getFolder(response.json.folder_hash)!;
		expect(stored).toMatchObject({
			parentHash: owner.rootFolderHash,
			ownerId: owner.id,
			createdBy: owner.id,
			name: 'Invoices',
		});
	});

	it('generates a name when folder_name is omitted or empty after normalization', async () => {
		const omitted = await v2('create_folder', {});
		const blank = await v2('create_folder', { folder_name: ' /// ' });
		for (const response of [omitted, blank]) {
			expect(response.status).toBe(200);
			expect(response.json.folder_name).toMatch(/^Folder [a-z0-9]{8}$/);
		}
	});

	it('accepts PRIVATE and LINK access types, refuses others with 400', async () => {
		const link = await v2('create_folder', { folder_name: 'Public', access_type: 'LINK' });
		expect(sim.storage.getFolder(link.json.folder_hash)!.accessType).toBe('LINK');
		expect((await v2('create_folder', { access_type: 'PUBLIC' })).status).toBe(400);
		expect((await v2('create_folder', { access_type: 'link' })).status).toBe(400);
	});

	it('creates under a given parent; unknown or foreign parents answer 405', async () => {
		const parent = await v2('create_folder', { folder_name: 'Parent' });
		const child = await v2('create_folder', { folder_name: 'Child', parent_folder_hash: parent.json.folder_hash });
		expect(sim.storage.getFolder(child.json.folder_hash)!.parentHash).toBe(parent.json.folder_hash);
		expect((await v2('create_folder', { parent_folder_hash: 'doesNotExist123' })).status).toBe(405);
		const before = sim.storage.listChildren(owner.rootFolderHash).length;
		expect((await v2('create_folder', { parent_folder_hash: owner.rootFolderHash }, stranger)).status).toBe(405);
		expect(sim.storage.listChildren(owner.rootFolderHash)).toHaveLength(before);
	});

	it('normalizes names and keeps them unique among siblings', async () => {
		const parent = sim.storage.createFolder(owner.id, owner.rootFolderHash, 'Names', 'PRIVATE');
		const names: string[] = [];
		for (const requested of [
			'  Q1   report: "final"  ',
			'Q1 report final',
			'q1 REPORT final',
			'a\u0000b/c\\d*e?f<g>h|i',
		]) {
			const response = await v2('create_folder', { folder_name: requested, parent_folder_hash: parent.hash });
			names.push(response.json.folder_name);
		}
		expect(names).toEqual(['Q1 report final', 'Q1 report final (1)', 'q1 REPORT final (2)', 'abcdefghi']);
		const long = await v2('create_folder', { folder_name: 'x'.repeat(400), parent_folder_hash: parent.hash });
		expect(long.json.folder_name).toHaveLength(255);
	});

	it('uses opaque hashes of varying length', async () => {
		const lengths = new Set<number>();
		for (let i = 0; i < 40; i++) {
			const response = await v2('create_folder', {});
			expect(response.json.folder_hash).toMatch(/^[0-9A-Za-z]{10,24}$/);
			lengths.add(response.json.folder_hash.length);
		}
		expect(lengths.size).toBeGreaterThan(3);
	});

	it('answers GET with 405 and an empty body', async () => {
		const response = await callForm(sim.baseUrl, '/api_v2/create_folder', {}, { method: 'GET', headers: as(owner) });
		expect(response.status).toBe(405);
		expect(response.text).toBe('');
	});

	it('answers 401 without credentials', async () => {
		expect((await callForm(sim.baseUrl, '/api_v2/create_folder', { folder_name: 'x' })).status).toBe(401);
	});
});

describe('create_folder rate limit', () => {
	it('answers 429 with Retry-After past the per-account rate, and recovers after the window', async () => {
		let now = Date.now();
		const limited = await startSimulator({ createFolderRatePerMinute: 3, timeScale: 0.02, now: () => now });
		try {
			const account = createAccount(limited);
			const other = createAccount(limited);
			const create = (who: Account) =>
				callForm(limited.baseUrl, '/api_v2/create_folder', {}, { headers: basicAuth(who.login, who.password) });
			for (let i = 0; i < 3; i++) expect((await create(account)).status).toBe(200);
			const refused = await create(account);
			expect(refused.status).toBe(429);
			expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
			expect(limited.storage.listChildren(account.rootFolderHash)).toHaveLength(3);
			expect((await create(other)).status).toBe(200);
			now += 1300;
			expect((await create(account)).status).toBe(200);
		} finally {
			await limited.close();
		}
	});
});

describe('get_folder_content and get_folder_info', () => {
	it('lists direct children only, folders then files, with access_rights on request', async () => {
		const top = sim.storage.createFolder(owner.id, owner.rootFolderHash, 'Top', 'PRIVATE');
		const inner = sim.storage.createFolder(owner.id, top.hash, 'Inner', 'LINK');
		sim.storage.addFile(owner.id, inner.hash, 'deep.txt', Buffer.from('deep'));
		const file = sim.storage.addFile(owner.id, top.hash, 'a.txt', Buffer.from('hello'));
		const plain = await v2('get_folder_content', { folder_hash: top.hash });
		expect(plain.status).toBe(200);
		expect(plain.json).toEqual([
			expect.objectContaining({
				type: 'folder',
				folder_hash: inner.hash,
				folder_name: 'Inner',
				access_type: 'LINK',
				size: 4,
			}),
			expect.objectContaining({
				type: 'file',
				file_hash: file.hash,
				file_name: 'a.txt',
				size: 5,
				mime_type: 'text/plain',
				timestamp_uploaded: expect.any(Number),
				created_by: owner.id,
			}),
		]);
		expect(plain.json[0].access_rights).toBeUndefined();
		const withRights = await v2('get_folder_content', { folder_hash: top.hash, get_access_rights: '1' });
		expect(withRights.json[1].access_rights).toMatchObject({ is_owner: true, can_download: true });
	});

	it("answers 400 without folder_hash, 403 for another account's folder, 405 for an unknown one", async () => {
		expect((await v2('get_folder_content', {})).status).toBe(400);
		expect((await v2('get_folder_content', { folder_hash: owner.rootFolderHash }, stranger)).status).toBe(403);
		expect((await v2('get_folder_content', { folder_hash: 'unknownHash000' })).status).toBe(405);
		expect((await v2('get_folder_info', {})).status).toBe(400);
		expect((await v2('get_folder_info', { folder_hash: owner.rootFolderHash }, stranger)).status).toBe(403);
		expect((await v2('get_folder_info', { folder_hash: 'unknownHash000' })).status).toBe(405);
	});

	it('describes a folder with its keys and counts', async () => {
		const folder = sim.storage.createFolder(owner.id, owner.rootFolderHash, 'Described', 'PRIVATE');
		sim.storage.addFile(owner.id, folder.hash, 'one.pdf', Buffer.from('%PDF'));
		const response = await v2('get_folder_info', { folder_hash: folder.hash, get_access_rights: 'true' });
		expect(response.json).toMatchObject({
			folder_hash: folder.hash,
			folder_name: 'Described',
			folder_edit_key: folder.editKey,
			folder_upload_key: folder.uploadKey,
			parent_folder_hash: owner.rootFolderHash,
			is_root: false,
			file_count: 1,
			folder_count: 0,
			access_rights: expect.any(Object),
		});
		const root = await v2('get_folder_info', { folder_hash: owner.rootFolderHash, get_access_rights: '1' });
		expect(root.json).toMatchObject({
			is_root: true,
			parent_folder_hash: null,
			access_rights: { can_edit: false, can_delete: false },
		});
	});
});

describe('rename_folder', () => {
	it('prefers folder_name over the name alias and returns the final unique name', async () => {
		const folder = sim.storage.createFolder(owner.id, owner.rootFolderHash, 'Before', 'PRIVATE');
		sim.storage.createFolder(owner.id, owner.rootFolderHash, 'Taken', 'PRIVATE');
		const both = await v2('rename_folder', { folder_hash: folder.hash, folder_name: 'Taken', name: 'Ignored' });
		expect(both.json).toEqual({ folder_hash: folder.hash, folder_name: 'Taken (1)' });
		const alias = await v2('rename_folder', { folder_hash: folder.hash, name: 'Via alias' });
		expect(alias.json.folder_name).toBe('Via alias');
		expect(sim.storage.getFolder(folder.hash)!.name).toBe('Via alias');
		const same = await v2('rename_folder', { folder_hash: folder.hash, folder_name: 'Via alias' });
		expect(same.json.folder_name).toBe('Via alias');
	});

	it('refuses ROOT with 405, missing parameters with 400, foreign folders with 405', async () => {
		expect((await v2('rename_folder', { folder_hash: owner.rootFolderHash, folder_name: 'x' })).status).toBe(405);
		expect(sim.storage.getFolder(owner.rootFolderHash)!.name).toBe('ROOT');
		const folder = sim.storage.createFolder(owner.id, owner.rootFolderHash, 'Mine', 'PRIVATE');
		expect((await v2('rename_folder', { folder_hash: folder.hash })).status).toBe(400);
		expect((await v2('rename_folder', { folder_name: 'x' })).status).toBe(400);
		expect((await v2('rename_folder', { folder_hash: folder.hash, folder_name: 'Stolen' }, stranger)).status).toBe(405);
		expect(sim.storage.getFolder(folder.hash)!.name).toBe('Mine');
	});

	it('accepts the folder_edit_key instead of user credentials', async () => {
		const folder = sim.storage.createFolder(owner.id, owner.rootFolderHash, 'Keyed', 'PRIVATE');
		const wrong = await callForm(sim.baseUrl, '/api_v2/rename_folder', {
			folder_hash: folder.hash,
			folder_name: 'x',
			folder_edit_key: 'f'.repeat(32),
		});
		expect(wrong.status).toBe(401);
		const right = await callForm(sim.baseUrl, '/api_v2/rename_folder', {
			folder_hash: folder.hash,
			folder_name: 'Renamed by key',
			folder_edit_key: folder.editKey,
		});
		expect(right.status).toBe(200);
		expect(sim.requests[sim.requests.length - 1].auth).toBe('editKey');
		expect(sim.storage.getFolder(folder.hash)!.name).toBe('Renamed by key');
	});
});

describe('delete_folder', () => {
	it('deletes the folder and its contents (kept as deleted)', async () => {
		const folder = sim.storage.createFolder(owner.id, owner.rootFolderHash, 'Doomed', 'PRIVATE');
		const sub = sim.storage.createFolder(owner.id, folder.hash, 'Sub', 'PRIVATE');
		const file = sim.storage.addFile(owner.id, sub.hash, 'inside.txt', Buffer.from('x'));
		const response = await v2('delete_folder', { folder_hash: folder.hash });
		expect(response.status).toBe(200);
		expect(response.json).toMatchObject({ success: true });
		expect(sim.storage.getFolder(folder.hash)).toBeUndefined();
		expect(sim.storage.getFolder(sub.hash)).toBeUndefined();
		expect(sim.storage.getFile(file.hash)).toBeUndefined();
		expect(sim.storage.getFile(file.hash, true)!.deletedAt).not.toBeNull();
		expect(sim.storage.findChildByName(owner.rootFolderHash, 'Doomed')).toBeUndefined();
		expect((await v2('get_folder_info', { folder_hash: folder.hash })).status).toBe(405);
	});

	it('refuses ROOT with 405, foreign folders with 403, missing hash with 400', async () => {
		expect((await v2('delete_folder', { folder_hash: owner.rootFolderHash })).status).toBe(405);
		const folder = sim.storage.createFolder(owner.id, owner.rootFolderHash, 'Kept', 'PRIVATE');
		expect((await v2('delete_folder', { folder_hash: folder.hash }, stranger)).status).toBe(403);
		expect(sim.storage.getFolder(folder.hash)).toBeDefined();
		expect((await v2('delete_folder', {})).status).toBe(400);
	});
});

describe('get_upload_id.php (V1 create folder)', () => {
	it('creates a folder under parent_hash or ROOT', async () => {
		const response = await callForm(sim.baseUrl, '/api/get_upload_id.php', {
			user: owner.login,
			pass: owner.password,
			folder_name: 'From V1',
		});
		expect(response.status).toBe(200);
		expect(response.json.upload_id).toBe(response.json.folder_hash);
		expect(sim.storage.getFolder(response.json.folder_hash)).toMatchObject({
			name: 'From V1',
			parentHash: owner.rootFolderHash,
		});
		const nested = await callForm(sim.baseUrl, '/api/get_upload_id.php', {
			user: owner.login,
			pass: owner.password,
			folder_name: 'Nested',
			parent_hash: response.json.folder_hash,
		});
		expect(sim.storage.getFolder(nested.json.folder_hash)!.parentHash).toBe(response.json.folder_hash);
		expect((await callForm(sim.baseUrl, '/api/get_upload_id.php', { folder_name: 'x' })).status).toBe(401);
	});
});

describe('routing', () => {
	it('answers unknown actions and scripts with 404', async () => {
		expect((await v2('no_such_action', {})).status).toBe(404);
		expect((await callForm(sim.baseUrl, '/api/no_such_script.php', {})).status).toBe(404);
		expect((await callForm(sim.baseUrl, '/save_file.php', {})).status).toBe(404);
	});
});
