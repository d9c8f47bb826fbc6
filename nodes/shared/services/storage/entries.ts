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

// Characters no stored name keeps under any reading of document 1's "normalized": path
// separators, wildcards, quotes, pipes and control characters.
// eslint-disable-next-line no-control-regex -- control characters are among those removed
const REMOVED_CHARACTERS = /[/\\:*?"<>|\u0000-\u001f\u007f]/g;

/**
 * A requested name as the service stores it (document 1: "final name is normalized and unique
 * among siblings"; document 2 normalizes the same way without numbering): Unicode NFC, the
 * characters no name keeps removed, whitespace runs collapsed, trimmed. Empty means the service
 * picks a random name.
 */
export function normalizedName(name: string): string {
	return name.normalize('NFC').replace(REMOVED_CHARACTERS, '').replace(/\s+/g, ' ').trim();
}

/** Sibling names compare case-insensitively. */
function sameName(a: string, b: string): boolean {
	return a.normalize('NFC').toLowerCase() === b.normalize('NFC').toLowerCase();
}

function splitExtension(name: string): { stem: string; extension: string } {
	const dot = name.lastIndexOf('.');
	if (dot <= 0 || dot === name.length - 1) return { stem: name, extension: '' };
	return { stem: name.slice(0, dot), extension: name.slice(dot) };
}

/** `given` is `name` with the number a service adds on a conflict: `name (2)`, `name_2`, `name-2`, before a file's extension. */
function isNumbered(given: string, name: string): boolean {
	const wanted = splitExtension(name);
	const actual = splitExtension(given);
	const stemsOf = (full: { stem: string; extension: string }, whole: string) =>
		full.extension ? [{ stem: full.stem, extension: full.extension }, { stem: whole, extension: '' }] : [{ stem: whole, extension: '' }];
	return stemsOf(actual, given).some((candidate) =>
		stemsOf(wanted, name).some((target) => {
			if (!sameName(candidate.extension, target.extension)) return false;
			const stem = candidate.stem.normalize('NFC').toLowerCase();
			const base = target.stem.normalize('NFC').toLowerCase();
			return stem.startsWith(base) && /^(?: \(\d{1,4}\)|[_-]\d{1,4})$/.test(stem.slice(base.length));
		}),
	);
}

/**
 * Whether a new item of the destination (one absent before the write) is the one we wrote, by
 * its name: exactly the requested name as the service normalizes it, or, only when that name
 * was already taken before the write, the same name with the number the service adds on a
 * conflict. A look-alike (`Report-2024` for `Report` while `Report` was free) is not ours. A
 * name that normalizes to nothing gets a random one, so any new item matches it.
 */
export function isWrittenName(given: string, requested: string, namesBefore: Iterable<string>): boolean {
	const wanted = normalizedName(requested);
	if (wanted === '') return true;
	if (sameName(given, wanted)) return true;
	const taken = [...namesBefore].some((name) => sameName(name, wanted));
	return taken && isNumbered(given, wanted);
}

/** What a destination held before a write: each entry's hash and name. */
export type DestinationSnapshot = Map<string, string>;

export function snapshotOf(entries: IDataObject[]): DestinationSnapshot {
	const snapshot: DestinationSnapshot = new Map();
	for (const entry of entries) {
		const hash = entryHash(entry);
		if (hash !== undefined) snapshot.set(hash, entryName(entry) ?? '');
	}
	return snapshot;
}

/**
 * The entries of a destination that can be the item our write created: of the written kind,
 * absent before the write, with our name (isWrittenName) and, where both are known, our size.
 * More than one is ambiguous and proves nothing.
 */
export function writtenEntries(
	entries: IDataObject[],
	written: { kind: EntryKind; name: string; size?: number },
	before: DestinationSnapshot,
): IDataObject[] {
	return entries.filter((entry) => {
		const hash = entryHash(entry);
		const size = entrySize(entry);
		return (
			(entryKind(entry) ?? 'file') === written.kind &&
			hash !== undefined &&
			!before.has(hash) &&
			isWrittenName(entryName(entry) ?? '', written.name, before.values()) &&
			(size === undefined || written.size === undefined || size === written.size)
		);
	});
}
