import type { Account } from '../../accounts';
import type { StorageFile, StorageFolder, StorageItem, StoragePort } from '../ports';
import { ToolError } from './types';
import type { PrivateToolContext } from './types';

const iso = (ms: number) => new Date(ms).toISOString();

export function folderObject(folder: StorageFolder, account: Account, storage: StoragePort): Record<string, unknown> {
	return {
		type: 'folder',
		hash: folder.hash,
		name: folder.name,
		parent_folder_hash: folder.parentHash,
		access_type: folder.accessType,
		is_root: folder.isRoot,
		encrypted: folder.encrypted,
		created_at: iso(folder.createdAt),
		modified_at: iso(folder.modifiedAt),
		access: { can_add: storage.canAdd(account, folder), can_edit: !folder.isRoot && storage.canEdit(account, folder) },
	};
}

export function fileObject(file: StorageFile, account: Account, storage: StoragePort): Record<string, unknown> {
	return {
		type: 'file',
		hash: file.hash,
		name: file.name,
		parent_folder_hash: file.folderHash,
		size: file.size,
		mime_type: file.mimeType,
		access_type: file.accessType,
		created_at: iso(file.createdAt),
		modified_at: iso(file.modifiedAt),
		...(file.description !== undefined ? { description: file.description } : {}),
		...(file.tags !== undefined ? { tags: file.tags } : {}),
		access: {
			can_add: false,
			can_edit: storage.canEdit(account, file),
			can_download: storage.canDownload(account, file),
		},
	};
}

export function itemObject(item: StorageItem, account: Account, storage: StoragePort): Record<string, unknown> {
	return item.type === 'folder' ? folderObject(item, account, storage) : fileObject(item, account, storage);
}

/** The `item` of a write result (document 2's field list). */
export function writeItem(item: StorageItem): Record<string, unknown> {
	return {
		type: item.type,
		hash: item.hash,
		name: item.name,
		parent_folder_hash: item.type === 'folder' ? item.parentHash : item.folderHash,
		size: item.type === 'file' ? item.size : null,
		mime_type: item.type === 'file' ? item.mimeType : null,
		access_type: item.accessType,
	};
}

/** A folder the caller can see, else `not_found` (invisible and unknown look the same). */
export function visibleFolder(ctx: PrivateToolContext, hash: string): StorageFolder {
	const { storage } = ctx.state.deps;
	const folder = storage.getFolder(hash);
	if (!folder || !storage.canSee(ctx.principal.account, folder))
		throw new ToolError('not_found', `No visible folder with hash ${hash}`);
	return folder;
}

export function visibleFile(ctx: PrivateToolContext, hash: string): StorageFile {
	const { storage } = ctx.state.deps;
	const file = storage.getFile(hash);
	if (!file || !storage.canSee(ctx.principal.account, file))
		throw new ToolError('not_found', `No visible file with hash ${hash}`);
	return file;
}
