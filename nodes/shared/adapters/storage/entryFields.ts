import type { IDataObject, INode } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

/**
 * Readers for the service's folder-content and user-data objects, whose exact fields the
 * documents leave open: they accept each plausible spelling instead of assuming one.
 */
function firstString(entry: IDataObject, keys: string[]): string | undefined {
	for (const key of keys) {
		const value = entry[key];
		if (typeof value === 'string' && value) return value;
		if (typeof value === 'number') return String(value);
	}
	return undefined;
}

export type EntryKind = 'folder' | 'file';

export function entryKind(entry: IDataObject): EntryKind | undefined {
	const type = firstString(entry, ['type', 'item_type', 'kind'])?.toLowerCase();
	if (type === 'folder' || type === 'dir' || type === 'directory') return 'folder';
	if (type === 'file') return 'file';
	if (entry.folder_hash !== undefined && entry.file_hash === undefined) return 'folder';
	if (entry.file_hash !== undefined) return 'file';
	return undefined;
}

export function entryHash(entry: IDataObject): string | undefined {
	const kind = entryKind(entry);
	const preferred = kind === 'folder' ? ['folder_hash', 'hash'] : ['file_hash', 'hash'];
	return firstString(entry, preferred);
}

export function entryName(entry: IDataObject): string | undefined {
	return firstString(entry, ['folder_name', 'file_name', 'name']);
}

export function entrySize(entry: IDataObject): number | undefined {
	for (const key of ['size', 'file_size', 'filesize', 'size_bytes']) {
		const value = Number(entry[key]);
		if (entry[key] !== undefined && Number.isFinite(value)) return value;
	}
	return undefined;
}

/** Unix seconds or milliseconds, or an ISO 8601 time, as milliseconds; undefined when it is none of these. */
function timeMs(value: unknown): number | undefined {
	const number = typeof value === 'number' ? value : typeof value === 'string' && /^\d+$/.test(value) ? +value : NaN;
	if (Number.isFinite(number) && number > 0) return number < 1e11 ? number * 1000 : number;
	if (typeof value !== 'string' || !/^\d{4}-\d\d-\d\d[T ]\d\d:\d\d/.test(value)) return undefined;
	const parsed = Date.parse(value);
	return Number.isNaN(parsed) ? undefined : parsed;
}

/**
 * When an entry was created (a file: uploaded), in ms, as its listing gives it; undefined when it does not (the
 * storage API lists `timestamp_uploaded` for files and shows no folder field; the MCP endpoint's layouts are not
 * shown).
 */
export function entryCreatedAt(entry: IDataObject): number | undefined {
	for (const key of ['timestamp_created', 'timestamp_uploaded', 'created_at', 'date_created', 'created']) {
		const time = timeMs(entry[key]);
		if (time !== undefined) return time;
	}
	return undefined;
}

/** The account that made an entry, where its listing names it (`created_by`; null for an upload through a key). */
export function entryCreator(entry: IDataObject): string | undefined {
	return firstString(entry, ['created_by', 'creator_id', 'creator']);
}

/** The account's own ID in its user data (authenticate_user.php; the storage API's document shows no such field). */
export function accountIdOf(userData: IDataObject): string | undefined {
	return firstString(userData, ['user_id', 'userID', 'ID', 'id']);
}

export function rootHashOf(userData: IDataObject): string | undefined {
	const direct = firstString(userData, ['root_folder_hash', 'root_hash', 'ROOT', 'root', 'rootFolderHash']);
	if (direct) return direct;
	for (const key of ['root_folder', 'ROOT', 'root']) {
		const nested = userData[key];
		if (nested && typeof nested === 'object' && !Array.isArray(nested)) {
			const hash = firstString(nested as IDataObject, ['folder_hash', 'hash']);
			if (hash) return hash;
		}
	}
	return undefined;
}

/** The ROOT folder hash an adapter read, or an error saying that `source` (the answer read) named none. */
export function namedRootHash(node: INode, hash: unknown, source: string, itemIndex: number): string {
	if (typeof hash === 'string' && hash) return hash;
	throw new NodeApiError(
		node,
		{ message: `no ROOT folder in ${source}` },
		{
			message: `Svc's ${source} named no ROOT folder`,
			description: 'Choose the folder by hash instead of leaving it to the ROOT default.',
			itemIndex,
		},
	);
}
