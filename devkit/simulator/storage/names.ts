import { randomItemName } from './ids';

export const MAX_NAME_LENGTH = 255;

// Characters that no stored name keeps: path separators, wildcards, quotes, pipes and controls.
// eslint-disable-next-line no-control-regex
const FORBIDDEN_CHARACTERS = /[/\\:*?"<>|\u0000-\u001f\u007f]/g;

/** Splits `report.pdf` into `report` and `.pdf`; dot files and extensionless names have no extension. */
export function splitExtension(name: string): { base: string; extension: string } {
	const dot = name.lastIndexOf('.');
	if (dot <= 0 || dot === name.length - 1) return { base: name, extension: '' };
	return { base: name.slice(0, dot), extension: name.slice(dot) };
}

function truncate(name: string, kind: 'folder' | 'file', maxLength: number): string {
	const characters = [...name];
	if (characters.length <= maxLength) return name;
	if (kind === 'file') {
		const { base, extension } = splitExtension(name);
		const extensionLength = [...extension].length;
		if (extensionLength < maxLength / 2) {
			return (
				[...base]
					.slice(0, maxLength - extensionLength)
					.join('')
					.trimEnd() + extension
			);
		}
	}
	return characters.slice(0, maxLength).join('').trimEnd();
}

/**
 * The simulator's name normalization: Unicode NFC, forbidden characters removed, whitespace
 * runs collapsed to one space, trimmed, `.` and `..` refused, at most 255 characters (files
 * keep their extension). A name that ends up empty gets a random one.
 */
export function normalizeName(requested: string | undefined, kind: 'folder' | 'file'): string {
	const cleaned = (requested ?? '').normalize('NFC').replace(FORBIDDEN_CHARACTERS, '').replace(/\s+/g, ' ').trim();
	if (cleaned === '' || cleaned === '.' || cleaned === '..') return randomItemName(kind);
	return truncate(cleaned, kind, MAX_NAME_LENGTH);
}

/** Sibling names are compared case-insensitively. */
export function nameKey(name: string): string {
	return name.normalize('NFC').toLowerCase();
}

/**
 * First free name among `taken` (keys from `nameKey`): the name itself, else `name (1)`,
 * `name (2)`… with the number before a file's extension (`report (1).pdf`).
 */
export function uniqueName(name: string, kind: 'folder' | 'file', taken: Set<string>): string {
	if (!taken.has(nameKey(name))) return name;
	const { base, extension } = kind === 'file' ? splitExtension(name) : { base: name, extension: '' };
	for (let counter = 1; ; counter++) {
		const suffix = ` (${counter})`;
		const room = MAX_NAME_LENGTH - [...suffix].length - [...extension].length;
		const candidate = [...base].slice(0, room).join('') + suffix + extension;
		if (!taken.has(nameKey(candidate))) return candidate;
	}
}
