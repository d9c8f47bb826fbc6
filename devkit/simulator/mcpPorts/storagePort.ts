/* eslint-disable @n8n/community-nodes/require-node-api-error -- this file its nodes are test doubles */
import type { Account, AccountStore } from '../accounts';
import type {
	AccessType,
	StorageFile,
	StorageFolder,
	StorageItem,
	StoragePort,
	StorageResult,
	StorageWriteErrorCode,
} from '../mcp/ports';
import type { StorageLimits } from '../storage/context';
import { normalizeName } from '../storage/names';
import { QUOTA_MB } from '../storage/plans';
import {
	StorageError,
	type StorageStore,
	type StoredFile,
	type StoredFolder,
	type StorageItem as StoredItem,
} from '../storage/store';
import { containsVirus, hasDoubleExtension } from '../storage/uploadPolicy';
import type { DownloadLinks } from './downloadLinks';

const MIB = 1024 * 1024;

const fail = <T>(code: StorageWriteErrorCode, message: string): StorageResult<T> => ({ ok: false, code, message });
const ok = <T>(value: T): StorageResult<T> => ({ ok: true, value });

/**
 * The MCP endpoint's `StoragePort` over the real `StorageStore`: the folders and files the
 * REST API shows are the ones MCP lists, and writes through either are seen by both.
 *
 * Rights (the store has owners and read grants only; the README's MCP section documents this):
 * - see: `storage.canRead` (owner, or a read grant such as a DVS attachment folder's);
 * - download: see, and not inside an encrypted folder;
 * - add and edit (rename, move away): the owner only, never inside an encrypted folder;
 *   edit never on ROOT. A read grant gives no add right: attachments go through the DVS tool.
 *
 * Core rules enforced here: no auto-rename (`name_conflict`), no upload into ROOT, file-size
 * limit (`sim.limits.maxFileBytes`), folder size limit and plan quota (`quota_exceeded`),
 * the double-extension policy (`permission_denied`), EICAR (`virus_detected`), locks
 * (`file_locked`), a LINK parent forcing LINK on new folders, same-owner moves.
 */
export class StorageStorePort implements StoragePort {
	constructor(
		private readonly storage: StorageStore,
		private readonly accounts: AccountStore,
		private readonly limits: StorageLimits,
		private readonly links: DownloadLinks,
	) {}

	rootOf(account: Account): StorageFolder | undefined {
		const root = account.rootFolderHash ? this.storage.getFolder(account.rootFolderHash) : undefined;
		return root ? this.folderOut(root) : undefined;
	}

	getFolder(hash: string): StorageFolder | undefined {
		const folder = this.storage.getFolder(hash);
		return folder ? this.folderOut(folder) : undefined;
	}

	getFile(hash: string): StorageFile | undefined {
		const file = this.storage.getFile(hash);
		return file ? this.fileOut(file) : undefined;
	}

	/** The store's stable order: folders, then files, each in creation order (what REST lists too). */
	listChildrenRaw(folderHash: string): StorageItem[] {
		return this.storage.listChildren(folderHash).map((item) => this.itemOut(item));
	}

	canSee(account: Account, item: StorageItem): boolean {
		const stored = this.stored(item);
		return stored !== undefined && this.storage.canRead(account.id, stored);
	}

	canAdd(account: Account, folder: StorageFolder): boolean {
		const stored = this.storage.getFolder(folder.hash);
		return stored !== undefined && stored.ownerId === account.id && !this.storage.isEncrypted(stored.hash);
	}

	canEdit(account: Account, item: StorageItem): boolean {
		const stored = this.stored(item);
		if (!stored || stored.ownerId !== account.id) return false;
		if (stored.type === 'folder' && stored.isRoot) return false;
		return !this.storage.isEncrypted(stored.type === 'folder' ? stored.hash : stored.folderHash);
	}

	canDownload(account: Account, file: StorageFile): boolean {
		const stored = this.storage.getFile(file.hash);
		return (
			stored !== undefined && this.storage.canRead(account.id, stored) && !this.storage.isEncrypted(stored.folderHash)
		);
	}

	/** A LINK parent forces LINK; otherwise the requested access type. */
	createFolder(
		account: Account,
		parentHash: string,
		name: string,
		requested: AccessType,
	): StorageResult<StorageFolder> {
		const parent = this.storage.getFolder(parentHash);
		if (!parent) return fail('not_found', 'Parent folder not found');
		const accessType: AccessType = parent.accessType === 'LINK' ? 'LINK' : requested;
		return this.attempt(() =>
			this.folderOut(this.storage.createFolder(account.id, parent.hash, name, accessType, { onConflict: 'fail' })),
		);
	}

	/** Checks in order: ROOT, name, file size, folder size, quota, double extension, virus (REST's 493, 492, 491, 490 order). */
	addFile(
		account: Account,
		folderHash: string,
		name: string,
		content: Buffer,
		mimeType: string,
	): StorageResult<StorageFile> {
		const folder = this.storage.getFolder(folderHash);
		if (!folder) return fail('not_found', 'Folder not found');
		if (folder.isRoot)
			return fail('permission_denied', 'Uploading directly to ROOT is not allowed: choose or create a folder');
		const finalName = normalizeName(name, 'file');
		if (this.storage.findChildByName(folder.hash, finalName))
			return fail('name_conflict', `"${finalName}" already exists in the folder`);
		if (content.length > this.limits.maxFileBytes) {
			return fail('file_too_large', `The file is larger than the file size limit (${this.limits.maxFileBytes} bytes)`);
		}
		if (this.storage.folderSize(folder.hash) + content.length > this.limits.maxFolderBytes) {
			return fail('quota_exceeded', `The folder would exceed its size limit (${this.limits.maxFolderBytes} bytes)`);
		}
		const owner = this.accounts.get(folder.ownerId);
		const quotaBytes = owner ? QUOTA_MB[owner.plan] * MIB : Number.POSITIVE_INFINITY;
		if (this.storage.accountUsage(folder.ownerId) + content.length > quotaBytes) {
			return fail('quota_exceeded', 'The storage quota of the account is used up');
		}
		if (hasDoubleExtension(finalName)) {
			return fail('permission_denied', 'The account policy refuses file names with a double extension (e.g. .pdf.exe)');
		}
		if (containsVirus(content)) return fail('virus_detected', 'A virus was detected in the file; it was not stored');
		return this.attempt(() =>
			this.fileOut(this.storage.addFile(account.id, folder.hash, finalName, content, { onConflict: 'fail', mimeType })),
		);
	}

	rename(_account: Account, item: StorageItem, name: string): StorageResult<StorageItem> {
		if (item.type === 'file' && this.storage.isFileLocked(item.hash)) return fail('file_locked', 'The file is locked');
		return this.attempt(() =>
			item.type === 'file'
				? this.fileOut(this.storage.renameFile(item.hash, name, { onConflict: 'fail' }))
				: this.folderOut(this.storage.renameFolder(item.hash, name, { onConflict: 'fail' })),
		);
	}

	/** Files take the target folder's access type (the store's rule); folders keep theirs. */
	move(_account: Account, item: StorageItem, targetFolderHash: string): StorageResult<StorageItem> {
		const stored = this.stored(item);
		if (!stored) return fail('not_found', 'Item not found');
		const target = this.storage.getFolder(targetFolderHash);
		if (!target) return fail('not_found', 'Target folder not found');
		if (target.ownerId !== stored.ownerId)
			return fail('ownership_transfer_denied', 'Moves stay within one owner account');
		if (stored.type === 'file' && this.storage.isFileLocked(stored.hash))
			return fail('file_locked', 'The file is locked');
		return this.attempt(() =>
			stored.type === 'file'
				? this.fileOut(this.storage.moveFile(stored.hash, target.hash, { onConflict: 'fail' }))
				: this.folderOut(this.storage.moveFolder(stored.hash, target.hash, { onConflict: 'fail' })),
		);
	}

	/**
	 * The store's name search (every word, case-insensitive) over the caller's own items first,
	 * then other accounts' items the caller may read (shared folders).
	 */
	search(account: Account, query: string, limit: number): StorageItem[] {
		const owners = [
			account.id,
			...this.accounts
				.all()
				.map((a) => a.id)
				.filter((id) => id !== account.id),
		];
		const found: StorageItem[] = [];
		for (const ownerId of owners) {
			for (const item of this.storage.search(ownerId, query)) {
				if (found.length >= limit) return found;
				if (this.storage.canRead(account.id, item)) found.push(this.itemOut(item));
			}
		}
		return found;
	}

	fileContent(hash: string): Buffer | undefined {
		return this.storage.getFile(hash)?.content;
	}

	/** A signed, expiring link the simulator serves (`GET /mcp-download/…`, see `downloadLinks.ts`). */
	downloadUrl(file: StorageFile): string {
		return this.links.urlFor(file.hash);
	}

	// ---- internals ----

	private stored(item: StorageItem): StoredItem | undefined {
		return item.type === 'folder' ? this.storage.getFolder(item.hash) : this.storage.getFile(item.hash);
	}

	private attempt<T>(write: () => T): StorageResult<T> {
		try {
			return ok(write());
		} catch (error) {
			if (!(error instanceof StorageError)) throw error;
			switch (error.code) {
				case 'name_conflict':
					return fail('name_conflict', error.message);
				case 'not_found':
				case 'parent_deleted':
					return fail('not_found', error.message);
				default:
					// root_immutable, invalid_target: the MCP layer refuses these first.
					return fail('permission_denied', error.message);
			}
		}
	}

	private itemOut(item: StoredItem): StorageItem {
		return item.type === 'folder' ? this.folderOut(item) : this.fileOut(item);
	}

	/** What a folder and a file have alike. */
	private sharedOut(item: StoredItem): Pick<StoredItem, 'hash' | 'name' | 'ownerId' | 'accessType'> {
		return { hash: item.hash, name: item.name, ownerId: item.ownerId, accessType: item.accessType };
	}

	/** Store times are seconds; the port's are milliseconds. */
	private folderOut(folder: StoredFolder): StorageFolder {
		return {
			type: 'folder',
			...this.sharedOut(folder),
			parentHash: folder.parentHash,
			isRoot: folder.isRoot,
			encrypted: this.storage.isEncrypted(folder.hash),
			createdAt: folder.createdAt * 1000,
			modifiedAt: folder.modifiedAt * 1000,
		};
	}

	private fileOut(file: StoredFile): StorageFile {
		return {
			type: 'file',
			...this.sharedOut(file),
			folderHash: file.folderHash,
			size: file.size,
			mimeType: file.mimeType,
			createdAt: file.uploadedAt * 1000,
			modifiedAt: file.modifiedAt * 1000,
		};
	}
}
