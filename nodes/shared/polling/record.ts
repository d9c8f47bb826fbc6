import { hash } from 'crypto';

/** Characters of one entry's key in a saved record: 48 bits of SHA-256, base64url. */
export const KEY_CHARS = 8;
/** Characters of one entry's version stamp (a number in base 36, zero-padded). */
export const STAMP_CHARS = 8;

/** A whole saved record, checked at once: keys alone, or each key followed by its stamp. */
const RECORD = /^[A-Za-z0-9_-]*$/;
const STAMPED_RECORD = new RegExp(`^(?:[A-Za-z0-9_-]{${KEY_CHARS}}[0-9a-z]{${STAMP_CHARS}})*$`);

/**
 * What a trigger has seen, keyed by identity: a compact, bounded record kept in the node's
 * static data. Each entry is the 48-bit digest of its kind and id (8 characters: one in 10^7
 * chance of a clash among 50,000 entries) and, for triggers that notice changes, a version stamp
 * (8 more). It holds only what the last listing showed, so it grows and shrinks with the watched
 * target: a folder of 50,000 files is 400 KB (800 KB with stamps).
 */
export class SeenRecord {
	private readonly entries: Map<string, number | undefined>;

	constructor(
		readonly stamped: boolean,
		entries?: Map<string, number | undefined>,
	) {
		this.entries = entries ?? new Map();
	}

	static keyOf(kind: string, id: string): string {
		return hash('sha256', `${kind}:${id}`, 'base64url').slice(0, KEY_CHARS);
	}

	/** Reads a saved record; undefined when the text is not one. */
	static decode(text: unknown, stamped: boolean): SeenRecord | undefined {
		if (typeof text !== 'string') return undefined;
		const width = KEY_CHARS + (stamped ? STAMP_CHARS : 0);
		if (text.length % width !== 0 || !(stamped ? STAMPED_RECORD : RECORD).test(text)) return undefined;
		const entries = new Map<string, number | undefined>();
		for (let at = 0; at < text.length; at += width) {
			entries.set(
				text.slice(at, at + KEY_CHARS),
				stamped ? parseInt(text.slice(at + KEY_CHARS, at + width), 36) : undefined,
			);
		}
		return new SeenRecord(stamped, entries);
	}

	encode(): string {
		const keys = [...this.entries.keys()].sort();
		if (!this.stamped) return keys.join('');
		return keys
			.map(
				(key) =>
					`${key}${Math.max(0, Math.floor(this.entries.get(key) ?? 0))
						.toString(36)
						.padStart(STAMP_CHARS, '0')
						.slice(-STAMP_CHARS)}`,
			)
			.join('');
	}

	has(key: string): boolean {
		return this.entries.has(key);
	}

	stampOf(key: string): number | undefined {
		return this.entries.get(key);
	}

	set(key: string, stamp?: number): void {
		this.entries.set(key, stamp);
	}

	get size(): number {
		return this.entries.size;
	}

	/** The same record without the keys no longer present (entries deleted or moved away). */
	keepOnly(present: Set<string>): SeenRecord {
		const kept = new Map<string, number | undefined>();
		for (const [key, stamp] of this.entries) if (present.has(key)) kept.set(key, stamp);
		return new SeenRecord(this.stamped, kept);
	}
}
