import type { StorageItem, StoredFile, StoredFolder } from '../../storage/store';
import { canAdd, canDownload, canEdit, canSee } from './rights';
import { ToolError } from './types';
import type { PrivateToolContext } from './types';

/** The store keeps seconds. */
const iso = (seconds: number) => new Date(seconds * 1000).toISOString();

export function folderObject(ctx: PrivateToolContext, folder: StoredFolder): Record<string, unknown> {
	return {
		type: 'folder',
		hash: folder.hash,
		name: folder.name,
		parent_folder_hash: folder.parentHash,
		access_type: folder.accessType,
		is_root: folder.isRoot,
		encrypted: ctx.state.deps.storage.isEncrypted(folder.hash),
		created_at: iso(folder.createdAt),
		modified_at: iso(folder.modifiedAt),
		access: { can_add: canAdd(ctx, folder), can_edit: canEdit(ctx, folder) },
	};
}

export function fileObject(ctx: PrivateToolContext, file: StoredFile): Record<string, unknown> {
	return {
		type: 'file',
		hash: file.hash,
		name: file.name,
		parent_folder_hash: file.folderHash,
		size: file.size,
		mime_type: file.mimeType,
		access_type: file.accessType,
		created_at: iso(file.uploadedAt),
		modified_at: iso(file.modifiedAt),
		...(file.description !== undefined ? { description: file.description } : {}),
		...(file.tags !== undefined ? { tags: file.tags } : {}),
		access: { can_add: false, can_edit: canEdit(ctx, file), can_download: canDownload(ctx, file) },
	};
}

export function itemObject(ctx: PrivateToolContext, item: StorageItem): Record<string, unknown> {
	return item.type === 'folder' ? folderObject(ctx, item) : fileObject(ctx, item);
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
export function visibleFolder(ctx: PrivateToolContext, hash: string): StoredFolder {
	const folder = ctx.state.deps.storage.getFolder(hash);
	if (!folder || !canSee(ctx, folder)) throw new ToolError('not_found', `No visible folder with hash ${hash}`);
	return folder;
}

export function visibleFile(ctx: PrivateToolContext, hash: string): StoredFile {
	const file = ctx.state.deps.storage.getFile(hash);
	if (!file || !canSee(ctx, file)) throw new ToolError('not_found', `No visible file with hash ${hash}`);
	return file;
}

/** The folder's direct children the caller can see, in the raw sequence `offset` addresses. */
export function visibleChildren(ctx: PrivateToolContext, raw: StorageItem[]): Record<string, unknown>[] {
	return raw.filter((item) => canSee(ctx, item)).map((item) => itemObject(ctx, item));
}
