import { AccountStore } from '../accounts';
import { createAccount } from '../seed';
import { normalizeName, uniqueName } from '../storage/names';
import { StorageError, StorageStore } from '../storage/store';
import { hasDoubleExtension } from '../storage/uploadPolicy';

function setUp() {
	let clock = 1_700_000_000_000;
	const storage = new StorageStore({ now: () => clock });
	const accounts = new AccountStore();
	const owner = createAccount({ accounts, storage });
	const other = createAccount({ accounts, storage });
	return { storage, owner, other, tick: (ms: number) => (clock += ms) };
}

describe('name rules', () => {
	it('normalize: NFC, forbidden characters removed, whitespace collapsed, trimmed, length limited', () => {
		expect(normalizeName('  a  \t b\n', 'folder')).toBe('a b');
		expect(normalizeName('Cafe\u0301', 'folder')).toBe('Café');
		expect(normalizeName('x/y\\z:*?"<>|\u0007w', 'file')).toBe('xyzw');
		expect(normalizeName('..', 'folder')).toMatch(/^Folder [a-z0-9]{8}$/);
		expect(normalizeName(undefined, 'file')).toMatch(/^File [a-z0-9]{8}$/);
		const long = normalizeName(`${'n'.repeat(300)}.pdf`, 'file');
		expect(long).toHaveLength(255);
		expect(long.endsWith('.pdf')).toBe(true);
	});

	it('unique: numbered before a file extension, case-insensitive', () => {
		const taken = new Set(['report.pdf', 'report (1).pdf', 'notes']);
		expect(uniqueName('Report.pdf', 'file', taken)).toBe('Report (2).pdf');
		expect(uniqueName('Notes', 'folder', taken)).toBe('Notes (1)');
		expect(uniqueName('fresh.pdf', 'file', taken)).toBe('fresh.pdf');
		expect(uniqueName('.env', 'file', new Set(['.env']))).toBe('.env (1)');
	});

	it('double extension rule', () => {
		expect(hasDoubleExtension('invoice.pdf.exe')).toBe(true);
		expect(hasDoubleExtension('IMG.JPEG.BAT')).toBe(true);
		expect(hasDoubleExtension('invoice.exe')).toBe(false);
		expect(hasDoubleExtension('backup.2024.exe')).toBe(false);
		expect(hasDoubleExtension('data.csv.gz')).toBe(false);
	});
});

describe('StorageStore', () => {
	it('creates one ROOT per account and records it on the account', () => {
		const { storage, owner } = setUp();
		const root = storage.getFolder(owner.rootFolderHash)!;
		expect(root).toMatchObject({ isRoot: true, parentHash: null, ownerId: owner.id, accessType: 'PRIVATE' });
		expect(storage.createRootFolder(owner)).toBe(root);
		expect(storage.rootFolderOf(owner.id)).toBe(root);
	});

	it('lists folders before files, each in creation order, and finds children by name', () => {
		const { storage, owner } = setUp();
		const file = storage.addFile(owner.id, owner.rootFolderHash, 'first.txt', Buffer.from('1'));
		const folder = storage.createFolder(owner.id, owner.rootFolderHash, 'Second', 'PRIVATE');
		const folder2 = storage.createFolder(owner.id, owner.rootFolderHash, 'Third', 'LINK');
		expect(storage.listChildren(owner.rootFolderHash).map((item) => item.hash)).toEqual([
			folder.hash,
			folder2.hash,
			file.hash,
		]);
		expect(storage.findChildByName(owner.rootFolderHash, 'FIRST.TXT')).toBe(file);
	});

	it('shares one name space between files and folders of a folder', () => {
		const { storage, owner } = setUp();
		storage.createFolder(owner.id, owner.rootFolderHash, 'Plans', 'PRIVATE');
		expect(storage.addFile(owner.id, owner.rootFolderHash, 'plans', Buffer.alloc(0)).name).toBe('plans (1)');
	});

	it('fails instead of renaming with onConflict fail (the MCP behaviour)', () => {
		const { storage, owner } = setUp();
		const folder = storage.createFolder(owner.id, owner.rootFolderHash, 'A', 'PRIVATE');
		storage.addFile(owner.id, folder.hash, 'x.txt', Buffer.from('x'));
		const other = storage.addFile(owner.id, folder.hash, 'y.txt', Buffer.from('y'));
		expect(() => storage.addFile(owner.id, folder.hash, 'X.TXT', Buffer.from('z'), { onConflict: 'fail' })).toThrow(
			expect.objectContaining({ code: 'name_conflict' }),
		);
		expect(() => storage.renameFile(other.hash, 'x.txt', { onConflict: 'fail' })).toThrow(StorageError);
		expect(storage.renameFile(other.hash, 'y.txt', { onConflict: 'fail' }).name).toBe('y.txt');
	});

	it('moves folders but never into themselves, descendants or another account', () => {
		const { storage, owner, other } = setUp();
		const a = storage.createFolder(owner.id, owner.rootFolderHash, 'A', 'PRIVATE');
		const b = storage.createFolder(owner.id, a.hash, 'B', 'PRIVATE');
		const c = storage.createFolder(owner.id, owner.rootFolderHash, 'C', 'PRIVATE');
		expect(() => storage.moveFolder(a.hash, b.hash)).toThrow(expect.objectContaining({ code: 'invalid_target' }));
		expect(() => storage.moveFolder(a.hash, a.hash)).toThrow(expect.objectContaining({ code: 'invalid_target' }));
		expect(() => storage.moveFolder(a.hash, other.rootFolderHash)).toThrow(
			expect.objectContaining({ code: 'invalid_target' }),
		);
		expect(() => storage.moveFolder(owner.rootFolderHash, c.hash)).toThrow(
			expect.objectContaining({ code: 'root_immutable' }),
		);
		expect(storage.moveFolder(b.hash, c.hash).parentHash).toBe(c.hash);
	});

	it('deletes a folder subtree as one batch and restores exactly that batch', () => {
		const { storage, owner, tick } = setUp();
		const folder = storage.createFolder(owner.id, owner.rootFolderHash, 'Tree', 'PRIVATE');
		const sub = storage.createFolder(owner.id, folder.hash, 'Sub', 'PRIVATE');
		const kept = storage.addFile(owner.id, sub.hash, 'kept.txt', Buffer.from('k'));
		const earlier = storage.addFile(owner.id, sub.hash, 'earlier.txt', Buffer.from('e'));
		storage.deleteFile(earlier.hash);
		tick(1000);
		storage.deleteFolder(folder.hash);
		expect(storage.folderSize(owner.rootFolderHash)).toBe(0);
		expect(storage.search(owner.id, 'kept')).toEqual([]);
		storage.undeleteFolder(folder.hash);
		expect(storage.getFile(kept.hash)).toBeDefined();
		expect(storage.getFolder(sub.hash)).toBeDefined();
		expect(storage.getFile(earlier.hash)).toBeUndefined();
		expect(() => storage.undeleteFolder(folder.hash)).toThrow(expect.objectContaining({ code: 'not_deleted' }));
		expect(() => storage.deleteFolder(owner.rootFolderHash)).toThrow(
			expect.objectContaining({ code: 'root_immutable' }),
		);
	});

	it('computes recursive folder size and account usage from active files', () => {
		const { storage, owner, other } = setUp();
		const folder = storage.createFolder(owner.id, owner.rootFolderHash, 'Sized', 'PRIVATE');
		const sub = storage.createFolder(owner.id, folder.hash, 'Sub', 'PRIVATE');
		storage.addFile(owner.id, folder.hash, 'a', Buffer.alloc(10));
		const b = storage.addFile(owner.id, sub.hash, 'b', Buffer.alloc(5));
		storage.addFile(other.id, other.rootFolderHash, 'c', Buffer.alloc(100));
		expect(storage.folderSize(folder.hash)).toBe(15);
		storage.deleteFile(b.hash);
		expect(storage.folderSize(folder.hash)).toBe(10);
		expect(storage.accountUsage(owner.id)).toBe(10);
	});

	it("searches an owner's names by every word, case-insensitively", () => {
		const { storage, owner, other } = setUp();
		const folder = storage.createFolder(owner.id, owner.rootFolderHash, 'Invoices 2025', 'PRIVATE');
		const file = storage.addFile(owner.id, folder.hash, 'invoice March 2025.pdf', Buffer.from('x'));
		storage.addFile(other.id, other.rootFolderHash, 'invoice 2025.pdf', Buffer.from('x'));
		expect(storage.search(owner.id, 'INVOICE 2025').map((item) => item.hash)).toEqual([folder.hash, file.hash]);
		expect(storage.search(owner.id, 'march')).toEqual([file]);
		expect(storage.search(owner.id, '  ')).toEqual([]);
	});

	// Document 2, svc_search_files: "matches names and indexed metadata (descriptions, tags …)".
	it("also matches a file's description and tags", () => {
		const { storage, owner } = setUp();
		const tagged = { description: 'Receipt for the invoice', tags: ['Finance'] };
		const file = storage.addFile(owner.id, owner.rootFolderHash, 'photo.jpg', Buffer.from('x'), tagged);
		expect(storage.search(owner.id, 'invoice finance')).toEqual([file]);
		expect(storage.search(owner.id, 'invoice budget')).toEqual([]);
	});

	// Document 2: "direct-sharing or read-only restrictions", "add-only destinations give no access to existing files".
	it('tells how an account reaches an item: owner, the nearest grant above it, an add-only grant reaching nothing inside', () => {
		const { storage, owner, other } = setUp();
		const team = storage.createFolder(owner.id, owner.rootFolderHash, 'team', 'PRIVATE');
		const inner = storage.createFolder(owner.id, team.hash, 'inner', 'PRIVATE');
		const file = storage.addFile(owner.id, inner.hash, 'plan.txt', Buffer.from('x'));
		expect(storage.reach(owner.id, file)).toBe('owner');
		expect(storage.reach(other.id, file)).toBeUndefined();
		storage.grant(team.hash, other.id, 'view');
		expect([storage.reach(other.id, team), storage.reach(other.id, file)]).toEqual(['view', 'view']);
		storage.grant(inner.hash, other.id, 'edit');
		expect(storage.reach(other.id, file)).toBe('edit');
		storage.grant(inner.hash, other.id, 'add');
		expect([storage.reach(other.id, inner), storage.reach(other.id, file)]).toEqual(['add', undefined]);
		const shared = storage.createFolder(owner.id, owner.rootFolderHash, 'shared', 'PRIVATE');
		const doc = storage.addFile(owner.id, shared.hash, 'doc.txt', Buffer.from('x'));
		storage.grantRead(shared.hash, (accountId) => accountId === other.id);
		expect(storage.canRead(other.id, doc)).toBe(true);
		storage.restrict(doc.hash, other.id);
		expect(storage.canRead(other.id, doc)).toBe(false);
		storage.restrict(doc.hash, other.id, false);
		expect(storage.canRead(other.id, doc)).toBe(true);
	});

	it('stamps integer-second timestamps from the clock and the mime type from the extension', () => {
		const { storage, owner, tick } = setUp();
		tick(1500);
		const file = storage.addFile(owner.id, owner.rootFolderHash, 'photo.JPG', Buffer.from('x'));
		expect(file.uploadedAt).toBe(1_700_000_001);
		expect(file.mimeType).toBe('image/jpeg');
		tick(5000);
		expect(storage.renameFile(file.hash, 'renamed.jpg').modifiedAt).toBe(1_700_000_006);
	});
});
