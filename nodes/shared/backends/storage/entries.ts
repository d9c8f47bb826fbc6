import type { IDataObject } from 'n8n-workflow';

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

/**
 * A name reduced to what survives any plausible normalization: NFC, lower case, letters and
 * digits only (the service removes characters it does not allow and collapses whitespace;
 * document 1 does not say which).
 */
function canonicalName(name: string): string {
	return name.normalize('NFC').toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
}

function splitExtension(name: string): { stem: string; extension: string } {
	const trimmed = name.trim();
	const dot = trimmed.lastIndexOf('.');
	if (dot <= 0 || dot === trimmed.length - 1) return { stem: trimmed, extension: '' };
	return { stem: trimmed.slice(0, dot), extension: trimmed.slice(dot + 1) };
}

/**
 * Whether a name the service gave is the one we asked for, allowing for its normalization
 * (removed characters, whitespace, Unicode form) and for the number it adds on a conflict
 * (`report (2).pdf` for `report.pdf`). A requested name that normalizes to nothing gets a
 * random name from the service, so any name matches it.
 */
export function isNameVariant(given: string, requested: string): boolean {
	if (canonicalName(requested) === '') return true;
	if (canonicalName(given) === canonicalName(requested)) return true;
	if (numbered(given, requested)) return true;
	const wanted = splitExtension(requested);
	const actual = splitExtension(given);
	if (canonicalName(actual.extension) !== canonicalName(wanted.extension)) return false;
	return numbered(actual.stem, wanted.stem);
}

/** `given` is `requested` with a number appended (`Reports (2)`, `Reports_2`, `Reports-2`). */
function numbered(given: string, requested: string): boolean {
	const actual = canonicalName(given);
	const wanted = canonicalName(requested);
	return actual.startsWith(wanted) && /^\d+$/.test(actual.slice(wanted.length)) && /\d\)?\s*$/.test(given);
}
