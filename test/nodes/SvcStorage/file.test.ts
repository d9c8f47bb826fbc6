import { createHash } from 'node:crypto';

import { TINY_PNG, samplePdf } from '../../../devkit/simulator/seed';
import {
	actionsSince,
	byHash,
	jsonOf,
	passwordCredentials,
	sim,
	storage,
	tokenCredentials,
	useSimulator,
	secretsInQueryOutsideAccountScripts,
} from './env';

useSimulator();

const EICAR = 'X5O!P%@AP[4\\PZX54(P^)7CC)7}$EICAR-STANDARD-ANTIVIRUS-TEST-FILE!$H+H*';

function scratchFolder(accessType: 'PRIVATE' | 'LINK' = 'PRIVATE') {
	const pro = sim().demo.pro;
	return sim().storage.createFolder(
		pro.userId,
		pro.rootFolderHash,
		`files-${Math.random().toString(36).slice(2, 8)}`,
		accessType,
	);
}

function binaryItem(content: Buffer | string, fileName: string, mimeType = 'application/octet-stream') {
	return { json: {}, binary: { data: { data: Buffer.from(content), fileName, mimeType } } };
}

function upload(
	folderHash: string,
	parameters: Record<string, unknown> = {},
	item = binaryItem('hello', 'hello.txt', 'text/plain'),
	opts = {},
) {
	return storage(
		{ resource: 'file', operation: 'upload', folder: byHash(folderHash), ...parameters },
		{ input: [item], ...opts },
	);
}

const sha256 = (buffer: Buffer) => createHash('sha256').update(buffer).digest('hex');

describe('File: upload', () => {
	it('uploads an input binary and outputs what the service stored', async () => {
		const folder = scratchFolder();
		const content = samplePdf('Upload');
		const start = sim().requests.length;
		const [out] = jsonOf(
			await upload(
				folder.hash,
				{ options: { capabilityKeys: true } },
				binaryItem(content, 'report.pdf', 'application/pdf'),
			),
		);
		const stored = sim().storage.getFile(out.file_hash as string);
		expect(stored).toMatchObject({
			folderHash: folder.hash,
			name: 'report.pdf',
			size: content.length,
			createdBy: sim().demo.pro.userId,
		});
		expect(sha256(stored!.content)).toBe(sha256(content));
		expect(out).toMatchObject({
			file_hash: stored!.hash,
			file_name: 'report.pdf',
			file_delete_key: stored!.deleteKey,
			timestamp_uploaded: stored!.uploadedAt,
			timestamp_last_modified: stored!.modifiedAt,
		});
		expect(out.reconciled).toBeUndefined();
		expect(actionsSince(start).filter((action) => action === 'upload_file')).toHaveLength(1);
	});

	it('stores the file under the File Name option, numbered when the name is taken', async () => {
		const folder = scratchFolder();
		sim().storage.addFile(sim().demo.pro.userId, folder.hash, 'renamed.txt', Buffer.from('older'));
		const [out] = jsonOf(await upload(folder.hash, { options: { fileName: 'renamed.txt' } }));
		expect(out.file_name).toBe('renamed (1).txt');
		expect(
			sim()
				.storage.listChildren(folder.hash)
				.map((item) => item.name),
		).toEqual(['renamed.txt', 'renamed (1).txt']);
	});

	it('uploads with the folder upload key through a credential of another account', async () => {
		const folder = scratchFolder();
		const [out] = jsonOf(
			await upload(
				folder.hash,
				{ options: { folderUploadKey: folder.uploadKey } },
				binaryItem('from outside', 'outside.txt', 'text/plain'),
				{
					credentials: passwordCredentials(sim().demo.free),
				},
			),
		);
		const stored = sim().storage.getFile(out.file_hash as string);
		expect(stored).toMatchObject({ folderHash: folder.hash, name: 'outside.txt', ownerId: sim().demo.pro.userId });
		expect(stored!.content.toString()).toBe('from outside');
		expect(secretsInQueryOutsideAccountScripts(sim().requests)).toEqual([]);
	});

	it("without the upload key, another account's folder is refused", async () => {
		const folder = scratchFolder();
		const result = await upload(folder.hash, {}, binaryItem('x', 'x.txt'), {
			credentials: passwordCredentials(sim().demo.free),
		});
		expect(result.error?.httpCode).toMatch(/^40[35]$/);
		expect(sim().storage.listChildren(folder.hash)).toHaveLength(0);
	});

	it('sends the watermark text, position and color (a # is accepted)', async () => {
		const folder = scratchFolder();
		const [out] = jsonOf(
			await upload(
				folder.hash,
				{ options: { watermarkText: 'CONFIDENTIAL', watermarkPosition: 'TOP_LEFT', watermarkColor: '#00ff00' } },
				binaryItem(TINY_PNG, 'stamp.png', 'image/png'),
			),
		);
		expect(sim().storage.getFile(out.file_hash as string)?.watermark).toEqual({
			text: 'CONFIDENTIAL',
			position: 'TOP_LEFT',
			color: '00FF00',
		});
	});

	it('refuses an invalid watermark color before any request', async () => {
		const folder = scratchFolder();
		const start = sim().requests.length;
		const result = await upload(
			folder.hash,
			{ options: { watermarkText: 'DRAFT', watermarkColor: 'greenish' } },
			binaryItem(TINY_PNG, 'stamp.png', 'image/png'),
		);
		expect(result.error?.message).toBe('The option "Watermark Color" is not a hex color: "greenish"');
		expect(result.error?.description).toMatch(/six hex digits/);
		expect(sim().requests.length).toBe(start);
	});

	it('refuses an invalid watermark color even without a text, and an unknown position', async () => {
		const folder = scratchFolder();
		const start = sim().requests.length;
		const color = await upload(folder.hash, { options: { watermarkColor: '#12345' } });
		expect(color.error?.message).toBe('The option "Watermark Color" is not a hex color: "#12345"');
		const position = await upload(folder.hash, {
			options: { watermarkText: 'X', watermarkPosition: '={{ "MIDDLE" }}' },
		});
		expect(position.error?.message).toBe('The option "Watermark Position" has an unknown value "MIDDLE"');
		expect(sim().requests.length).toBe(start);
	});

	it('stores a watermark only for images: a PDF is uploaded unchanged, without one', async () => {
		const folder = scratchFolder();
		const [out] = jsonOf(
			await upload(
				folder.hash,
				{ options: { watermarkText: 'DRAFT' } },
				binaryItem(samplePdf('plain'), 'plain.pdf', 'application/pdf'),
			),
		);
		expect(sim().storage.getFile(out.file_hash as string)?.watermark).toBeUndefined();
	});

	it('refuses a missing binary property before any request, naming it', async () => {
		const folder = scratchFolder();
		const start = sim().requests.length;
		const result = await upload(folder.hash, { binaryPropertyName: 'attachment' });
		expect(result.error?.message).toBe('The input item has no binary property "attachment"');
		expect(sim().requests.length).toBe(start);
	});

	it('refuses an upload into ROOT with a clear error, storing nothing', async () => {
		const root = sim().demo.pro.rootFolderHash;
		const before = sim().storage.listChildren(root).length;
		const result = await upload(root);
		expect(result.error?.message).toBe('Files cannot be uploaded directly into the ROOT folder');
		expect(result.error?.description).toMatch(/inside ROOT/);
		expect(sim().storage.listChildren(root)).toHaveLength(before);
	});

	describe('maps the upload statuses to what they mean', () => {
		it('490: a virus (EICAR) is reported and nothing stored', async () => {
			const folder = scratchFolder();
			const result = await upload(folder.hash, {}, binaryItem(`prefix ${EICAR} suffix`, 'eicar.txt', 'text/plain'));
			expect(result.error?.message).toBe('Svc detected a virus in the file (490); the file was not stored');
			expect(result.error?.httpCode).toBe('490');
			expect(sim().storage.listChildren(folder.hash)).toHaveLength(0);
		});

		it('491: a double extension', async () => {
			const folder = scratchFolder();
			const result = await upload(folder.hash, {}, binaryItem('MZ', 'invoice.pdf.exe'));
			expect(result.error?.message).toBe('Svc refused the file name because it has a double extension (491)');
			expect(result.error?.description).toMatch(/File Name option/);
		});

		it('492: the folder size limit', async () => {
			const folder = scratchFolder();
			sim().storage.addFile(sim().demo.pro.userId, folder.hash, 'big.bin', Buffer.alloc(900));
			sim().limits.maxFolderBytes = 1000;
			const result = await upload(folder.hash, {}, binaryItem(Buffer.alloc(200), 'more.bin'));
			expect(result.error?.message).toBe('The target folder is full: its size limit would be exceeded (492)');
			expect(result.error?.httpCode).toBe('492');
		});

		it('493: the file size limit', async () => {
			const folder = scratchFolder();
			sim().limits.maxFileBytes = 100;
			const result = await upload(folder.hash, {}, binaryItem(Buffer.alloc(101), 'large.bin'));
			expect(result.error?.message).toBe("The file is larger than the account's file size limit (493)");
			expect(sim().storage.listChildren(folder.hash)).toHaveLength(0);
		});

		// A correct client never sends a body shorter than its Content-Length, and n8n's request
		// layer offers no way to cut one short, so the status is injected before the handler runs
		// (a statusBeforeCommit fault): this proves the mapping, and that a 494 is not resent.
		it('494: a partial upload (injected status) is reported, certain, and not resent', async () => {
			const folder = scratchFolder();
			sim().faults.add({ match: { action: 'upload_file' }, fault: { kind: 'statusBeforeCommit', status: 494 } });
			const start = sim().requests.length;
			const result = await upload(folder.hash);
			expect(result.error?.message).toBe('Svc received only part of the file (494); nothing was stored');
			expect(result.error?.description).toMatch(/Run the node again/);
			expect(actionsSince(start).filter((action) => action === 'upload_file')).toHaveLength(1);
			expect(sim().storage.listChildren(folder.hash)).toHaveLength(0);
		});

		it('400 (injected, empty body) says the request was refused as invalid', async () => {
			const folder = scratchFolder();
			sim().faults.add({ match: { action: 'upload_file' }, fault: { kind: 'statusBeforeCommit', status: 400 } });
			const result = await upload(folder.hash);
			expect(result.error?.message).toBe('Svc refused the request to upload the file "hello.txt" as invalid (400)');
			expect(result.error?.httpCode).toBe('400');
		});
	});
});

describe('File: download', () => {
	it('outputs the bytes with the content type and file name the service sent', async () => {
		const contract = sim().demo.files.contract;
		const result = await storage({ resource: 'file', operation: 'download', file: byHash(contract.hash) });
		const [item] = result.items;
		expect(result.error).toBeUndefined();
		expect(await result.binaryBuffer(item, 'data')).toEqual(contract.content);
		expect(item.binary?.data).toMatchObject({ fileName: 'contract.pdf', mimeType: 'application/pdf' });
		expect(item.json).toMatchObject({
			file_hash: contract.hash,
			file_name: 'contract.pdf',
			mime_type: 'application/pdf',
			size: contract.size,
		});
		expect(item.pairedItem).toEqual({ item: 0 });
	});

	it('puts the file in the chosen field under the chosen name', async () => {
		const photo = sim().demo.files.photo;
		const result = await storage({
			resource: 'file',
			operation: 'download',
			file: byHash(photo.hash),
			binaryPropertyName: 'image',
			options: { fileName: 'copy.png' },
		});
		const [item] = result.items;
		expect(await result.binaryBuffer(item, 'image')).toEqual(TINY_PNG);
		expect(item.binary?.image).toMatchObject({ fileName: 'copy.png', mimeType: 'image/png' });
	});

	it("a LINK file downloads with another account's credential; a PRIVATE one is refused with 403", async () => {
		const free = passwordCredentials(sim().demo.free);
		const brochure = sim().demo.files.brochure;
		const link = await storage(
			{ resource: 'file', operation: 'download', file: byHash(brochure.hash) },
			{ credentials: free },
		);
		expect(await link.binaryBuffer(link.items[0])).toEqual(brochure.content);
		const privateFile = await storage(
			{ resource: 'file', operation: 'download', file: byHash(sim().demo.files.contract.hash) },
			{ credentials: free },
		);
		expect(privateFile.error?.message).toMatch(/^Svc refused access while trying to download the file \(403\)/);
		expect(privateFile.error?.httpCode).toBe('403');
	});

	it('a non-ASCII file name survives the round trip', async () => {
		const folder = scratchFolder();
		const [up] = jsonOf(await upload(folder.hash, {}, binaryItem('ž', 'Ärger über €.txt', 'text/plain')));
		const result = await storage({ resource: 'file', operation: 'download', file: byHash(up.file_hash as string) });
		expect(result.items[0].binary?.data.fileName).toBe('Ärger über €.txt');
		expect((await result.binaryBuffer(result.items[0])).toString()).toBe('ž');
	});

	it('an unknown hash gives a clear error and no binary', async () => {
		const result = await storage({ resource: 'file', operation: 'download', file: byHash('NoSuchFile123') });
		expect(result.error?.message).toMatch(/^Svc does not permit this account to download the file \(405\)/);
	});
});

describe('File: get info, rename, move, delete, restore', () => {
	it('get info returns the metadata, with access rights on request', async () => {
		const contract = sim().demo.files.contract;
		const [plain] = jsonOf(await storage({ resource: 'file', operation: 'getInfo', file: byHash(contract.hash) }));
		expect(plain).toMatchObject({
			file_hash: contract.hash,
			file_name: 'contract.pdf',
			size: contract.size,
			access_type: 'PRIVATE',
		});
		expect(plain.access_rights).toBeUndefined();
		const [rights] = jsonOf(
			await storage({
				resource: 'file',
				operation: 'getInfo',
				file: byHash(contract.hash),
				options: { accessRights: true },
			}),
		);
		expect(rights.access_rights).toMatchObject({ is_owner: true, can_download: true, can_delete: true });
	});

	it("get info of another account's file is a clear 403", async () => {
		const free = sim().demo.free;
		const file = sim().storage.addFile(
			free.userId,
			sim().storage.createFolder(free.userId, free.rootFolderHash, 'Mine').hash,
			'mine.txt',
			Buffer.from('m'),
		);
		const result = await storage({ resource: 'file', operation: 'getInfo', file: byHash(file.hash) });
		expect(result.error?.message).toMatch(/^Svc refused access while trying to read the file \(403\)/);
	});

	it('rename outputs the final normalized, unique name', async () => {
		const folder = scratchFolder();
		const pro = sim().demo.pro.userId;
		sim().storage.addFile(pro, folder.hash, 'summary.txt', Buffer.from('1'));
		const file = sim().storage.addFile(pro, folder.hash, 'draft.txt', Buffer.from('2'));
		const [out] = jsonOf(
			await storage({ resource: 'file', operation: 'rename', file: byHash(file.hash), newName: ' sum|mary.txt ' }),
		);
		expect(out).toMatchObject({ file_hash: file.hash, file_name: 'summary (1).txt' });
		expect(sim().storage.getFile(file.hash)?.name).toBe('summary (1).txt');
	});

	it('rename refuses a whitespace-only name before any request', async () => {
		const start = sim().requests.length;
		const result = await storage({
			resource: 'file',
			operation: 'rename',
			file: byHash(sim().demo.files.contract.hash),
			newName: ' \t ',
		});
		expect(result.error?.message).toBe('The parameter "New Name" is empty');
		expect(sim().requests.length).toBe(start);
	});

	it('move puts the file in the target folder, which sets its access type', async () => {
		const from = scratchFolder('PRIVATE');
		const to = scratchFolder('LINK');
		const file = sim().storage.addFile(sim().demo.pro.userId, from.hash, 'travel.txt', Buffer.from('t'));
		const [out] = jsonOf(
			await storage({ resource: 'file', operation: 'move', file: byHash(file.hash), targetFolder: byHash(to.hash) }),
		);
		expect(out).toMatchObject({ file_hash: file.hash, folder_hash: to.hash });
		expect(sim().storage.getFile(file.hash)).toMatchObject({ folderHash: to.hash, accessType: 'LINK' });
		expect(sim().storage.listChildren(from.hash)).toHaveLength(0);
	});

	it("move into another account's folder is refused (405) and the file stays", async () => {
		const from = scratchFolder();
		const file = sim().storage.addFile(sim().demo.pro.userId, from.hash, 'stay.txt', Buffer.from('s'));
		const result = await storage({
			resource: 'file',
			operation: 'move',
			file: byHash(file.hash),
			targetFolder: byHash(sim().demo.free.rootFolderHash),
		});
		expect(result.error?.message).toMatch(/^Svc does not permit this account to move the file \(405\)/);
		expect(sim().storage.getFile(file.hash)?.folderHash).toBe(from.hash);
	});

	it('delete removes the file; restore brings it back on a PRO plan', async () => {
		const folder = scratchFolder();
		const file = sim().storage.addFile(sim().demo.pro.userId, folder.hash, 'phoenix.txt', Buffer.from('p'));
		const [deleted] = jsonOf(await storage({ resource: 'file', operation: 'delete', file: byHash(file.hash) }));
		expect(deleted).toMatchObject({ file_hash: file.hash, deleted: true });
		expect(sim().storage.getFile(file.hash)).toBeUndefined();
		const [restored] = jsonOf(await storage({ resource: 'file', operation: 'restore', fileHash: file.hash }));
		expect(restored).toEqual({ file_hash: file.hash, restored: true });
		expect(sim().storage.getFile(file.hash)?.folderHash).toBe(folder.hash);
	});

	it('restore explains the plan rule to a FREE account (405)', async () => {
		const free = sim().demo.free;
		const folder = sim().storage.createFolder(free.userId, free.rootFolderHash, `free-${Date.now()}`);
		const file = sim().storage.addFile(free.userId, folder.hash, 'lost.txt', Buffer.from('l'));
		sim().storage.deleteFile(file.hash);
		const result = await storage(
			{ resource: 'file', operation: 'restore', fileHash: file.hash },
			{ credentials: passwordCredentials(free) },
		);
		expect(result.error?.message).toMatch(/^Svc does not permit this account to restore the file \(405\)/);
		expect(result.error?.description).toMatch(/PRO, BUSINESS or ENTERPRISE plan/);
		expect(sim().storage.getFile(file.hash)).toBeUndefined();
	});

	it('delete with a wrong access token is a 401 and deletes nothing', async () => {
		const file = sim().demo.files.legacyNotes;
		const result = await storage(
			{ resource: 'file', operation: 'delete', file: byHash(file.hash) },
			{ credentials: tokenCredentials(sim().demo.pro, 'not-the-token-00000000000000000000') },
		);
		expect(result.error?.message).toBe('Svc did not accept the credentials (401) while trying to delete the file');
		expect(sim().storage.getFile(file.hash)).toBeDefined();
	});
});

describe('File: several items and continue on fail', () => {
	it('uploads every item; a failing one becomes an error item paired with it', async () => {
		const folder = scratchFolder();
		const result = await storage(
			{ resource: 'file', operation: 'upload', folder: byHash(folder.hash) },
			{
				continueOnFail: true,
				input: [binaryItem('one', 'one.txt'), binaryItem('MZ', 'two.pdf.exe'), binaryItem('three', 'three.txt')],
			},
		);
		expect(result.error).toBeUndefined();
		expect(result.items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
		expect(result.items[1].json.error).toMatch(/double extension \(491\)/);
		expect(
			sim()
				.storage.listChildren(folder.hash)
				.map((item) => item.name),
		).toEqual(['one.txt', 'three.txt']);
	});
});
