import { createHash } from 'node:crypto';

import type { Account } from '../accounts';
import { randomHash, randomKey } from './ids';
import { mimeTypeFor } from './mime';
import { nameKey, normalizeName, uniqueName } from './names';

export type AccessType = 'PRIVATE' | 'LINK';

export const ACCESS_TYPES: readonly AccessType[] = ['PRIVATE', 'LINK'];

/** `rename`: the REST behaviour, a taken name gets a ` (n)` suffix. `fail`: the MCP behaviour. */
export type ConflictPolicy = 'rename' | 'fail';

export type WatermarkPosition = 'TOP_LEFT' | 'TOP_RIGHT' | 'BOTTOM_LEFT' | 'BOTTOM_RIGHT';

export interface Watermark {
	text: string;
	position: WatermarkPosition;
	/** Six hex digits, uppercase, without `#`. */
	color: string;
}

export interface StoredFolder {
	readonly type: 'folder';
	readonly hash: string;
	name: string;
	/** Null for a ROOT folder. */
	parentHash: string | null;
	readonly ownerId: number;
	/** Account that created the folder; null when created through a capability key. */
	readonly createdBy: number | null;
	accessType: AccessType;
	readonly editKey: string;
	readonly uploadKey: string;
	/** Seconds since the epoch. */
	readonly createdAt: number;
	modifiedAt: number;
	deletedAt: number | null;
	/** Items deleted by one delete call share a batch number, and are restored together. */
	deletionBatch: number | null;
	readonly isRoot: boolean;
	/** Creation order; listings are stable in this order. */
	readonly seq: number;
}

export interface StoredFile {
	readonly type: 'file';
	readonly hash: string;
	name: string;
	folderHash: string;
	readonly ownerId: number;
	/** Account that uploaded the file; null for an upload through `folder_upload_key`. */
	readonly createdBy: number | null;
	accessType: AccessType;
	readonly deleteKey: string;
	readonly content: Buffer;
	readonly size: number;
	readonly mimeType: string;
	readonly uploadedAt: number;
	modifiedAt: number;
	deletedAt: number | null;
	deletionBatch: number | null;
	readonly seq: number;
	/** Recorded for JPG/PNG uploads with watermark_text; the bytes are stored unchanged. */
	readonly watermark?: Watermark;
	/** Indexed metadata the central search matches besides the name (document 2's svc_search_files). */
	readonly description?: string;
	readonly tags?: readonly string[];
}

export type StorageItem = StoredFolder | StoredFile;

/**
 * How far an account other than the owner reaches a shared item (document 2: permissions,
 * "add-only destinations", "read-only restrictions"): `preview` sees, `view` also downloads,
 * `add` adds into the folder and sees nothing inside it, `edit` does everything the owner does
 * there. What a level lets a caller do is the caller's rule (the MCP connector's, the REST
 * API's); the store answers only how an account reaches an item.
 */
export type GrantLevel = 'preview' | 'view' | 'add' | 'edit';

/** One account, or every account a predicate accepts (a DVS organization's members). */
export type Grantee = number | ((accountId: number) => boolean);

export interface SignatureRecord {
	file_hash: string;
	/** `YYYY-MM-DD HH:MM:SS`, UTC. */
	signing_timestamp: string;
	signer_name: string;
}

export interface ShareRecord {
	fileHash: string;
	sharedBy: number;
	emails: string[];
	text: string;
	nextShareEmails: string[];
	at: number;
}

export type StorageErrorCode =
	| 'not_found'
	| 'name_conflict'
	| 'root_immutable'
	| 'invalid_target'
	| 'parent_deleted'
	| 'not_deleted';

export class StorageError extends Error {
	constructor(
		readonly code: StorageErrorCode,
		message: string,
	) {
		super(message);
		this.name = 'StorageError';
	}
}

export interface WriteOptions {
	/** Default `rename`. */
	onConflict?: ConflictPolicy;
}

export interface AddFileOptions extends WriteOptions {
	mimeType?: string;
	/** Defaults to the folder's access type. */
	accessType?: AccessType;
	/** Defaults to a new 32-hex key; seeds use it for an older, shorter key. */
	deleteKey?: string;
	watermark?: Watermark;
	/** Seconds; defaults to now. */
	uploadedAt?: number;
	description?: string;
	tags?: readonly string[];
}

export interface StorageStoreOptions {
	/** Milliseconds clock (default Date.now). */
	now?: () => number;
}

/**
 * The storage domain: every account's folder tree, files, signature records and shares,
 * in memory. It knows nothing of HTTP or authentication: callers decide who may do what.
 */
export class StorageStore {
	private readonly folders = new Map<string, StoredFolder>();

	private readonly files = new Map<string, StoredFile>();

	/** Each folder's children (folders and files, deleted ones too), so a listing does not scan the store. */
	private readonly children = new Map<string, Set<string>>();

	/** Names taken in a folder, for the next add: kept while nothing but adds changed the store. */
	private readonly takenCache = new Map<string, { mutations: number; names: Set<string> }>();

	private mutations = 0;

	private adopt(parentHash: string | null, hash: string, from?: string | null): void {
		if (from) this.children.get(from)?.delete(hash);
		if (!parentHash) return;
		let set = this.children.get(parentHash);
		if (!set) this.children.set(parentHash, (set = new Set()));
		set.add(hash);
	}

	private readonly signatures: SignatureRecord[] = [];

	/** Items shared with accounts other than the owner, by hash (inherited by a folder's contents). */
	private readonly grants = new Map<string, Array<{ grantee: Grantee; level: GrantLevel }>>();

	/** Items hidden from some accounts although a grant above them reaches them. */
	private readonly restrictions = new Map<string, Set<number>>();

	readonly shares: ShareRecord[] = [];

	/** Files locked against changes (the MCP connector answers `file_locked`; the REST simulator ignores locks). */
	private readonly lockedFiles = new Set<string>();

	/** Folders marked end-to-end encrypted (their subfolders count as encrypted too). */
	private readonly encryptedFolders = new Set<string>();

	private nextSeq = 1;

	private nextDeletionBatch = 1;

	private readonly now: () => number;

	/**
	 * The clock of listing times (creation and upload times), which document 1 does not tie to the HTTP `Date`
	 * clock: `offsetSeconds` from it (negative: behind), and `wholeMinutes` for a clock kept in minutes.
	 */
	readonly listingClock = { offsetSeconds: 0, wholeMinutes: false };

	/**
	 * What a REST rename to the name the item already has does. Document 1 says only that rename_file and
	 * rename_folder answer with "the final normalized unique name": `unchanged` keeps the name; `numbered` makes it
	 * unique as for any taken name (`Report (1)`), so a client that sends a rename twice gets a name it did not ask
	 * for. The MCP endpoint's rule 5 (the current name "returns `unchanged`") holds whatever this says.
	 */
	readonly renameToOwnName = { rest: 'unchanged' as 'unchanged' | 'numbered' };

	/** Whether a watermark is drawn into the stored bytes (document 1 does not say what it does to the file). */
	readonly watermarking = { changesBytes: false };

	constructor(options: StorageStoreOptions = {}) {
		this.now = options.now ?? Date.now;
	}

	/** A new folder's record: a new hash and keys, created and modified now, not deleted. */
	private folderRecord(
		fields: Pick<StoredFolder, 'name' | 'parentHash' | 'ownerId' | 'createdBy' | 'accessType' | 'isRoot'>,
	): StoredFolder {
		const now = this.seconds();
		return {
			type: 'folder',
			hash: this.newHash(),
			...fields,
			editKey: randomKey(),
			uploadKey: randomKey(),
			createdAt: now,
			modifiedAt: now,
			deletedAt: null,
			deletionBatch: null,
			seq: this.nextSeq++,
		};
	}

	/** Marks items as modified now (a move changes the item, its new and its old folder). */
	private touch(...items: Array<StoredFolder | StoredFile | undefined>): void {
		const now = this.seconds();
		for (const item of items) if (item) item.modifiedAt = now;
	}

	/** Creates the account's ROOT folder (once) and records its hash on the account. */
	createRootFolder(account: Account): StoredFolder {
		const existing = account.rootFolderHash ? this.folders.get(account.rootFolderHash) : undefined;
		if (existing) return existing;
		const root = this.folderRecord({
			name: 'ROOT',
			parentHash: null,
			ownerId: account.id,
			createdBy: account.id,
			accessType: 'PRIVATE',
			isRoot: true,
		});
		this.folders.set(root.hash, root);
		account.rootFolderHash = root.hash;
		return root;
	}

	/**
	 * Creates a folder under an active parent; it belongs to the parent's owner. The name is
	 * normalized (random when undefined or empty) and made unique among the siblings.
	 */
	createFolder(
		actorId: number | null,
		parentHash: string,
		name: string | undefined,
		accessType: AccessType = 'PRIVATE',
		options: WriteOptions = {},
	): StoredFolder {
		const parent = this.requireFolder(parentHash);
		const finalName = this.availableName(
			parent.hash,
			normalizeName(name, 'folder'),
			'folder',
			options.onConflict,
			undefined,
			true,
		);
		const folder = this.folderRecord({
			name: finalName,
			parentHash: parent.hash,
			ownerId: parent.ownerId,
			createdBy: actorId,
			accessType,
			isRoot: false,
		});
		this.folders.set(folder.hash, folder);
		this.adopt(folder.parentHash, folder.hash);
		parent.modifiedAt = folder.createdAt;
		return folder;
	}

	/** Stores a file in an active folder; the name is normalized and made unique (`report (1).pdf`). */
	addFile(
		actorId: number | null,
		folderHash: string,
		name: string,
		content: Buffer,
		options: AddFileOptions = {},
	): StoredFile {
		const folder = this.requireFolder(folderHash);
		const finalName = this.availableName(
			folder.hash,
			normalizeName(name, 'file'),
			'file',
			options.onConflict,
			undefined,
			true,
		);
		const uploadedAt = options.uploadedAt ?? this.seconds();
		if (options.watermark && this.watermarking.changesBytes)
			content = Buffer.concat([content, Buffer.from(`\nwatermark: ${JSON.stringify(options.watermark)}`)]);
		const file: StoredFile = {
			type: 'file',
			hash: this.newHash(),
			name: finalName,
			folderHash: folder.hash,
			ownerId: folder.ownerId,
			createdBy: actorId,
			accessType: options.accessType ?? folder.accessType,
			deleteKey: options.deleteKey ?? randomKey(),
			content,
			size: content.length,
			mimeType: options.mimeType ?? mimeTypeFor(finalName),
			uploadedAt,
			modifiedAt: uploadedAt,
			deletedAt: null,
			deletionBatch: null,
			seq: this.nextSeq++,
			...(options.watermark ? { watermark: options.watermark } : {}),
			...(options.description !== undefined ? { description: options.description } : {}),
			...(options.tags !== undefined ? { tags: options.tags } : {}),
		};
		this.files.set(file.hash, file);
		this.adopt(file.folderHash, file.hash);
		folder.modifiedAt = this.seconds();
		return file;
	}

	/**
	 * Shares an item, and a folder's contents, with an account (or the accounts a predicate
	 * accepts) at a level; granting the same grantee again replaces its level.
	 */
	grant(hash: string, grantee: Grantee, level: GrantLevel): void {
		const kept = (this.grants.get(hash) ?? []).filter((grant) => grant.grantee !== grantee);
		this.grants.set(hash, [...kept, { grantee, level }]);
	}

	/** Shares a folder and everything in it for reading with the accounts the predicate accepts. */
	grantRead(folderHash: string, reader: (accountId: number) => boolean): void {
		this.grant(folderHash, reader, 'view');
	}

	/** Hides an item from one account inside what is shared with it (or shows it again). */
	restrict(hash: string, accountId: number, restricted = true): void {
		const accounts = this.restrictions.get(hash) ?? new Set<number>();
		if (restricted) accounts.add(accountId);
		else accounts.delete(accountId);
		this.restrictions.set(hash, accounts);
	}

	/**
	 * How the account reaches the item: as its owner, through a grant on the item, or through
	 * the nearest folder above it granted to the account (an `add` grant reaches nothing inside).
	 * Undefined when it does not reach it at all, or the item is restricted for it.
	 */
	reach(accountId: number, item: StorageItem): 'owner' | GrantLevel | undefined {
		if (this.restrictions.get(item.hash)?.has(accountId)) return undefined;
		if (item.ownerId === accountId) return 'owner';
		const direct = this.grantOf(item.hash, accountId);
		if (direct) return direct;
		let folderHash = item.type === 'folder' ? item.parentHash : item.folderHash;
		while (folderHash) {
			const inherited = this.grantOf(folderHash, accountId);
			if (inherited) return inherited === 'add' ? undefined : inherited;
			folderHash = this.folders.get(folderHash)?.parentHash ?? null;
		}
		return undefined;
	}

	/** Whether the account may read the item, its content included: as its owner, or through a `view` or `edit` grant. */
	canRead(accountId: number, item: StorageItem): boolean {
		const level = this.reach(accountId, item);
		return level === 'owner' || level === 'view' || level === 'edit';
	}

	/** Locks (or unlocks) a file. Only the MCP connector's writes check locks (`file_locked`). */
	setFileLocked(hash: string, locked = true): void {
		if (locked) this.lockedFiles.add(hash);
		else this.lockedFiles.delete(hash);
	}

	isFileLocked(hash: string): boolean {
		return this.lockedFiles.has(hash);
	}

	/** Marks (or unmarks) a folder as end-to-end encrypted; everything below it counts as encrypted. */
	setFolderEncrypted(hash: string, encrypted = true): void {
		if (encrypted) this.encryptedFolders.add(hash);
		else this.encryptedFolders.delete(hash);
	}

	/** True when the folder or one of its ancestors is marked encrypted. */
	isEncrypted(folderHash: string): boolean {
		for (
			let current: string | null = folderHash;
			current !== null;
			current = this.folders.get(current)?.parentHash ?? null
		) {
			if (this.encryptedFolders.has(current)) return true;
		}
		return false;
	}

	/** An active folder, or with `includeDeleted` also a deleted one. */
	getFolder(hash: string, includeDeleted = false): StoredFolder | undefined {
		const folder = this.folders.get(hash);
		return folder && (includeDeleted || folder.deletedAt === null) ? folder : undefined;
	}

	getFile(hash: string, includeDeleted = false): StoredFile | undefined {
		const file = this.files.get(hash);
		return file && (includeDeleted || file.deletedAt === null) ? file : undefined;
	}

	/** The ROOT folder of an account, if created. */
	rootFolderOf(ownerId: number): StoredFolder | undefined {
		for (const folder of this.folders.values()) if (folder.isRoot && folder.ownerId === ownerId) return folder;
		return undefined;
	}

	/** Active direct children: folders first, then files, each in creation order. */
	listChildren(folderHash: string): StorageItem[] {
		const hashes = [...(this.children.get(folderHash) ?? [])];
		const folders = hashes
			.map((hash) => this.folders.get(hash))
			.filter((f): f is StoredFolder => f !== undefined && f.parentHash === folderHash && f.deletedAt === null);
		const files = hashes
			.map((hash) => this.files.get(hash))
			.filter((f): f is StoredFile => f !== undefined && f.folderHash === folderHash && f.deletedAt === null);
		return [...folders.sort((a, b) => a.seq - b.seq), ...files.sort((a, b) => a.seq - b.seq)];
	}

	/** The active child (folder or file) with this name, compared case-insensitively. */
	findChildByName(folderHash: string, name: string): StorageItem | undefined {
		const wanted = nameKey(name);
		return this.listChildren(folderHash).find((item) => nameKey(item.name) === wanted);
	}

	renameFolder(hash: string, name: string, options: WriteOptions = {}): StoredFolder {
		const folder = this.requireFolder(hash);
		if (folder.isRoot) throw new StorageError('root_immutable', 'the ROOT folder cannot be renamed');
		this.rename(folder, normalizeName(name, 'folder'), options.onConflict);
		return folder;
	}

	renameFile(hash: string, name: string, options: WriteOptions = {}): StoredFile {
		const file = this.requireFile(hash);
		this.rename(file, normalizeName(name, 'file'), options.onConflict);
		return file;
	}

	/** Moves a file into another folder of the same owner; it takes the target folder's access type. */
	moveFile(hash: string, targetFolderHash: string, options: WriteOptions = {}): StoredFile {
		const file = this.requireFile(hash);
		const target = this.requireFolder(targetFolderHash);
		if (target.ownerId !== file.ownerId)
			throw new StorageError('invalid_target', 'the target folder belongs to another account');
		if (file.folderHash === target.hash) return file;
		const source = this.folders.get(file.folderHash);
		file.name = this.availableName(target.hash, file.name, 'file', options.onConflict);
		this.adopt(target.hash, file.hash, file.folderHash);
		file.folderHash = target.hash;
		file.accessType = target.accessType;
		this.touch(file, target, source);
		return file;
	}

	/** Moves a folder (not ROOT) under another folder of the same owner, never into itself or a descendant. */
	moveFolder(hash: string, targetFolderHash: string, options: WriteOptions = {}): StoredFolder {
		const folder = this.requireFolder(hash);
		if (folder.isRoot) throw new StorageError('root_immutable', 'the ROOT folder cannot be moved');
		const target = this.requireFolder(targetFolderHash);
		if (target.ownerId !== folder.ownerId)
			throw new StorageError('invalid_target', 'the target folder belongs to another account');
		if (this.isSameOrInside(target.hash, folder.hash)) {
			throw new StorageError('invalid_target', 'a folder cannot move into itself or its descendants');
		}
		if (folder.parentHash === target.hash) return folder;
		const source = folder.parentHash ? this.folders.get(folder.parentHash) : undefined;
		folder.name = this.availableName(target.hash, folder.name, 'folder', options.onConflict);
		this.adopt(target.hash, folder.hash, folder.parentHash);
		folder.parentHash = target.hash;
		this.touch(folder, target, source);
		return folder;
	}

	/** Soft delete: the file is kept, marked deleted, for undelete. */
	deleteFile(hash: string): StoredFile {
		const file = this.requireFile(hash);
		this.mutations++;
		file.deletedAt = this.seconds();
		file.deletionBatch = this.nextDeletionBatch++;
		const folder = this.folders.get(file.folderHash);
		if (folder) folder.modifiedAt = file.deletedAt;
		return file;
	}

	/**
	 * Empties the trash: deleted files are gone for good (no undelete), their bytes freed. A bench that moves large
	 * files deletes and purges each one it no longer needs, so the simulator's memory does not grow with every run.
	 */
	purgeDeletedFiles(): number {
		let purged = 0;
		for (const file of [...this.files.values()]) {
			if (file.deletedAt === null) continue;
			this.files.delete(file.hash);
			this.children.get(file.folderHash)?.delete(file.hash);
			this.lockedFiles.delete(file.hash);
			this.grants.delete(file.hash);
			this.restrictions.delete(file.hash);
			purged++;
		}
		if (purged) this.mutations++;
		return purged;
	}

	/** Soft delete of a folder and everything active inside it, as one batch. */
	deleteFolder(hash: string): StoredFolder {
		const folder = this.requireFolder(hash);
		this.mutations++;
		if (folder.isRoot) throw new StorageError('root_immutable', 'the ROOT folder cannot be deleted');
		const batch = this.nextDeletionBatch++;
		const now = this.seconds();
		const markSubtree = (current: StoredFolder): void => {
			for (const child of this.listChildren(current.hash)) {
				if (child.type === 'folder') markSubtree(child);
				child.deletedAt = now;
				child.deletionBatch = batch;
			}
		};
		markSubtree(folder);
		folder.deletedAt = now;
		folder.deletionBatch = batch;
		const parent = folder.parentHash ? this.folders.get(folder.parentHash) : undefined;
		if (parent) parent.modifiedAt = now;
		return folder;
	}

	/** Restores a deleted file into its folder, which must be active; a taken name gets a suffix. */
	undeleteFile(hash: string): StoredFile {
		const file = this.files.get(hash);
		if (!file) throw new StorageError('not_found', 'file not found');
		if (file.deletedAt === null) throw new StorageError('not_deleted', 'the file is not deleted');
		if (!this.getFolder(file.folderHash)) throw new StorageError('parent_deleted', "restore the file's folder first");
		file.name = this.availableName(file.folderHash, file.name, 'file', 'rename');
		file.deletedAt = null;
		file.deletionBatch = null;
		return file;
	}

	/** Restores a deleted folder and the items deleted together with it. */
	undeleteFolder(hash: string): StoredFolder {
		const folder = this.folders.get(hash);
		if (!folder) throw new StorageError('not_found', 'folder not found');
		if (folder.deletedAt === null) throw new StorageError('not_deleted', 'the folder is not deleted');
		if (!folder.parentHash || !this.getFolder(folder.parentHash)) {
			throw new StorageError('parent_deleted', 'restore the parent folder first');
		}
		const batch = folder.deletionBatch;
		folder.name = this.availableName(folder.parentHash, folder.name, 'folder', 'rename');
		for (const item of [...this.folders.values(), ...this.files.values()]) {
			if (batch !== null && item.deletionBatch === batch) {
				item.deletedAt = null;
				item.deletionBatch = null;
			}
		}
		folder.deletedAt = null;
		folder.deletionBatch = null;
		return folder;
	}

	/** Bytes of the active files in the folder and all its active subfolders. */
	folderSize(hash: string): number {
		let total = 0;
		for (const item of this.listChildren(hash)) total += item.type === 'file' ? item.size : this.folderSize(item.hash);
		return total;
	}

	/** Bytes of all active files of an account. */
	accountUsage(ownerId: number): number {
		let total = 0;
		for (const file of this.files.values()) if (file.ownerId === ownerId && file.deletedAt === null) total += file.size;
		return total;
	}

	/**
	 * Active folders (not ROOT) and files of an owner whose name, or a file's description and
	 * tags, contain every word of the query, case-insensitively; folders first, then files, in
	 * creation order.
	 */
	search(ownerId: number, query: string): StorageItem[] {
		const words = query.toLowerCase().split(/\s+/).filter(Boolean);
		if (words.length === 0) return [];
		const matches = (item: StorageItem): boolean => {
			if (item.ownerId !== ownerId || item.deletedAt !== null) return false;
			const indexed = item.type === 'file' ? [item.name, item.description ?? '', ...(item.tags ?? [])] : [item.name];
			const text = indexed.join(' ').toLowerCase();
			return words.every((word) => text.includes(word));
		};
		const folders = [...this.folders.values()].filter(
			(f) => !f.isRoot && matches(f) && this.isActivePath(f.parentHash),
		);
		const files = [...this.files.values()].filter((f) => matches(f) && this.isActivePath(f.folderHash));
		return [...folders.sort((a, b) => a.seq - b.seq), ...files.sort((a, b) => a.seq - b.seq)];
	}

	/** True when `hash` is `ancestorHash` or lies below it. */
	isSameOrInside(hash: string, ancestorHash: string): boolean {
		for (let current: string | null = hash; current !== null; current = this.folders.get(current)?.parentHash ?? null) {
			if (current === ancestorHash) return true;
		}
		return false;
	}

	addSignature(record: SignatureRecord): SignatureRecord {
		this.signatures.push({ ...record });
		return record;
	}

	/** Signature records of a file, oldest first. */
	signaturesOf(fileHash: string): SignatureRecord[] {
		return this.signatures
			.filter((record) => record.file_hash === fileHash)
			.sort((a, b) => a.signing_timestamp.localeCompare(b.signing_timestamp));
	}

	recordShare(share: Omit<ShareRecord, 'at'>): ShareRecord {
		const record = { ...share, at: this.seconds() };
		this.shares.push(record);
		return record;
	}

	/** JSON-safe dump for the control surface: file bytes are replaced by their SHA-256. */
	snapshot(): {
		folders: StoredFolder[];
		files: Array<Omit<StoredFile, 'content'> & { sha256: string }>;
		signatures: SignatureRecord[];
		shares: ShareRecord[];
	} {
		return {
			folders: [...this.folders.values()],
			files: [...this.files.values()].map(({ content, ...file }) => ({
				...file,
				sha256: createHash('sha256').update(content).digest('hex'),
			})),
			signatures: [...this.signatures],
			shares: [...this.shares],
		};
	}

	/** Now on the listing clock, in whole seconds. */
	private seconds(): number {
		const seconds = Math.floor(this.now() / 1000) + this.listingClock.offsetSeconds;
		return this.listingClock.wholeMinutes ? seconds - (seconds % 60) : seconds;
	}

	private newHash(): string {
		for (;;) {
			const hash = randomHash();
			if (!this.folders.has(hash) && !this.files.has(hash)) return hash;
		}
	}

	private grantOf(hash: string, accountId: number): GrantLevel | undefined {
		const grants = this.grants.get(hash) ?? [];
		return grants.find(({ grantee }) => (typeof grantee === 'number' ? grantee === accountId : grantee(accountId)))
			?.level;
	}

	private requireFolder(hash: string): StoredFolder {
		const folder = this.getFolder(hash);
		if (!folder) throw new StorageError('not_found', 'folder not found');
		return folder;
	}

	private requireFile(hash: string): StoredFile {
		const file = this.getFile(hash);
		if (!file) throw new StorageError('not_found', 'file not found');
		return file;
	}

	private isActivePath(folderHash: string | null): boolean {
		for (let current = folderHash; current !== null; current = this.folders.get(current)?.parentHash ?? null) {
			if (!this.getFolder(current)) return false;
		}
		return true;
	}

	/** The name to use in `folderHash` for a new or moved item; `exceptHash` is the item itself. */
	private availableName(
		folderHash: string,
		name: string,
		kind: 'folder' | 'file',
		onConflict: ConflictPolicy = 'rename',
		exceptHash?: string,
		forAdd = false,
	): string {
		const cached = forAdd ? this.takenCache.get(folderHash) : undefined;
		const taken =
			cached && cached.mutations === this.mutations
				? cached.names
				: new Set(
						this.listChildren(folderHash)
							.filter((item) => item.hash !== exceptHash)
							.map((item) => nameKey(item.name)),
					);
		if (!forAdd) this.mutations++;
		if (onConflict === 'fail' && taken.has(nameKey(name))) {
			throw new StorageError('name_conflict', `an item named "${name}" already exists in the folder`);
		}
		const chosen = uniqueName(name, kind, taken);
		if (forAdd) {
			taken.add(nameKey(chosen));
			this.takenCache.set(folderHash, { mutations: this.mutations, names: taken });
		}
		return chosen;
	}

	private rename(item: StorageItem, normalized: string, onConflict: ConflictPolicy | undefined): void {
		const ownName = item.name === normalized;
		if (ownName && (this.renameToOwnName.rest === 'unchanged' || onConflict === 'fail')) return;
		const folderHash = item.type === 'file' ? item.folderHash : (item.parentHash as string);
		item.name = this.availableName(folderHash, normalized, item.type, onConflict, ownName ? undefined : item.hash);
		const now = this.seconds();
		item.modifiedAt = now;
		const parent = this.folders.get(folderHash);
		if (parent) parent.modifiedAt = now;
	}
}
