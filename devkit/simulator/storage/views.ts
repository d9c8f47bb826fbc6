import type { StorageStore, StoredFile, StoredFolder } from './store';

/**
 * The simulator's `access_rights` object (its fields are not shown in document 1). Only
 * owners reach items here, so every right is true except editing or deleting ROOT.
 */
export function accessRights(item: StoredFolder | StoredFile): Record<string, boolean> {
	const isRoot = item.type === 'folder' && item.isRoot;
	return {
		is_owner: true,
		can_view: true,
		can_download: true,
		can_upload: item.type === 'folder',
		can_edit: !isRoot,
		can_delete: !isRoot,
	};
}

/** A folder as listed by get_folder_content. */
export function folderEntry(folder: StoredFolder, store: StorageStore, withRights: boolean): Record<string, unknown> {
	return {
		type: 'folder',
		folder_hash: folder.hash,
		folder_name: folder.name,
		parent_folder_hash: folder.parentHash,
		access_type: folder.accessType,
		folder_edit_key: folder.editKey,
		folder_upload_key: folder.uploadKey,
		size: store.folderSize(folder.hash),
		timestamp_created: folder.createdAt,
		timestamp_last_modified: folder.modifiedAt,
		created_by: folder.createdBy,
		...(withRights ? { access_rights: accessRights(folder) } : {}),
	};
}

/** A file as listed by get_folder_content. */
export function fileEntry(file: StoredFile, withRights: boolean): Record<string, unknown> {
	return {
		type: 'file',
		file_hash: file.hash,
		file_name: file.name,
		folder_hash: file.folderHash,
		access_type: file.accessType,
		file_delete_key: file.deleteKey,
		size: file.size,
		mime_type: file.mimeType,
		timestamp_uploaded: file.uploadedAt,
		timestamp_last_modified: file.modifiedAt,
		created_by: file.createdBy,
		...(withRights ? { access_rights: accessRights(file) } : {}),
	};
}

/** get_folder_info: the entry plus owner, ROOT flag and child counts. */
export function folderInfo(folder: StoredFolder, store: StorageStore, withRights: boolean): Record<string, unknown> {
	const children = store.listChildren(folder.hash);
	return {
		...folderEntry(folder, store, withRights),
		owner_id: folder.ownerId,
		is_root: folder.isRoot,
		folder_count: children.filter((child) => child.type === 'folder').length,
		file_count: children.filter((child) => child.type === 'file').length,
	};
}

/** get_file_info: the entry plus owner. */
export function fileInfo(file: StoredFile, withRights: boolean): Record<string, unknown> {
	return { ...fileEntry(file, withRights), owner_id: file.ownerId };
}
