import type { IDataObject } from 'n8n-workflow';

import type { McpAnswer } from '../../transport/catalogue/storage';

/**
 * The MCP endpoint's storage objects in the field names of the storage REST API, so that an operation
 * outputs the same fields whichever credential serves it.
 *
 * The storage API names few fields ("not shown" beyond them); the names below are the REST answers as
 * this package knows them (see devkit/simulator/README.md, "Folder content entry" and "Info
 * objects"). A field MCP does not report is present with `null`, never guessed:
 *
 * | REST field | from MCP |
 * |---|---|
 * | folder_hash / file_hash | `hash` |
 * | folder_name / file_name | `name` |
 * | parent_folder_hash (folders), folder_hash (files) | `parent_folder_hash` |
 * | access_type, size, mime_type | same names (folders have no size over MCP: null) |
 * | timestamp_created (folders), timestamp_uploaded (files) | `created_at` (ISO 8601) as Unix seconds |
 * | timestamp_last_modified | `modified_at` as Unix seconds |
 * | is_root (folder info) | `is_root` |
 * | folder_edit_key, folder_upload_key, file_delete_key | null: capability keys are never given over MCP |
 * | created_by, owner_id, folder_count, file_count | null: MCP does not report them |
 * | access_rights (when asked) | from `access`: can_add → can_upload, can_edit, can_download; can_view true
 * (the item is visible); is_owner and can_delete null |
 */

function text(value: unknown): string | null {
	if (typeof value === 'string') return value;
	if (typeof value === 'number') return String(value);
	return null;
}

function count(value: unknown): number | null {
	return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

/** An ISO 8601 time (or seconds already) as whole Unix seconds, like the REST timestamps. */
export function unixSeconds(value: unknown): number | null {
	if (typeof value === 'number' && Number.isFinite(value)) return Math.floor(value > 1e11 ? value / 1000 : value);
	if (typeof value !== 'string' || !value) return null;
	const ms = Date.parse(value);
	return Number.isNaN(ms) ? null : Math.floor(ms / 1000);
}

function accessOf(item: IDataObject): IDataObject {
	const access = item.access;
	return access && typeof access === 'object' && !Array.isArray(access) ? (access as IDataObject) : {};
}

function flag(value: unknown): boolean | null {
	return typeof value === 'boolean' ? value : null;
}

export function isMcpFolder(item: IDataObject): boolean {
	return item.type === 'folder';
}

/** REST's `access_rights` object, from MCP's `access` (the connection's effective rights). */
export function accessRightsFromMcp(item: IDataObject): IDataObject {
	const access = accessOf(item);
	const folder = isMcpFolder(item);
	return {
		is_owner: null,
		can_view: true,
		can_download: folder ? null : flag(access.can_download),
		can_upload: folder ? flag(access.can_add) : false,
		can_edit: flag(access.can_edit),
		can_delete: null,
	};
}

/** What REST's get_folder_content lists for both kinds; what MCP does not show is null. */
function entryFieldsFromMcp(item: IDataObject, withRights: boolean): IDataObject {
	return {
		access_type: text(item.access_type),
		size: count(item.size),
		timestamp_last_modified: unixSeconds(item.modified_at),
		created_by: null,
		...(withRights ? { access_rights: accessRightsFromMcp(item) } : {}),
	};
}

/** A folder or file as REST's get_folder_content lists it. */
function entryOfKind(kind: 'folder' | 'file', item: IDataObject, withRights: boolean): IDataObject {
	const own: IDataObject =
		kind === 'folder'
			? {
					parent_folder_hash: text(item.parent_folder_hash),
					folder_edit_key: null,
					folder_upload_key: null,
					timestamp_created: unixSeconds(item.created_at),
				}
			: {
					folder_hash: text(item.parent_folder_hash),
					file_delete_key: null,
					mime_type: text(item.mime_type),
					timestamp_uploaded: unixSeconds(item.created_at),
				};
	return {
		type: kind,
		[`${kind}_hash`]: text(item.hash),
		[`${kind}_name`]: text(item.name),
		...own,
		...entryFieldsFromMcp(item, withRights),
	};
}

/** A folder-content entry of either kind. */
export function entryFromMcp(item: IDataObject, withRights = false): IDataObject {
	return entryOfKind(isMcpFolder(item) ? 'folder' : 'file', item, withRights);
}

/** A file svc_search_files found: the entry, with its description and tags when the service gives them. */
export function foundFileFromMcp(item: IDataObject): IDataObject {
	return {
		...entryFromMcp(item),
		...(typeof item.description === 'string' ? { description: item.description } : {}),
		...(Array.isArray(item.tags) ? { tags: item.tags } : {}),
	};
}

/** REST's get_folder_info: the entry plus owner, ROOT flag and child counts. */
export function folderInfoFromMcp(item: IDataObject, withRights = false): IDataObject {
	return {
		...entryOfKind('folder', item, withRights),
		owner_id: null,
		is_root: flag(item.is_root) ?? false,
		folder_count: null,
		file_count: null,
	};
}

/** REST's get_file_info: the entry plus owner. */
export function fileInfoFromMcp(item: IDataObject, withRights = false): IDataObject {
	return { ...entryOfKind('file', item, withRights), owner_id: null };
}

/** A write result's `item` (the MCP endpoint: type, hash, name, parent_folder_hash, size, mime_type, access_type). */
export function writtenItem(structured: IDataObject): IDataObject {
	const item = structured.item;
	return item && typeof item === 'object' && !Array.isArray(item) ? (item as IDataObject) : {};
}

/** The REST answer of a folder write (restCatalogue.ts `REST.createFolder`). */
export function createdFolderFromMcp(item: IDataObject): IDataObject {
	return {
		folder_hash: text(item.hash),
		folder_edit_key: null,
		folder_upload_key: null,
		folder_name: text(item.name),
		access_type: text(item.access_type),
	};
}

/** REST's upload_file answer (the upload times are not in an MCP write result: null). */
export function uploadedFileFromMcp(item: IDataObject): IDataObject {
	return {
		file_hash: text(item.hash),
		file_delete_key: null,
		file_name: text(item.name),
		timestamp_uploaded: null,
		timestamp_last_modified: null,
		folder_hash: text(item.parent_folder_hash),
		size: count(item.size),
	};
}

/** REST's rename_folder answer. */
export function renamedFolderFromMcp(item: IDataObject): IDataObject {
	return { folder_hash: text(item.hash), folder_name: text(item.name) };
}

/** REST's rename_file answer. */
export function renamedFileFromMcp(item: IDataObject): IDataObject {
	return { file_hash: text(item.hash), file_name: text(item.name) };
}

/** REST's move_file answer. */
export function movedFileFromMcp(item: IDataObject): IDataObject {
	return { file_hash: text(item.hash), folder_hash: text(item.parent_folder_hash) };
}

/** Move Folder (MCP only): the folder where it is now, with the write's status. */
export function movedFolderFromMcp(item: IDataObject, status: string): IDataObject {
	return {
		folder_hash: text(item.hash),
		folder_name: text(item.name),
		parent_folder_hash: text(item.parent_folder_hash),
		access_type: text(item.access_type),
		status,
	};
}

/** Each kind of MCP answer a catalogue entry names (`gives.mcp`), in the REST API's fields. */
export const MCP_ANSWERS: Record<McpAnswer, (structured: IDataObject) => IDataObject> = {
	file: (structured) => uploadedFileFromMcp(writtenItem(structured)),
	folder: (structured) => createdFolderFromMcp(writtenItem(structured)),
	renamedFile: (structured) => renamedFileFromMcp(writtenItem(structured)),
	movedFile: (structured) => movedFileFromMcp(writtenItem(structured)),
};
