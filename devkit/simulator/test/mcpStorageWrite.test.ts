/* eslint-disable @typescript-eslint/no-explicit-any -- this test reads service answers of every shape */
import { validate } from '../mcp/jsonSchema';
import { createMcpFixture, EICAR } from '../mcp/testing';
import type { McpFixture, McpTestClient } from '../mcp/testing';

let f: McpFixture;
let alice: McpTestClient;
let bob: McpTestClient;

let writeSchema: any;

beforeAll(async () => {
	f = await createMcpFixture({ settings: { writesEnabled: true } });
	alice = f.client(f.bearer(f.alice));
	bob = f.client(f.bearer(f.bob));
	const listed = await f.client().rpc('tools/list');
	writeSchema = listed.body.result.tools.find((t: { name: string }) => t.name === 'svc_create_folder').outputSchema;
});
afterAll(() => f.close());
// A fresh rate-limit hour for every test: the write bucket is 30 a minute.
beforeEach(() => f.clock.advance(3_600_000));

async function write(client: McpTestClient, name: string, args: Record<string, unknown>): Promise<any> {
	const result = await client.tool(name, args);
	if (!result.isError) {
		expect(validate(writeSchema, result.structuredContent)).toBeUndefined();
		expect(JSON.parse(result.content[0].text)).toEqual(result.structuredContent);
	} else {
		expect(result.content[0].text.startsWith(`${result.structuredContent.error.code}: `)).toBe(true);
	}
	return result;
}

const errorCode = (result: { isError: boolean; structuredContent: { error?: { code: string } } }) =>
	result.isError ? result.structuredContent.error?.code : 'ok';

function newFolder(name: string, parent = f.alice.rootFolderHash) {
	return f.seedFolder(parent, name);
}

describe('svc_create_folder', () => {
	it('creates a PRIVATE folder and reports it in text and structuredContent', async () => {
		const result = await write(alice, 'svc_create_folder', {
			parent_folder_hash: f.alice.rootFolderHash,
			folder_name: 'Projects',
		});
		expect(result.structuredContent).toEqual({
			status: 'created',
			item: {
				type: 'folder',
				hash: expect.any(String),
				name: 'Projects',
				parent_folder_hash: f.alice.rootFolderHash,
				size: null,
				mime_type: null,
				access_type: 'PRIVATE',
			},
		});
		expect(f.storage.getFolder(result.structuredContent.item.hash)?.name).toBe('Projects');
	});

	it('reports the access type a mandatory parent setting imposes', async () => {
		const parent = f.seedFolder(f.alice.rootFolderHash, 'public-links', { accessType: 'LINK' });
		const result = await write(alice, 'svc_create_folder', { parent_folder_hash: parent.hash, folder_name: 'inside' });
		expect(result.structuredContent.item.access_type).toBe('LINK');
		expect(f.storage.getFolder(result.structuredContent.item.hash)?.accessType).toBe('LINK');
	});

	it('returns name_conflict instead of renaming or overwriting', async () => {
		const parent = newFolder('conflicts');
		f.seedFolder(parent.hash, 'Reports');
		const result = await write(alice, 'svc_create_folder', { parent_folder_hash: parent.hash, folder_name: 'reports' });
		expect(errorCode(result)).toBe('name_conflict');
		expect(f.childNames(parent.hash)).toEqual(['Reports']);
	});

	it('refuses encrypted folders, folders without add rights, invisible and malformed targets', async () => {
		const encrypted = f.seedFolder(f.alice.rootFolderHash, 'vault', { encrypted: true });
		expect(
			errorCode(await write(alice, 'svc_create_folder', { parent_folder_hash: encrypted.hash, folder_name: 'x' })),
		).toBe('permission_denied');
		const viewOnly = newFolder('view-only');
		f.storage.grant(viewOnly.hash, f.bob.id, 'view');
		expect(
			errorCode(await write(bob, 'svc_create_folder', { parent_folder_hash: viewOnly.hash, folder_name: 'x' })),
		).toBe('permission_denied');
		expect(
			errorCode(
				await write(bob, 'svc_create_folder', { parent_folder_hash: f.alice.rootFolderHash, folder_name: 'x' }),
			),
		).toBe('not_found');
		for (const name of ['', '  ', 'a/b', 'a\\b', '..']) {
			expect(
				errorCode(await write(alice, 'svc_create_folder', { parent_folder_hash: viewOnly.hash, folder_name: name })),
			).toBe('invalid_argument');
		}
		expect(f.childNames(encrypted.hash)).toEqual([]);
		expect(f.childNames(viewOnly.hash)).toEqual([]);
	});

	it('lets an add-only sharee create in the owner account', async () => {
		const dropbox = newFolder('drop');
		f.storage.grant(dropbox.hash, f.bob.id, 'add');
		const result = await write(bob, 'svc_create_folder', { parent_folder_hash: dropbox.hash, folder_name: 'from-bob' });
		expect(result.structuredContent.status).toBe('created');
		expect(f.storage.getFolder(result.structuredContent.item.hash)?.ownerId).toBe(f.alice.id);
	});
});

describe('svc_upload_file', () => {
	it('stores utf8 and base64 content byte for byte', async () => {
		const folder = newFolder('uploads');
		const text = await write(alice, 'svc_upload_file', {
			folder_hash: folder.hash,
			file_name: 'hello.txt',
			content: 'Sveiki, pasaule ✓',
			encoding: 'utf8',
		});
		expect(text.structuredContent).toMatchObject({
			status: 'created',
			item: {
				type: 'file',
				name: 'hello.txt',
				parent_folder_hash: folder.hash,
				size: 19,
				mime_type: 'text/plain',
				access_type: 'PRIVATE',
			},
		});
		expect(f.storage.getFile(text.structuredContent.item.hash)?.content.toString('utf8')).toBe('Sveiki, pasaule ✓');
		const bytes = Buffer.from([0, 255, 1, 254, 128]);
		const binary = await write(alice, 'svc_upload_file', {
			folder_hash: folder.hash,
			file_name: 'data.bin',
			content: bytes.toString('base64'),
			encoding: 'base64',
		});
		expect(f.storage.getFile(binary.structuredContent.item.hash)?.content).toEqual(bytes);
	});

	it.each([
		['whitespace', 'aGVs bG8='],
		['a line break', 'aGVs\nbG8='],
		['a data: prefix', 'data:text/plain;base64,aGVsbG8='],
		['missing padding', 'aGVsbG8'],
		['the URL-safe alphabet', 'a-_sbG8='],
		['garbage', '!!!!'],
	])('refuses base64 with %s', async (_label, content) => {
		const folder = newFolder(`b64-${Math.random()}`);
		const result = await write(alice, 'svc_upload_file', {
			folder_hash: folder.hash,
			file_name: 'x.bin',
			content,
			encoding: 'base64',
		});
		expect(errorCode(result)).toBe('invalid_argument');
		expect(f.childNames(folder.hash)).toEqual([]);
	});

	it('refuses more than 10 MiB decoded with file_too_large', async () => {
		const folder = newFolder('too-big');
		const content = Buffer.alloc(10 * 1024 * 1024 + 1, 65).toString('base64');
		const result = await write(alice, 'svc_upload_file', {
			folder_hash: folder.hash,
			file_name: 'big.bin',
			content,
			encoding: 'base64',
		});
		expect(errorCode(result)).toBe('file_too_large');
		const exact = Buffer.alloc(10 * 1024 * 1024, 65).toString('base64');
		expect(
			errorCode(
				await write(alice, 'svc_upload_file', {
					folder_hash: folder.hash,
					file_name: 'max.bin',
					content: exact,
					encoding: 'base64',
				}),
			),
		).toBe('ok');
	});

	it('reaches every core storage refusal', async () => {
		const folder = newFolder('core-rules');
		f.seedFile(folder.hash, 'taken.txt', 'old content');
		const conflict = await write(alice, 'svc_upload_file', {
			folder_hash: folder.hash,
			file_name: 'taken.txt',
			content: 'new',
			encoding: 'utf8',
		});
		expect(errorCode(conflict)).toBe('name_conflict');
		const takenHash = f.storage.listChildren(folder.hash)[0].hash;
		expect(f.storage.getFile(takenHash)?.content.toString()).toBe('old content');

		expect(
			errorCode(
				await write(alice, 'svc_upload_file', {
					folder_hash: folder.hash,
					file_name: 'eicar.com',
					content: EICAR,
					encoding: 'utf8',
				}),
			),
		).toBe('virus_detected');
		expect(
			errorCode(
				await write(alice, 'svc_upload_file', {
					folder_hash: f.alice.rootFolderHash,
					file_name: 'root.txt',
					content: 'x',
					encoding: 'utf8',
				}),
			),
		).toBe('permission_denied');

		const limits = { ...f.limits };
		f.limits.maxFileBytes = 10;
		expect(
			errorCode(
				await write(alice, 'svc_upload_file', {
					folder_hash: folder.hash,
					file_name: 'eleven.txt',
					content: '01234567890',
					encoding: 'utf8',
				}),
			),
		).toBe('file_too_large');
		f.limits.maxFileBytes = limits.maxFileBytes;

		f.limits.maxFolderBytes = f.storage.folderSize(folder.hash) + 5;
		expect(
			errorCode(
				await write(alice, 'svc_upload_file', {
					folder_hash: folder.hash,
					file_name: 'six.txt',
					content: '123456',
					encoding: 'utf8',
				}),
			),
		).toBe('quota_exceeded');
		expect(
			errorCode(
				await write(alice, 'svc_upload_file', {
					folder_hash: folder.hash,
					file_name: 'five.txt',
					content: '12345',
					encoding: 'utf8',
				}),
			),
		).toBe('ok');
		f.limits.maxFolderBytes = limits.maxFolderBytes;
		expect(f.childNames(folder.hash)).toEqual(['taken.txt', 'five.txt']);
	});
});

describe('rename', () => {
	it('renames files and folders, and reports unchanged for the current name', async () => {
		const folder = newFolder('rename-me');
		const file = f.seedFile(folder.hash, 'a.txt', 'a');
		const renamed = await write(alice, 'svc_rename_file', { file_hash: file.hash, file_name: 'b.txt' });
		expect(renamed.structuredContent).toMatchObject({ status: 'updated', item: { hash: file.hash, name: 'b.txt' } });
		expect(f.storage.getFile(file.hash)?.name).toBe('b.txt');
		const same = await write(alice, 'svc_rename_file', { file_hash: file.hash, file_name: 'b.txt' });
		expect(same.structuredContent).toMatchObject({ status: 'unchanged', item: { name: 'b.txt' } });
		const folderRenamed = await write(alice, 'svc_rename_folder', { folder_hash: folder.hash, folder_name: 'renamed' });
		expect(folderRenamed.structuredContent).toMatchObject({
			status: 'updated',
			item: { type: 'folder', name: 'renamed', size: null },
		});
		expect(
			(await write(alice, 'svc_rename_folder', { folder_hash: folder.hash, folder_name: 'renamed' })).structuredContent
				.status,
		).toBe('unchanged');
	});

	it('returns name_conflict, file_locked and permission_denied', async () => {
		const folder = newFolder('rename-rules');
		const a = f.seedFile(folder.hash, 'a.txt', 'a');
		f.seedFile(folder.hash, 'b.txt', 'b');
		expect(errorCode(await write(alice, 'svc_rename_file', { file_hash: a.hash, file_name: 'B.txt' }))).toBe(
			'name_conflict',
		);
		const locked = f.seedFile(folder.hash, 'locked.docx', 'x', { locked: true });
		expect(errorCode(await write(alice, 'svc_rename_file', { file_hash: locked.hash, file_name: 'free.docx' }))).toBe(
			'file_locked',
		);
		expect(
			errorCode(
				await write(alice, 'svc_rename_folder', { folder_hash: f.alice.rootFolderHash, folder_name: 'MyRoot' }),
			),
		).toBe('permission_denied');
		f.storage.grant(folder.hash, f.bob.id, 'view');
		expect(errorCode(await write(bob, 'svc_rename_file', { file_hash: a.hash, file_name: 'bob.txt' }))).toBe(
			'permission_denied',
		);
		expect(f.childNames(folder.hash)).toEqual(['a.txt', 'b.txt', 'locked.docx']);
		expect(f.storage.getFolder(f.alice.rootFolderHash)?.name).toBe('ROOT');
	});
});

describe('move', () => {
	it('moves files and folders keeping names; same parent is unchanged', async () => {
		const from = newFolder('move-from');
		const to = newFolder('move-to');
		const file = f.seedFile(from.hash, 'doc.txt', 'x');
		const moved = await write(alice, 'svc_move_file', { file_hash: file.hash, target_folder_hash: to.hash });
		expect(moved.structuredContent).toMatchObject({
			status: 'updated',
			item: { hash: file.hash, name: 'doc.txt', parent_folder_hash: to.hash },
		});
		expect(f.childNames(to.hash)).toEqual(['doc.txt']);
		expect(f.childNames(from.hash)).toEqual([]);
		expect(
			(await write(alice, 'svc_move_file', { file_hash: file.hash, target_folder_hash: to.hash })).structuredContent
				.status,
		).toBe('unchanged');
		const sub = f.seedFolder(from.hash, 'sub');
		const movedFolder = await write(alice, 'svc_move_folder', { folder_hash: sub.hash, target_folder_hash: to.hash });
		expect(movedFolder.structuredContent).toMatchObject({
			status: 'updated',
			item: { type: 'folder', name: 'sub', parent_folder_hash: to.hash },
		});
	});

	it('lets destination sharing change the effective access type', async () => {
		const from = newFolder('private-src');
		const linkTarget = f.seedFolder(f.alice.rootFolderHash, 'link-target', { accessType: 'LINK' });
		const file = f.seedFile(from.hash, 'pic.png', 'x');
		const moved = await write(alice, 'svc_move_file', { file_hash: file.hash, target_folder_hash: linkTarget.hash });
		expect(moved.structuredContent.item.access_type).toBe('LINK');
	});

	it('refuses moves out of the owner account with ownership_transfer_denied', async () => {
		const own = newFolder('alice-own');
		const file = f.seedFile(own.hash, 'mine.txt', 'x');
		const bobFolder = f.seedFolder(f.bob.rootFolderHash, 'bob-target');
		f.storage.grant(bobFolder.hash, f.alice.id, 'edit');
		expect(
			errorCode(await write(alice, 'svc_move_file', { file_hash: file.hash, target_folder_hash: bobFolder.hash })),
		).toBe('ownership_transfer_denied');
		expect(f.storage.getFile(file.hash)?.folderHash).toBe(own.hash);
	});

	it('refuses ROOT, self and descendant targets', async () => {
		const top = newFolder('top');
		const child = f.seedFolder(top.hash, 'child');
		const grandchild = f.seedFolder(child.hash, 'grandchild');
		expect(
			errorCode(
				await write(alice, 'svc_move_folder', { folder_hash: f.alice.rootFolderHash, target_folder_hash: top.hash }),
			),
		).toBe('permission_denied');
		expect(
			errorCode(await write(alice, 'svc_move_folder', { folder_hash: top.hash, target_folder_hash: top.hash })),
		).toBe('invalid_argument');
		expect(
			errorCode(await write(alice, 'svc_move_folder', { folder_hash: top.hash, target_folder_hash: grandchild.hash })),
		).toBe('invalid_argument');
		expect(f.storage.getFolder(top.hash)?.parentHash).toBe(f.alice.rootFolderHash);
	});

	it('returns name_conflict, file_locked and permission_denied', async () => {
		const a = newFolder('mv-a');
		const b = newFolder('mv-b');
		const file = f.seedFile(a.hash, 'same.txt', 'a');
		f.seedFile(b.hash, 'SAME.txt', 'b');
		expect(errorCode(await write(alice, 'svc_move_file', { file_hash: file.hash, target_folder_hash: b.hash }))).toBe(
			'name_conflict',
		);
		const locked = f.seedFile(a.hash, 'locked.txt', 'l', { locked: true });
		expect(errorCode(await write(alice, 'svc_move_file', { file_hash: locked.hash, target_folder_hash: b.hash }))).toBe(
			'file_locked',
		);
		// bob may edit the source but only view the target: no destination-addition right.
		const bobEdit = newFolder('bob-edit');
		const bobView = newFolder('bob-view');
		const shared = f.seedFile(bobEdit.hash, 'shared.txt', 's');
		f.storage.grant(bobEdit.hash, f.bob.id, 'edit');
		f.storage.grant(bobView.hash, f.bob.id, 'view');
		expect(
			errorCode(await write(bob, 'svc_move_file', { file_hash: shared.hash, target_folder_hash: bobView.hash })),
		).toBe('permission_denied');
		// ...and the reverse: no source-removal right.
		const viewed = f.seedFile(bobView.hash, 'viewed.txt', 'v');
		expect(
			errorCode(await write(bob, 'svc_move_file', { file_hash: viewed.hash, target_folder_hash: bobEdit.hash })),
		).toBe('permission_denied');
		expect(f.childNames(a.hash)).toEqual(['same.txt', 'locked.txt']);
		expect(f.childNames(bobView.hash)).toEqual(['viewed.txt']);
	});
});
