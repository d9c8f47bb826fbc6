import { randomBytes } from 'node:crypto';
import type { Account, AccountStore } from '../../accounts';
import type {
	AccessType,
	StorageFile,
	StorageFolder,
	StorageItem,
	StoragePort,
	StorageResult,
	StorageWriteErrorCode,
} from '../ports';

/** preview: see but not download; view: see and download; add: add into this folder only; edit: everything. */
export type ShareLevel = 'preview' | 'view' | 'add' | 'edit';

interface FolderRecord extends StorageFolder {
	/** Children created or moved here get this access type whatever was requested. */
	mandatoryAccessType?: AccessType;
}

interface FileRecord extends StorageFile {
	locked: boolean;
}

export const EICAR = 'X5O!P%@AP[4\\PZX54(P^)7CC)7}$EICAR-STANDARD-ANTIVIRUS-TEST-FILE!$H+H*';
const DEFAULT_FILE_SIZE_LIMIT = 2 * 1024 ** 3;

const fail = <T>(code: StorageWriteErrorCode, message: string): StorageResult<T> => ({ ok: false, code, message });
const ok = <T>(value: T): StorageResult<T> => ({ ok: true, value });

/**
 * In-memory storage for MCP tests: ROOT folders, an ordered raw child sequence, shares
 * (inherited except add-only), per-item hiding, mandatory access types, encrypted folders,
 * locks, quota, file-size limits and an EICAR virus scanner. Core rules only: the MCP
 * layer's own rules are not repeated here, so tests prove the layer enforces them.
 */
export class FakeStorage implements StoragePort {
	readonly folders = new Map<string, FolderRecord>();
	readonly files = new Map<string, FileRecord>();
	readonly contents = new Map<string, Buffer>();
	private readonly children = new Map<string, string[]>();
	private readonly shares = new Map<string, Map<number, ShareLevel>>();
	private readonly hidden = new Map<string, Set<number>>();
	private readonly quotas = new Map<number, number>();
	private readonly fileSizeLimits = new Map<number, number>();

	constructor(
		private readonly accounts: AccountStore,
		private readonly now: () => number = Date.now,
	) {}

	private newHash(prefix: string): string {
		// Opaque and of varying length, like the service's hashes.
		return `${prefix}${randomBytes(4 + Math.floor(Math.random() * 8)).toString('hex')}`;
	}

	// ---- seeding ----

	ensureRoot(account: Account): StorageFolder {
		const existing = account.rootFolderHash ? this.folders.get(account.rootFolderHash) : undefined;
		if (existing) return existing;
		const root: FolderRecord = this.makeFolder(account.id, null, 'ROOT', 'PRIVATE', true);
		account.rootFolderHash = root.hash;
		return root;
	}

	seedFolder(
		parentHash: string,
		name: string,
		extra: Partial<Pick<FolderRecord, 'accessType' | 'encrypted' | 'mandatoryAccessType'>> = {},
	): FolderRecord {
		const parent = this.mustFolder(parentHash);
		const folder = this.makeFolder(
			parent.ownerId,
			parent.hash,
			name,
			extra.accessType ?? parent.mandatoryAccessType ?? 'PRIVATE',
			false,
		);
		Object.assign(folder, extra);
		return folder;
	}

	seedFile(
		folderHash: string,
		name: string,
		content: Buffer | string,
		extra: Partial<Pick<FileRecord, 'mimeType' | 'accessType' | 'locked' | 'description' | 'tags' | 'size'>> = {},
	): FileRecord {
		const parent = this.mustFolder(folderHash);
		const bytes = Buffer.isBuffer(content) ? content : Buffer.from(content, 'utf8');
		const file = this.makeFile(parent, name, bytes, extra.mimeType ?? 'application/octet-stream');
		Object.assign(file, { locked: false, ...extra });
		return file;
	}

	share(hash: string, accountId: number, level: ShareLevel): void {
		let map = this.shares.get(hash);
		if (!map) this.shares.set(hash, (map = new Map()));
		map.set(accountId, level);
	}

	/** Hides one item from one account (a direct-sharing restriction inside a shared folder). */
	hide(hash: string, accountId: number): void {
		let set = this.hidden.get(hash);
		if (!set) this.hidden.set(hash, (set = new Set()));
		set.add(accountId);
	}

	setQuota(accountId: number, bytes: number): void {
		this.quotas.set(accountId, bytes);
	}

	setFileSizeLimit(accountId: number, bytes: number): void {
		this.fileSizeLimits.set(accountId, bytes);
	}

	usage(accountId: number): number {
		let total = 0;
		for (const f of this.files.values()) if (f.ownerId === accountId) total += f.size;
		return total;
	}

	childNames(folderHash: string): string[] {
		return this.listChildrenRaw(folderHash).map((i) => i.name);
	}

	// ---- StoragePort ----

	rootOf(account: Account): StorageFolder | undefined {
		return this.folders.get(account.rootFolderHash);
	}

	getFolder(hash: string): StorageFolder | undefined {
		return this.folders.get(hash);
	}

	getFile(hash: string): StorageFile | undefined {
		return this.files.get(hash);
	}

	listChildrenRaw(folderHash: string): StorageItem[] {
		return (this.children.get(folderHash) ?? []).map((h) => (this.folders.get(h) ?? this.files.get(h)) as StorageItem);
	}

	canSee(account: Account, item: StorageItem): boolean {
		return this.level(account, item) !== undefined;
	}

	canAdd(account: Account, folder: StorageFolder): boolean {
		const level = this.level(account, folder);
		return level === 'owner' || level === 'edit' || level === 'add';
	}

	canEdit(account: Account, item: StorageItem): boolean {
		const level = this.level(account, item);
		return level === 'owner' || level === 'edit';
	}

	canDownload(account: Account, file: StorageFile): boolean {
		const level = this.level(account, file);
		return level === 'owner' || level === 'edit' || level === 'view';
	}

	createFolder(
		_account: Account,
		parentHash: string,
		name: string,
		requested: AccessType,
	): StorageResult<StorageFolder> {
		const parent = this.folders.get(parentHash);
		if (!parent) return fail('not_found', 'Parent folder not found');
		if (this.nameTaken(parent.hash, name)) return fail('name_conflict', `"${name}" already exists in the folder`);
		return ok(this.makeFolder(parent.ownerId, parent.hash, name, parent.mandatoryAccessType ?? requested, false));
	}

	addFile(
		_account: Account,
		folderHash: string,
		name: string,
		content: Buffer,
		mimeType: string,
	): StorageResult<StorageFile> {
		const parent = this.folders.get(folderHash);
		if (!parent) return fail('not_found', 'Folder not found');
		if (parent.isRoot) return fail('permission_denied', 'Uploading directly to ROOT is not allowed');
		if (this.nameTaken(parent.hash, name)) return fail('name_conflict', `"${name}" already exists in the folder`);
		if (content.includes(Buffer.from('EICAR-STANDARD-ANTIVIRUS-TEST-FILE')))
			return fail('virus_detected', 'Virus detected: the file was not stored');
		const limit = this.fileSizeLimits.get(parent.ownerId) ?? DEFAULT_FILE_SIZE_LIMIT;
		if (content.length > limit) return fail('file_too_large', `The account's file size limit is ${limit} bytes`);
		const quota = this.quotas.get(parent.ownerId);
		if (quota !== undefined && this.usage(parent.ownerId) + content.length > quota)
			return fail('quota_exceeded', 'The storage quota is exhausted');
		return ok(this.makeFile(parent, name, content, mimeType));
	}

	rename(_account: Account, item: StorageItem, name: string): StorageResult<StorageItem> {
		const record = this.record(item);
		if (record.type === 'file' && record.locked) return fail('file_locked', 'The file is locked');
		const parentHash = record.type === 'file' ? record.folderHash : record.parentHash;
		if (parentHash && this.nameTaken(parentHash, name, record.hash))
			return fail('name_conflict', `"${name}" already exists in the folder`);
		record.name = name;
		record.modifiedAt = this.now();
		return ok(record);
	}

	move(_account: Account, item: StorageItem, targetFolderHash: string): StorageResult<StorageItem> {
		const record = this.record(item);
		const target = this.folders.get(targetFolderHash);
		if (!target) return fail('not_found', 'Target folder not found');
		if (record.type === 'file' && record.locked) return fail('file_locked', 'The file is locked');
		if (this.nameTaken(target.hash, record.name))
			return fail('name_conflict', `"${record.name}" already exists in the target folder`);
		const from = record.type === 'file' ? record.folderHash : record.parentHash!;
		this.children.set(
			from,
			(this.children.get(from) ?? []).filter((h) => h !== record.hash),
		);
		this.children.get(target.hash)!.push(record.hash);
		if (record.type === 'file') record.folderHash = target.hash;
		else record.parentHash = target.hash;
		if (target.mandatoryAccessType) record.accessType = target.mandatoryAccessType;
		record.modifiedAt = this.now();
		return ok(record);
	}

	search(account: Account, query: string, limit: number): StorageItem[] {
		const q = query.toLowerCase();
		const all: StorageItem[] = [...this.folders.values(), ...this.files.values()];
		return all
			.filter((item) => !(item.type === 'folder' && item.isRoot))
			.filter((item) => {
				const text = [
					item.name,
					item.type === 'file' ? (item.description ?? '') : '',
					...(item.type === 'file' ? (item.tags ?? []) : []),
				]
					.join(' ')
					.toLowerCase();
				return text.includes(q);
			})
			.filter((item) => this.canSee(account, item))
			.slice(0, limit);
	}

	fileContent(hash: string): Buffer | undefined {
		return this.contents.get(hash);
	}

	downloadUrl(file: StorageFile): string {
		return `/down.php?file_hash=${encodeURIComponent(file.hash)}`;
	}

	// ---- internals ----

	private level(account: Account, item: StorageItem): 'owner' | ShareLevel | undefined {
		if (this.hidden.get(item.hash)?.has(account.id)) return undefined;
		if (item.ownerId === account.id) return 'owner';
		const direct = this.shares.get(item.hash)?.get(account.id);
		if (direct) return direct;
		let parentHash = item.type === 'file' ? item.folderHash : item.parentHash;
		while (parentHash) {
			const parent = this.folders.get(parentHash);
			if (!parent) return undefined;
			const inherited = this.shares.get(parent.hash)?.get(account.id);
			// Add-only destinations give no access to what is inside them.
			if (inherited) return inherited === 'add' ? undefined : inherited;
			parentHash = parent.parentHash;
		}
		return undefined;
	}

	private nameTaken(folderHash: string, name: string, except?: string): boolean {
		const wanted = name.toLowerCase();
		return this.listChildrenRaw(folderHash).some((i) => i.hash !== except && i.name.toLowerCase() === wanted);
	}

	private record(item: StorageItem): FolderRecord | FileRecord {
		const record = item.type === 'folder' ? this.folders.get(item.hash) : this.files.get(item.hash);
		if (!record) throw new Error(`unknown item ${item.hash}`);
		return record;
	}

	private mustFolder(hash: string): FolderRecord {
		const folder = this.folders.get(hash);
		if (!folder) throw new Error(`unknown folder ${hash}`);
		return folder;
	}

	private makeFolder(
		ownerId: number,
		parentHash: string | null,
		name: string,
		accessType: AccessType,
		isRoot: boolean,
	): FolderRecord {
		const now = this.now();
		const folder: FolderRecord = {
			type: 'folder',
			hash: this.newHash('fo'),
			name,
			parentHash,
			ownerId,
			accessType,
			isRoot,
			encrypted: false,
			createdAt: now,
			modifiedAt: now,
		};
		this.folders.set(folder.hash, folder);
		this.children.set(folder.hash, []);
		if (parentHash) this.children.get(parentHash)!.push(folder.hash);
		if (!this.accounts.get(ownerId)) throw new Error(`unknown owner ${ownerId}`);
		return folder;
	}

	private makeFile(parent: FolderRecord, name: string, content: Buffer, mimeType: string): FileRecord {
		const now = this.now();
		const file: FileRecord = {
			type: 'file',
			hash: this.newHash('fi'),
			name,
			folderHash: parent.hash,
			ownerId: parent.ownerId,
			accessType: parent.mandatoryAccessType ?? 'PRIVATE',
			size: content.length,
			mimeType,
			createdAt: now,
			modifiedAt: now,
			locked: false,
		};
		this.files.set(file.hash, file);
		this.contents.set(file.hash, content);
		this.children.get(parent.hash)!.push(file.hash);
		return file;
	}
}
