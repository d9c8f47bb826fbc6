import type { INodeParameters } from 'n8n-workflow';

import { useWarpedTime, warpedDelays } from '../../../devkit/harness';
import {
	actionsSince,
	faultNext,
	byHash,
	jsonOf,
	namesIn,
	passwordCredentials,
	sim,
	storage,
	tokenCredentials,
	useSimulator,
} from './env';

useSimulator();

const root = () => sim().demo.pro.rootFolderHash;

/** A fresh folder of the PRO user (straight in the store), so tests do not share contents. */
function scratchFolder(
	name = `scratch-${Math.random().toString(36).slice(2, 8)}`,
	accessType: 'PRIVATE' | 'LINK' = 'PRIVATE',
) {
	return sim().storage.createFolder(sim().demo.pro.userId, root(), name, accessType);
}

describe('Folder: create', () => {
	/** Create Folder named `folderName` in the parent; `parameters` add the access type or options. */
	const createIn = (parentHash: string, folderName: string, parameters: INodeParameters = {}) =>
		storage({ resource: 'folder', operation: 'create', parentFolder: byHash(parentHash), folderName, ...parameters });

	it('creates in ROOT when no parent is given, PRIVATE by default, and outputs what the service stored', async () => {
		const start = sim().requests.length;
		const [out] = jsonOf(
			await storage({
				resource: 'folder',
				operation: 'create',
				folderName: 'Invoices 2026',
				options: { capabilityKeys: true },
			}),
		);
		const stored = sim().storage.getFolder(out.folder_hash as string);
		expect(stored).toMatchObject({ parentHash: root(), name: 'Invoices 2026', accessType: 'PRIVATE' });
		expect(out).toMatchObject({
			folder_hash: stored!.hash,
			folder_name: 'Invoices 2026',
			folder_edit_key: stored!.editKey,
			folder_upload_key: stored!.uploadKey,
		});
		expect(out.reconciled).toBeUndefined();
		expect(actionsSince(start).filter((action) => action === 'create_folder')).toHaveLength(1);
	});

	it('creates in the chosen parent with LINK access', async () => {
		const parent = scratchFolder();
		const [out] = jsonOf(await createIn(parent.hash, 'Public', { accessType: 'LINK' }));
		expect(sim().storage.getFolder(out.folder_hash as string)).toMatchObject({
			parentHash: parent.hash,
			accessType: 'LINK',
			name: 'Public',
		});
		expect(out.access_type).toBe('LINK');
	});

	it('lets the service pick a random name when the name is empty', async () => {
		const parent = scratchFolder();
		const [out] = jsonOf(await createIn(parent.hash, ''));
		expect(out.folder_name).toMatch(/^Folder \w+/);
		expect(namesIn(parent.hash)).toEqual([out.folder_name]);
	});

	it('outputs the normalized name and the number the service adds for a taken name', async () => {
		const parent = scratchFolder();
		sim().storage.createFolder(sim().demo.pro.userId, parent.hash, 'Reports');
		const [out] = jsonOf(await createIn(parent.hash, '  Re:ports   '));
		expect(out.folder_name).toBe('Reports (1)');
		expect(namesIn(parent.hash)).toEqual(['Reports', 'Reports (1)']);
	});

	it("maps a 400 of the service (an access type it does not know) to a clear message with the service's reason", async () => {
		const parent = scratchFolder();
		const result = await createIn(parent.hash, 'Odd', { accessType: '={{ "PUBLIC" }}' });
		expect(result.error?.message).toMatch(
			/^Svc refused the request to create the folder "Odd" as invalid \(400\): .*access_type/i,
		);
		expect(result.error?.httpCode).toBe('400');
		expect(sim().storage.listChildren(parent.hash)).toHaveLength(0);
	});

	describe('429, with waits 1,000 times faster', () => {
		useWarpedTime(1000, 500);

		it('waits out a 429 for the time the service names and creates exactly one folder', async () => {
			const parent = scratchFolder();
			faultNext('create_folder', { kind: 'rateLimit', retryAfterSeconds: 1 });
			const start = sim().requests.length;
			warpedDelays();
			const [out] = jsonOf(await createIn(parent.hash, 'Throttled'));
			expect(warpedDelays()).toEqual([1000]);
			expect(out.folder_name).toBe('Throttled');
			expect(namesIn(parent.hash)).toEqual(['Throttled']);
			const creates = sim()
				.requests.slice(start)
				.filter((entry) => entry.action === 'create_folder');
			expect(creates.map((entry) => entry.status)).toEqual([429, 200]);
		});

		it('gives a clear rate-limit error when the service keeps answering 429, and creates nothing', async () => {
			const parent = scratchFolder();
			sim().faults.add({
				match: { action: 'create_folder' },
				fault: { kind: 'rateLimit', retryAfterSeconds: 1 },
				times: 20,
			});
			const start = sim().requests.length;
			const result = await createIn(parent.hash, 'Never');
			expect(result.error?.message).toMatch(/rate-limiting requests \(429\).*create the folder "Never" after 4 tries/);
			expect(result.error?.description).toMatch(/wait 1 s/);
			expect(result.error?.httpCode).toBe('429');
			expect(sim().storage.listChildren(parent.hash)).toHaveLength(0);
			expect(actionsSince(start).filter((action) => action === 'create_folder')).toHaveLength(4);
		});

		it('logs a wait of 5 s or more, so a run that seems to hang says why', async () => {
			const parent = scratchFolder();
			faultNext('create_folder', { kind: 'rateLimit', retryAfterSeconds: 7 });
			const result = await createIn(parent.hash, 'Patient');
			expect(result.error).toBeUndefined();
			expect(result.logs.filter((line) => /429/.test(line))).toEqual([
				expect.stringMatching(/^info: Svc answered 429 \(rate limit\): waiting 7 s before trying again \(try 2 of 4\)/),
			]);
		});

		it('waits no longer than the Longest Rate Limit Wait option, and says so', async () => {
			const parent = scratchFolder();
			faultNext('create_folder', { kind: 'rateLimit', retryAfterSeconds: 30 });
			const start = sim().requests.length;
			warpedDelays();
			const result = await createIn(parent.hash, 'Hurried', { options: { rateLimitWait: 10 } });
			expect(warpedDelays()).toEqual([]);
			expect(result.error?.httpCode).toBe('429');
			expect(result.error?.description).toMatch(
				/wait 30 s; the node waits at most 10 s \(the Longest Rate Limit Wait option\)/,
			);
			expect(actionsSince(start).filter((action) => action === 'create_folder')).toHaveLength(1);
		});
	});

	it('refuses a name longer than 255 characters before any request', async () => {
		const start = sim().requests.length;
		const result = await storage({ resource: 'folder', operation: 'create', folderName: 'x'.repeat(256) });
		expect(result.error?.message).toBe('The parameter "Folder Name" is too long (256 characters)');
		expect(sim().requests.length).toBe(start);
	});
});

describe('Folder: get content', () => {
	/** Get Content of the folder with Return All on; `parameters` add to or replace that. */
	const getContent = (hash: string, parameters: INodeParameters = {}) =>
		storage({ resource: 'folder', operation: 'getContent', folder: byHash(hash), returnAll: true, ...parameters });

	function filledFolder() {
		const folder = scratchFolder();
		const pro = sim().demo.pro.userId;
		const sub = sim().storage.createFolder(pro, folder.hash, 'Sub');
		const a = sim().storage.addFile(pro, folder.hash, 'a.txt', Buffer.from('a'));
		const b = sim().storage.addFile(pro, folder.hash, 'b.txt', Buffer.from('bb'));
		return { folder, sub, a, b };
	}

	it('returns every direct entry with Return All, folders first, one item each, paired with the input', async () => {
		const { folder, sub, a, b } = filledFolder();
		sim().storage.createFolder(sim().demo.pro.userId, sub.hash, 'Deeper');
		const result = await getContent(folder.hash);
		const out = jsonOf(result);
		expect(out.map((entry) => entry.folder_name ?? entry.file_name)).toEqual(['Sub', 'a.txt', 'b.txt']);
		expect(
			out.map((entry) => entry.folder_hash === sub.hash || entry.file_hash === a.hash || entry.file_hash === b.hash),
		).toEqual([true, true, true]);
		expect(out[2]).toMatchObject({ type: 'file', size: 2 });
		expect(out[0].access_rights).toBeUndefined();
		expect(result.items.every((item) => (item.pairedItem as { item: number }).item === 0)).toBe(true);
	});

	it('stops at the Limit', async () => {
		const { folder } = filledFolder();
		const out = jsonOf(await getContent(folder.hash, { returnAll: false, limit: 2 }));
		expect(out.map((entry) => entry.folder_name ?? entry.file_name)).toEqual(['Sub', 'a.txt']);
	});

	it('filters by item type and adds access rights on request', async () => {
		const { folder } = filledFolder();
		const files = jsonOf(await getContent(folder.hash, { options: { itemType: 'file', accessRights: true } }));
		expect(files.map((entry) => entry.file_name)).toEqual(['a.txt', 'b.txt']);
		expect(files[0].access_rights).toMatchObject({ is_owner: true, can_download: true });
		const folders = jsonOf(await getContent(folder.hash, { options: { itemType: 'folder' } }));
		expect(folders.map((entry) => entry.folder_name)).toEqual(['Sub']);
	});

	it('outputs nothing for an empty folder', async () => {
		const result = await getContent(scratchFolder().hash);
		expect(result.error).toBeUndefined();
		expect(result.items).toHaveLength(0);
	});

	it("refuses another account's folder with a clear 403", async () => {
		const result = await getContent(sim().demo.free.rootFolderHash);
		expect(result.error?.message).toMatch(/^Svc refused access while trying to list the folder \(403\)/);
		expect(result.error?.description).toMatch(/may not access this item/);
		expect(result.error?.httpCode).toBe('403');
	});
});

describe('Folder: get info', () => {
	it("returns the folder's metadata, with access rights on request", async () => {
		const folder = sim().demo.folders.documents;
		const [plain] = jsonOf(await storage({ resource: 'folder', operation: 'getInfo', folder: byHash(folder.hash) }));
		expect(plain).toMatchObject({
			folder_hash: folder.hash,
			folder_name: 'Documents',
			access_type: 'PRIVATE',
			file_count: 2,
		});
		expect(plain.access_rights).toBeUndefined();
		const [withRights] = jsonOf(
			await storage({
				resource: 'folder',
				operation: 'getInfo',
				folder: byHash(folder.hash),
				options: { accessRights: true },
			}),
		);
		expect(withRights.access_rights).toMatchObject({ is_owner: true, can_edit: true, can_delete: true });
	});

	it('says clearly when the hash names nothing (405)', async () => {
		const result = await storage({ resource: 'folder', operation: 'getInfo', folder: byHash('NoSuchFolder42') });
		expect(result.error?.message).toMatch(/^Svc does not permit this account to read the folder \(405\)/);
		expect(result.error?.description).toMatch(/deleted or unavailable/);
		expect(result.error?.httpCode).toBe('405');
	});

	it('maps a 500 to a service-side failure', async () => {
		faultNext('get_folder_info', { kind: 'statusBeforeCommit', status: 500 });
		const result = await storage({
			resource: 'folder',
			operation: 'getInfo',
			folder: byHash(sim().demo.folders.documents.hash),
		});
		expect(result.error?.message).toBe('Svc failed while trying to read the folder (500)');
		expect(result.error?.description).toMatch(/service side/);
		expect(result.error?.httpCode).toBe('500');
	});

	it('maps a 401 (wrong access token) to a credentials message', async () => {
		const result = await storage(
			{ resource: 'folder', operation: 'getInfo', folder: byHash(sim().demo.folders.documents.hash) },
			{ credentials: tokenCredentials(sim().demo.pro, 'wrong-token-0000000000000000000000') },
		);
		expect(result.error?.message).toBe('Svc did not accept the credentials (401) while trying to read the folder');
		expect(result.error?.description).toMatch(/Svc Storage API credential/);
		expect(result.error?.httpCode).toBe('401');
	});
});

describe('Folder: rename', () => {
	it('outputs the final normalized, unique name', async () => {
		const parent = scratchFolder();
		const pro = sim().demo.pro.userId;
		sim().storage.createFolder(pro, parent.hash, 'Archive');
		const target = sim().storage.createFolder(pro, parent.hash, 'Old');
		const [out] = jsonOf(
			await storage({ resource: 'folder', operation: 'rename', folder: byHash(target.hash), newName: '  Arc*hive  ' }),
		);
		expect(out).toMatchObject({ folder_hash: target.hash, folder_name: 'Archive (1)' });
		expect(sim().storage.getFolder(target.hash)?.name).toBe('Archive (1)');
	});

	it('refuses to rename ROOT with a clear error', async () => {
		const result = await storage({
			resource: 'folder',
			operation: 'rename',
			folder: byHash(root()),
			newName: 'Not root',
		});
		expect(result.error?.message).toBe('The ROOT folder cannot be renamed');
		expect(result.error?.description).toMatch(/Choose a folder inside ROOT/);
		expect(sim().storage.getFolder(root())?.name).not.toBe('Not root');
	});

	it('refuses a whitespace-only name before any request', async () => {
		const start = sim().requests.length;
		const result = await storage({
			resource: 'folder',
			operation: 'rename',
			folder: byHash(scratchFolder().hash),
			newName: '   ',
		});
		expect(result.error?.message).toBe('The parameter "New Name" is empty');
		expect(sim().requests.length).toBe(start);
	});
});

describe('Folder: delete and restore', () => {
	it('deletes the folder and everything in it', async () => {
		const folder = scratchFolder();
		const pro = sim().demo.pro.userId;
		const sub = sim().storage.createFolder(pro, folder.hash, 'Sub');
		const file = sim().storage.addFile(pro, sub.hash, 'deep.txt', Buffer.from('deep'));
		const [out] = jsonOf(await storage({ resource: 'folder', operation: 'delete', folder: byHash(folder.hash) }));
		expect(out).toMatchObject({ folder_hash: folder.hash, deleted: true });
		expect(sim().storage.getFolder(folder.hash)).toBeUndefined();
		expect(sim().storage.getFolder(sub.hash)).toBeUndefined();
		expect(sim().storage.getFile(file.hash)).toBeUndefined();
		expect(
			sim()
				.storage.listChildren(root())
				.some((item) => item.hash === folder.hash),
		).toBe(false);
	});

	it('refuses to delete ROOT with a clear error', async () => {
		const before = sim().storage.listChildren(root()).length;
		const result = await storage({ resource: 'folder', operation: 'delete', folder: byHash(root()) });
		expect(result.error?.message).toBe('The ROOT folder cannot be deleted');
		expect(result.error?.description).toMatch(/inside it/);
		expect(sim().storage.listChildren(root())).toHaveLength(before);
	});

	it("a 405 on a folder that is not ROOT keeps the service's meaning", async () => {
		const result = await storage({
			resource: 'folder',
			operation: 'rename',
			folder: byHash('NoSuchFolder42'),
			newName: 'x',
		});
		expect(result.error?.message).toMatch(/^Svc does not permit this account to rename the folder \(405\)/);
	});

	it('restores a deleted folder with its contents on a PRO plan', async () => {
		const folder = scratchFolder('Restorable');
		const file = sim().storage.addFile(sim().demo.pro.userId, folder.hash, 'keep.txt', Buffer.from('keep'));
		jsonOf(await storage({ resource: 'folder', operation: 'delete', folder: byHash(folder.hash) }));
		const [out] = jsonOf(await storage({ resource: 'folder', operation: 'restore', folderHash: folder.hash }));
		expect(out).toEqual({ folder_hash: folder.hash, restored: true });
		expect(sim().storage.getFolder(folder.hash)?.name).toBe('Restorable');
		expect(sim().storage.getFile(file.hash)?.name).toBe('keep.txt');
	});

	it('explains the plan rule when a FREE account tries to restore (405)', async () => {
		const free = sim().demo.free;
		const folder = sim().storage.createFolder(free.userId, free.rootFolderHash, 'Gone');
		sim().storage.deleteFolder(folder.hash);
		const result = await storage(
			{ resource: 'folder', operation: 'restore', folderHash: folder.hash },
			{ credentials: passwordCredentials(free) },
		);
		expect(result.error?.message).toMatch(/^Svc does not permit this account to restore the folder \(405\)/);
		expect(result.error?.description).toMatch(/PRO, BUSINESS or ENTERPRISE plan/);
		expect(sim().storage.getFolder(folder.hash)).toBeUndefined();
	});
});

describe('Folder: continue on fail', () => {
	it('turns a failed item into an error item paired with it and processes the others', async () => {
		const good1 = scratchFolder('Good one');
		const good2 = scratchFolder('Good two');
		const result = await storage(
			{ resource: 'folder', operation: 'getInfo', folder: { __rl: true, mode: 'id', value: '={{ $json.hash }}' } },
			{
				continueOnFail: true,
				input: [{ json: { hash: good1.hash } }, { json: { hash: 'NoSuchFolder42' } }, { json: { hash: good2.hash } }],
			},
		);
		expect(result.error).toBeUndefined();
		expect(result.items).toHaveLength(3);
		expect(result.items[0].json.folder_name).toBe('Good one');
		expect(result.items[1].json.error).toMatch(/\(405\)/);
		expect(result.items[1].pairedItem).toEqual({ item: 1 });
		expect(result.items[2].json.folder_name).toBe('Good two');
		expect(result.items[2].pairedItem).toEqual({ item: 2 });
	});

	it('without it, the error names the failing item', async () => {
		const result = await storage(
			{ resource: 'folder', operation: 'getInfo', folder: { __rl: true, mode: 'id', value: '={{ $json.hash }}' } },
			{ input: [{ json: { hash: scratchFolder().hash } }, { json: { hash: 'NoSuchFolder42' } }] },
		);
		expect(result.error?.itemIndex).toBe(1);
	});
});
