/* eslint-disable @n8n/community-nodes/no-restricted-globals -- this file runs in Node under the test tools, never inside n8n */
import type { Account } from '../accounts';
import { createAccount, seedDemo, TINY_PNG, type DemoData } from '../seed';
import { startSimulator, type Simulator } from '../server';
import { basicAuth, callForm, callMultipart, callRaw, sendTruncatedRequest } from '../storage/client';
import { EICAR_TEST_STRING } from '../storage/uploadPolicy';

let sim: Simulator;
let demo: DemoData;
let owner: Account;
let stranger: Account;

beforeAll(async () => {
	sim = await startSimulator({ maxFileBytes: 64 * 1024, maxFolderBytes: 100 * 1024 });
	demo = seedDemo(sim);
	owner = sim.accounts.get(demo.pro.userId)!;
	stranger = createAccount(sim);
});

afterAll(async () => {
	await sim.close();
});

const as = (account: Account) => basicAuth(account.login, account.password);
const v2 = (action: string, form: Record<string, string | undefined>, account: Account | null = owner) =>
	callForm(sim.baseUrl, `/api_v2/${action}`, form, account ? { headers: as(account) } : {});
const upload = (
	fields: Record<string, string>,
	name: string,
	content: Buffer | string,
	account: Account | null = owner,
) =>
	callMultipart(
		sim.baseUrl,
		'/api_v2/upload_file',
		fields,
		[{ name, content }],
		account ? { headers: as(account) } : {},
	);
const newFolder = (name: string) => sim.storage.createFolder(owner.id, owner.rootFolderHash, name, 'PRIVATE');

describe('upload_file', () => {
	it('stores the file and answers with hash, delete key, name and integer timestamps', async () => {
		const folder = newFolder('Uploads');
		const response = await upload({ folder_hash: folder.hash }, 'report.pdf', '%PDF-1.4 report');
		expect(response.status).toBe(200);
		expect(response.json).toMatchObject({ file_name: 'report.pdf', folder_hash: folder.hash, size: 15 });
		expect(response.json.file_delete_key).toMatch(/^[0-9a-f]{32}$/);
		expect(Number.isInteger(response.json.timestamp_uploaded)).toBe(true);
		expect(Number.isInteger(response.json.timestamp_last_modified)).toBe(true);
		const stored = sim.storage.getFile(response.json.file_hash)!;
		expect(stored.content.toString()).toBe('%PDF-1.4 report');
		expect(stored).toMatchObject({
			mimeType: 'application/pdf',
			createdBy: owner.id,
			ownerId: owner.id,
			accessType: 'PRIVATE',
		});
		expect(sim.requests[sim.requests.length - 1]).toMatchObject({ action: 'upload_file', auth: 'basic', status: 200 });
	});

	it('gives a second file of the same name a numbered name before the extension', async () => {
		const folder = newFolder('Twice');
		await upload({ folder_hash: folder.hash }, 'report.pdf', 'one');
		const second = await upload({ folder_hash: folder.hash }, 'REPORT.pdf', 'two');
		const third = await upload({ folder_hash: folder.hash }, 'report.pdf', 'three');
		expect([second.json.file_name, third.json.file_name]).toEqual(['REPORT (1).pdf', 'report (2).pdf']);
		expect(sim.storage.listChildren(folder.hash)).toHaveLength(3);
	});

	it('accepts a valid folder_upload_key instead of credentials', async () => {
		const folder = newFolder('Dropbox');
		const response = await upload(
			{ folder_hash: folder.hash, folder_upload_key: folder.uploadKey },
			'drop.txt',
			'anonymous',
			null,
		);
		expect(response.status).toBe(200);
		expect(sim.requests[sim.requests.length - 1].auth).toBe('uploadKey');
		expect(sim.storage.getFile(response.json.file_hash)).toMatchObject({ createdBy: null, ownerId: owner.id });
		const wrong = await upload({ folder_hash: folder.hash, folder_upload_key: 'a'.repeat(32) }, 'x.txt', 'x', null);
		expect(wrong.status).toBe(401);
		expect((await upload({ folder_hash: folder.hash }, 'x.txt', 'x', null)).status).toBe(401);
		expect(sim.storage.listChildren(folder.hash)).toHaveLength(1);
	});

	it('refuses ROOT and foreign folders with 405, missing folder_hash or file with 400', async () => {
		expect((await upload({ folder_hash: owner.rootFolderHash }, 'root.txt', 'x')).status).toBe(405);
		expect(sim.storage.findChildByName(owner.rootFolderHash, 'root.txt')).toBeUndefined();
		const folder = newFolder('Guarded');
		expect((await upload({ folder_hash: folder.hash }, 'x.txt', 'x', stranger)).status).toBe(405);
		expect((await upload({}, 'x.txt', 'x')).status).toBe(400);
		expect(
			(
				await callMultipart(sim.baseUrl, '/api_v2/upload_file', { folder_hash: folder.hash }, [], {
					headers: as(owner),
				})
			).status,
		).toBe(400);
		const two = await callMultipart(
			sim.baseUrl,
			'/api_v2/upload_file',
			{ folder_hash: folder.hash },
			[
				{ name: 'a.txt', content: 'a' },
				{ name: 'b.txt', content: 'b' },
			],
			{ headers: as(owner) },
		);
		expect(two.status).toBe(400);
		expect(sim.storage.listChildren(folder.hash)).toHaveLength(0);
	});

	it('answers 490 for the EICAR test string and stores nothing', async () => {
		const folder = newFolder('Virus');
		const response = await upload(
			{ folder_hash: folder.hash },
			'clean-looking.txt',
			`prefix ${EICAR_TEST_STRING} suffix`,
		);
		expect(response.status).toBe(490);
		expect(sim.storage.listChildren(folder.hash)).toHaveLength(0);
	});

	it('answers 491 for a document extension followed by an executable one', async () => {
		const folder = newFolder('Double');
		for (const name of ['invoice.pdf.exe', 'photo.JPG.scr', 'notes.txt.js']) {
			expect((await upload({ folder_hash: folder.hash }, name, 'MZ')).status).toBe(491);
		}
		for (const name of ['archive.tar.gz', 'report.v2.pdf', 'setup.exe']) {
			expect((await upload({ folder_hash: folder.hash }, name, 'ok')).status).toBe(200);
		}
		expect(sim.storage.listChildren(folder.hash).map((item) => item.name)).toEqual([
			'archive.tar.gz',
			'report.v2.pdf',
			'setup.exe',
		]);
	});

	it('answers 492 when the folder would exceed its size limit', async () => {
		const folder = newFolder('Full');
		const nested = sim.storage.createFolder(owner.id, folder.hash, 'Nested', 'PRIVATE');
		sim.storage.addFile(owner.id, nested.hash, 'filler.bin', Buffer.alloc(60 * 1024));
		expect((await upload({ folder_hash: folder.hash }, 'small.bin', Buffer.alloc(30 * 1024))).status).toBe(200);
		const refused = await upload({ folder_hash: folder.hash }, 'over.bin', Buffer.alloc(20 * 1024));
		expect(refused.status).toBe(492);
		expect(sim.storage.findChildByName(folder.hash, 'over.bin')).toBeUndefined();
	});

	it('answers 493 above the file size limit', async () => {
		const folder = newFolder('Big');
		expect((await upload({ folder_hash: folder.hash }, 'exact.bin', Buffer.alloc(64 * 1024))).status).toBe(200);
		expect((await upload({ folder_hash: folder.hash }, 'big.bin', Buffer.alloc(64 * 1024 + 1))).status).toBe(493);
		expect(sim.storage.findChildByName(folder.hash, 'big.bin')).toBeUndefined();
	});

	it('answers 494 when the closing boundary is missing', async () => {
		const folder = newFolder('Partial');
		const body =
			`--XyZ\r\nContent-Disposition: form-data; name="folder_hash"\r\n\r\n${folder.hash}\r\n` +
			'--XyZ\r\nContent-Disposition: form-data; name="file"; filename="cut.txt"\r\nContent-Type: text/plain\r\n\r\nhalf of the';
		const response = await callRaw(sim.baseUrl, '/api_v2/upload_file', body, 'multipart/form-data; boundary=XyZ', {
			headers: as(owner),
		});
		expect(response.status).toBe(494);
		expect(sim.storage.listChildren(folder.hash)).toHaveLength(0);
	});

	it('answers 494 when the body is shorter than its Content-Length', async () => {
		const folder = newFolder('Short');
		const body = Buffer.from(
			`--XyZ\r\nContent-Disposition: form-data; name="folder_hash"\r\n\r\n${folder.hash}\r\n` +
				'--XyZ\r\nContent-Disposition: form-data; name="file"; filename="cut.txt"\r\n\r\nonly part',
		);
		const head =
			'POST /api_v2/upload_file HTTP/1.1\r\nHost: 127.0.0.1\r\n' +
			`Authorization: ${as(owner).authorization}\r\n` +
			'Content-Type: multipart/form-data; boundary=XyZ\r\n' +
			`Content-Length: ${body.length + 500}\r\n\r\n`;
		const raw = await sendTruncatedRequest(sim.port, head, body);
		expect(raw).toMatch(/^HTTP\/1\.1 494 /);
		expect(sim.storage.listChildren(folder.hash)).toHaveLength(0);
		// The log entry is written once the answer went out: wait for it, not for a length of time.
		const logged = () => sim.requests.some((entry) => entry.status === 494 && entry.action === 'upload_file');
		for (let tries = 0; !logged() && tries < 3000; tries++) await new Promise((resolve) => setTimeout(resolve, 10));
		expect(logged()).toBe(true);
	});

	it('records a watermark for JPG/PNG, validates position and color', async () => {
		const folder = demo.folders.images;
		const marked = await upload(
			{ folder_hash: folder.hash, watermark_text: 'CONFIDENTIAL', watermark_position: 'TOP_LEFT' },
			'scan.png',
			TINY_PNG,
		);
		expect(marked.status).toBe(200);
		expect(sim.storage.getFile(marked.json.file_hash)!.watermark).toEqual({
			text: 'CONFIDENTIAL',
			position: 'TOP_LEFT',
			color: 'F0FF3C',
		});
		const colored = await upload(
			{ folder_hash: folder.hash, watermark_text: 'x', watermark_color: '00ff00' },
			'c.jpg',
			TINY_PNG,
		);
		expect(sim.storage.getFile(colored.json.file_hash)!.watermark).toMatchObject({
			color: '00FF00',
			position: 'BOTTOM_RIGHT',
		});
		const ignored = await upload({ folder_hash: folder.hash, watermark_text: 'x' }, 'doc.pdf', '%PDF');
		expect(sim.storage.getFile(ignored.json.file_hash)!.watermark).toBeUndefined();
		expect(
			(await upload({ folder_hash: folder.hash, watermark_text: 'x', watermark_position: 'CENTER' }, 'p.png', TINY_PNG))
				.status,
		).toBe(400);
		expect(
			(await upload({ folder_hash: folder.hash, watermark_text: 'x', watermark_color: '#F0FF3C' }, 'p.png', TINY_PNG))
				.status,
		).toBe(400);
		expect((await upload({ folder_hash: folder.hash, watermark_color: 'red' }, 'p.png', TINY_PNG)).status).toBe(400);
	});
});

describe('download_file', () => {
	it('serves a LINK file without credentials with type and name', async () => {
		const response = await v2('download_file', { file_hash: demo.files.brochure.hash }, null);
		expect(response.status).toBe(200);
		expect(response.headers['content-type']).toBe('application/pdf');
		expect(response.headers['content-disposition']).toContain('filename="brochure.pdf"');
		expect(response.bytes.equals(demo.files.brochure.content)).toBe(true);
		expect(sim.requests[sim.requests.length - 1].auth).toBe('none');
	});

	it('needs the owner for a PRIVATE file: 401 without credentials, 403 for another account', async () => {
		expect((await v2('download_file', { file_hash: demo.files.contract.hash }, null)).status).toBe(401);
		expect((await v2('download_file', { file_hash: demo.files.contract.hash }, stranger)).status).toBe(403);
		const own = await v2('download_file', { file_hash: demo.files.contract.hash });
		expect(own.status).toBe(200);
		expect(own.bytes.equals(demo.files.contract.content)).toBe(true);
	});

	it('streams large files intact and encodes non-ASCII names', async () => {
		const folder = newFolder('Downloads');
		const content = Buffer.alloc(60 * 1024 + 17, 7);
		const file = sim.storage.addFile(owner.id, folder.hash, 'Ārste — čeks.bin', content);
		const response = await v2('download_file', { file_hash: file.hash });
		expect(response.bytes.equals(content)).toBe(true);
		expect(response.headers['content-disposition']).toContain(
			`filename*=UTF-8''${encodeURIComponent('Ārste — čeks.bin')}`,
		);
	});

	it('answers 405 for unknown or deleted files and for GET', async () => {
		expect((await v2('download_file', { file_hash: 'missingFile0001' })).status).toBe(405);
		expect(
			(
				await callForm(
					sim.baseUrl,
					'/api_v2/download_file',
					{},
					{ method: 'GET', query: { file_hash: demo.files.brochure.hash } },
				)
			).status,
		).toBe(405);
	});
});

describe('file metadata, rename, move, delete', () => {
	it('get_file_info describes an owned file; 400, 403, 405 otherwise', async () => {
		const response = await v2('get_file_info', { file_hash: demo.files.contract.hash, get_access_rights: '1' });
		expect(response.json).toMatchObject({
			file_hash: demo.files.contract.hash,
			file_name: 'contract.pdf',
			file_delete_key: demo.files.contract.deleteKey,
			access_type: 'PRIVATE',
			access_rights: { is_owner: true },
		});
		expect((await v2('get_file_info', {})).status).toBe(400);
		expect((await v2('get_file_info', { file_hash: demo.files.contract.hash }, stranger)).status).toBe(403);
		expect((await v2('get_file_info', { file_hash: 'missingFile0001' })).status).toBe(405);
	});

	it('rename_file normalizes and keeps names unique', async () => {
		const folder = newFolder('Renames');
		const file = sim.storage.addFile(owner.id, folder.hash, 'a.pdf', Buffer.from('a'));
		sim.storage.addFile(owner.id, folder.hash, 'b.pdf', Buffer.from('b'));
		const response = await v2('rename_file', { file_hash: file.hash, file_name: '  b?.pdf ' });
		expect(response.json).toEqual({ file_hash: file.hash, file_name: 'b (1).pdf' });
		expect((await v2('rename_file', { file_hash: file.hash })).status).toBe(400);
		expect((await v2('rename_file', { file_hash: file.hash, file_name: 'x.pdf' }, stranger)).status).toBe(405);
		expect(sim.storage.getFile(file.hash)!.name).toBe('b (1).pdf');
	});

	it('a rename to the name the file has: unchanged, or (the other reading) made unique', async () => {
		// Document 1, rename_file: "Response 200: file_hash, file_name (final normalized unique name)". Whether the
		// file's own name counts as taken is not shown: both readings are options (storage.renameToOwnName.rest).
		const folder = newFolder('Own name');
		const file = sim.storage.addFile(owner.id, folder.hash, 'c.pdf', Buffer.from('c'));
		expect((await v2('rename_file', { file_hash: file.hash, file_name: 'c.pdf' })).json.file_name).toBe('c.pdf');
		sim.storage.renameToOwnName.rest = 'numbered';
		try {
			expect((await v2('rename_file', { file_hash: file.hash, file_name: 'c.pdf' })).json.file_name).toBe('c (1).pdf');
			const other = newFolder('Own folder name');
			const response = await v2('rename_folder', { folder_hash: other.hash, folder_name: 'Own folder name' });
			expect(response.json.folder_name).toBe('Own folder name (1)');
		} finally {
			sim.storage.renameToOwnName.rest = 'unchanged';
		}
	});

	it('move_file moves into an owned folder, takes its access type and renames on conflict', async () => {
		const from = newFolder('From');
		const to = sim.storage.createFolder(owner.id, owner.rootFolderHash, 'To', 'LINK');
		sim.storage.addFile(owner.id, to.hash, 'same.txt', Buffer.from('existing'));
		const file = sim.storage.addFile(owner.id, from.hash, 'same.txt', Buffer.from('moving'));
		const response = await v2('move_file', { file_hash: file.hash, folder_hash: to.hash });
		expect(response.status).toBe(200);
		// Document 1: "Response 200 with no documented data."
		expect(response.json).toEqual({});
		expect(sim.storage.getFile(file.hash)).toMatchObject({
			folderHash: to.hash,
			name: 'same (1).txt',
			accessType: 'LINK',
		});
		expect((await v2('move_file', { file_hash: file.hash })).status).toBe(405);
		expect((await v2('move_file', { file_hash: file.hash, folder_hash: stranger.rootFolderHash })).status).toBe(405);
		expect((await v2('move_file', { file_hash: file.hash, folder_hash: from.hash }, stranger)).status).toBe(405);
		expect(sim.storage.getFile(file.hash)!.folderHash).toBe(to.hash);
	});

	it('delete_file deletes softly; foreign 403, missing 405', async () => {
		const folder = newFolder('Deletes');
		const file = sim.storage.addFile(owner.id, folder.hash, 'bye.txt', Buffer.from('x'));
		expect((await v2('delete_file', { file_hash: file.hash }, stranger)).status).toBe(403);
		expect((await v2('delete_file', {})).status).toBe(405);
		expect((await v2('delete_file', { file_hash: file.hash })).status).toBe(200);
		expect(sim.storage.getFile(file.hash)).toBeUndefined();
		expect(sim.storage.getFile(file.hash, true)!.deletedAt).not.toBeNull();
		expect((await v2('delete_file', { file_hash: file.hash })).status).toBe(405);
	});

	it('accepts an older, shorter file_delete_key without credentials', async () => {
		const legacy = demo.files.legacyNotes;
		expect(legacy.deleteKey).toHaveLength(16);
		const response = await callForm(sim.baseUrl, '/api_v2/delete_file', {
			file_hash: legacy.hash,
			file_delete_key: legacy.deleteKey,
		});
		expect(response.status).toBe(200);
		expect(sim.requests[sim.requests.length - 1].auth).toBe('editKey');
		expect(sim.storage.getFile(legacy.hash)).toBeUndefined();
	});
});

// Document 1, move_file and delete_file: "Response 200 with no documented data."
describe.each([
	['emptyBody', ''],
	['emptyObject', '{}'],
	['status', /"success":true/],
] as const)('the "no documented data" reading %s', (reading, expected) => {
	let readingSim: Simulator;
	beforeAll(async () => {
		readingSim = await startSimulator({ noDataAnswer: reading });
		seedDemo(readingSim);
	});
	afterAll(async () => await readingSim.close());

	it('is what move_file and delete_file answer', async () => {
		const account = readingSim.accounts.all()[0];
		const folder = readingSim.storage.createFolder(account.id, account.rootFolderHash, 'Readings', 'PRIVATE');
		const file = readingSim.storage.addFile(account.id, account.rootFolderHash, 'r.txt', Buffer.from('r'));
		const call = (action: string, form: Record<string, string>) =>
			callForm(readingSim.baseUrl, `/api_v2/${action}`, form, { headers: basicAuth(account.login, account.password) });
		const moved = await call('move_file', { file_hash: file.hash, folder_hash: folder.hash });
		const deleted = await call('delete_file', { file_hash: file.hash });
		for (const response of [moved, deleted]) {
			expect(response.status).toBe(200);
			if (typeof expected === 'string') expect(response.text).toBe(expected);
			else expect(response.text).toMatch(expected);
		}
	});
});

describe('undelete_folder.php and undelete_file.php', () => {
	it("restore for PRO plans, with the folder's contents", async () => {
		const folder = newFolder('Restorable');
		const file = sim.storage.addFile(owner.id, folder.hash, 'inside.txt', Buffer.from('x'));
		const earlier = sim.storage.addFile(owner.id, folder.hash, 'deleted-before.txt', Buffer.from('y'));
		sim.storage.deleteFile(earlier.hash);
		sim.storage.deleteFolder(folder.hash);
		const response = await callForm(
			sim.baseUrl,
			'/api/undelete_folder.php',
			{ folder_hash: folder.hash },
			{ headers: as(owner) },
		);
		expect(response.status).toBe(200);
		expect(sim.storage.getFolder(folder.hash)).toBeDefined();
		expect(sim.storage.getFile(file.hash)).toBeDefined();
		expect(sim.storage.getFile(earlier.hash)).toBeUndefined();
		const fileResponse = await callForm(
			sim.baseUrl,
			'/api/undelete_file.php',
			{},
			{ method: 'GET', headers: as(owner), query: { file_hash: earlier.hash } },
		);
		expect(fileResponse.status).toBe(200);
		expect(sim.storage.getFile(earlier.hash)).toBeDefined();
	});

	it('renames a restored item whose name was taken meanwhile', async () => {
		const folder = newFolder('Clash');
		const file = sim.storage.addFile(owner.id, folder.hash, 'name.txt', Buffer.from('old'));
		sim.storage.deleteFile(file.hash);
		sim.storage.addFile(owner.id, folder.hash, 'name.txt', Buffer.from('new'));
		await callForm(sim.baseUrl, '/api/undelete_file.php', { file_hash: file.hash }, { headers: as(owner) });
		expect(sim.storage.getFile(file.hash)!.name).toBe('name (1).txt');
	});

	it('answer 405 on the FREE plan and for foreign items, 400 into a deleted folder', async () => {
		const free = sim.accounts.get(demo.free.userId)!;
		const freeFolder = sim.storage.createFolder(free.id, free.rootFolderHash, 'Free folder', 'PRIVATE');
		sim.storage.deleteFolder(freeFolder.hash);
		expect(
			(await callForm(sim.baseUrl, '/api/undelete_folder.php', { folder_hash: freeFolder.hash }, { headers: as(free) }))
				.status,
		).toBe(405);
		expect(sim.storage.getFolder(freeFolder.hash)).toBeUndefined();
		expect(
			(
				await callForm(
					sim.baseUrl,
					'/api/undelete_folder.php',
					{ folder_hash: freeFolder.hash },
					{ headers: as(owner) },
				)
			).status,
		).toBe(405);
		const parent = newFolder('Gone parent');
		const child = sim.storage.addFile(owner.id, parent.hash, 'child.txt', Buffer.from('c'));
		sim.storage.deleteFile(child.hash);
		sim.storage.deleteFolder(parent.hash);
		expect(
			(await callForm(sim.baseUrl, '/api/undelete_file.php', { file_hash: child.hash }, { headers: as(owner) })).status,
		).toBe(400);
		expect((await callForm(sim.baseUrl, '/api/undelete_file.php', {}, { headers: as(owner) })).status).toBe(400);
	});
});
