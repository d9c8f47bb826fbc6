import type { IDataObject } from 'n8n-workflow';

import { entryHash, entryName } from '../../adapters/storage/entryFields';

// Characters no stored name keeps under any reading of the storage API's "normalized": path
// separators, wildcards, quotes, pipes and control characters.
// eslint-disable-next-line no-control-regex -- control characters are among those removed
const REMOVED_CHARACTERS = /[/\\:*?"<>|\u0000-\u001f\u007f]/g;

/**
 * A requested name as the service stores it (the storage API: "final name is normalized and unique
 * among siblings"; the MCP endpoint normalizes the same way without numbering): Unicode NFC, the
 * characters no name keeps removed, whitespace runs collapsed, trimmed. Empty (also for `.` and `..`) means the
 * service picks a random name.
 */
export function normalizedName(name: string): string {
	const cleaned = name.normalize('NFC').replace(REMOVED_CHARACTERS, '').replace(/\s+/g, ' ').trim();
	// `.` and `..` name no entry: the service picks a name for them as for an empty one.
	return cleaned === '.' || cleaned === '..' ? '' : cleaned;
}

/** A name as the service stores it, for comparing two stored names (the storage API gives no other folding). */
export function stored(name: string): string {
	return name.normalize('NFC');
}

/** Names a person would take for the same: case and Unicode compatibility forms folded. Never proof. */
export function folded(name: string): string {
	return name.normalize('NFKC').toLowerCase();
}

/** The number a service adds to a taken name: ` (2)`, `_2`, `-2`, at the end of the name or of its stem. */
const NUMBERING = String.raw`(?: \(\d{1,4}\)|[_-]\d{1,4})`;
const NUMBERED = new RegExp(`${NUMBERING}$`);
const ONLY_NUMBERING = new RegExp(`^${NUMBERING}$`);

function splitExtension(name: string): { stem: string; extension: string } {
	const dot = name.lastIndexOf('.');
	if (dot <= 0 || dot === name.length - 1) return { stem: name, extension: '' };
	return { stem: name.slice(0, dot), extension: name.slice(dot) };
}

/**
 * `given` is `name` with the number a service adds on a conflict: `name (2)`, `name_2`, `name-2`, before a
 * file's extension.
 */
export function isNumbered(given: string, name: string): boolean {
	const wanted = splitExtension(name);
	const actual = splitExtension(given);
	const stemsOf = (full: { stem: string; extension: string }, whole: string) =>
		full.extension
			? [
					{ stem: full.stem, extension: full.extension },
					{ stem: whole, extension: '' },
				]
			: [{ stem: whole, extension: '' }];
	return stemsOf(actual, given).some((candidate) =>
		stemsOf(wanted, name).some(
			(target) =>
				candidate.extension === target.extension &&
				candidate.stem.startsWith(target.stem) &&
				ONLY_NUMBERING.test(candidate.stem.slice(target.stem.length)),
		),
	);
}

/**
 * What a write of `name` claims in its folder (writeTurns.ts): the name folded, and the names it would be a numbered
 * copy of — the names a read-back could confuse with it (`nameMatch`). No key for a name the service replaces with a
 * random one: anything new in the folder may be it.
 */
export function nameClaim(name: string): { key?: string; alsoMeets?: string[] } {
	const wanted = normalizedName(name);
	if (wanted === '') return {};
	const key = folded(wanted);
	const { stem, extension } = splitExtension(key);
	const copyOf = [key.replace(NUMBERED, ''), stem.replace(NUMBERED, '') + extension].filter(
		(other) => other !== '' && other !== key && other !== extension,
	);
	return copyOf.length > 0 ? { key, alsoMeets: [...new Set(copyOf)] } : { key };
}

/**
 * How a new item's name (one absent before the write) relates to the name we asked for, by the
 * service's rule only (the storage API: "final name is normalized and unique among siblings"; nothing
 * says names are case-folded):
 * - `ours`: exactly the requested name as the service normalizes it, or, only when that exact
 *   name was taken before the write, the same name with the number the service adds on a
 *   conflict. A name that normalizes to nothing gets a random one, so any new item is ours.
 * - `look-alike`: the same but for letter case or Unicode compatibility forms (`report` for
 *   `Report`), plain or numbered: another client's item as likely as ours, so it proves nothing.
 * - `other`: anything else (`Report-2024` for `Report` while `Report` was free).
 */
export function nameMatch(
	given: string,
	requested: string,
	namesBefore: Iterable<string>,
): 'ours' | 'look-alike' | 'other' {
	const wanted = normalizedName(requested);
	if (wanted === '') return 'ours';
	const actual = stored(given);
	if (actual === wanted) return 'ours';
	const before = [...namesBefore];
	if (before.some((name) => stored(name) === wanted) && isNumbered(actual, wanted)) return 'ours';
	if (folded(actual) === folded(wanted)) return 'look-alike';
	if (before.some((name) => folded(name) === folded(wanted)) && isNumbered(folded(actual), folded(wanted)))
		return 'look-alike';
	return 'other';
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
 * A stored name our requested one may have become without being it: the service cut a long name (at its end or
 * before the extension). Such an entry, new since the write, proves nothing either way.
 */
export function mayHaveBecome(given: string, wanted: string): boolean {
	const actual = stored(given);
	if (actual.length < 64 || actual.length >= wanted.length) return false;
	const { stem, extension } = splitExtension(actual);
	return wanted.startsWith(actual) || (extension !== '' && wanted.endsWith(extension) && wanted.startsWith(stem));
}
