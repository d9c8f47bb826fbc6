/**
 * Request parameters with PHP `$_REQUEST` semantics: query string and body are merged, a
 * body value wins over a query value of the same name, and the last of repeated plain names wins.
 */
export class Params {
	constructor(
		private readonly queryEntries: Array<[string, string]>,
		private readonly bodyEntries: Array<[string, string]>,
	) {}

	/** The value of `name`, or undefined when absent. An empty string is returned as is. */
	get(name: string): string | undefined {
		return lastValue(this.bodyEntries, name) ?? lastValue(this.queryEntries, name);
	}

	/** The value when present and not empty. */
	text(name: string): string | undefined {
		const value = this.get(name);
		return value === undefined || value === '' ? undefined : value;
	}

	has(name: string): boolean {
		return this.text(name) !== undefined;
	}

	/** Truthy values: `1`, `true`, `yes`, `on` (case-insensitive); everything else is false. */
	flag(name: string): boolean {
		return ['1', 'true', 'yes', 'on'].includes((this.get(name) ?? '').trim().toLowerCase());
	}

	/** An integer parameter: undefined when absent, NaN when present but not an integer. */
	integer(name: string): number | undefined {
		const value = this.text(name);
		if (value === undefined) return undefined;
		return /^-?\d+$/.test(value.trim()) ? Number(value.trim()) : Number.NaN;
	}

	/**
	 * An array parameter, sent as `name[]=a&name[]=b`, `name[0]=a`, `name=a&name=b` or one
	 * JSON array string `name=["a","b"]`. Body values win over query values as a whole.
	 * Returns undefined when the JSON form is not an array of strings.
	 */
	list(name: string): string[] | undefined {
		const fromBody = arrayValues(this.bodyEntries, name);
		return fromBody === undefined || fromBody.length > 0 ? fromBody : arrayValues(this.queryEntries, name);
	}

	/** True when the query string (not the body) carries any of these names. */
	queryHasAny(names: readonly string[]): boolean {
		return this.queryEntries.some(([key]) => names.includes(key));
	}
}

function lastValue(entries: Array<[string, string]>, name: string): string | undefined {
	let found: string | undefined;
	for (const [key, value] of entries) if (key === name) found = value;
	return found;
}

function arrayValues(entries: Array<[string, string]>, name: string): string[] | undefined {
	const indexed = new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\[\\d*\\]$`);
	const values: string[] = [];
	const plain: string[] = [];
	for (const [key, value] of entries) {
		if (indexed.test(key)) values.push(value);
		else if (key === name) plain.push(value);
	}
	if (plain.length === 1 && plain[0].trim().startsWith('[')) {
		try {
			const parsed: unknown = JSON.parse(plain[0]);
			if (!Array.isArray(parsed) || !parsed.every((item) => typeof item === 'string')) return undefined;
			return [...values, ...parsed];
		} catch {
			return undefined;
		}
	}
	return [...values, ...plain];
}

/** Entries of an `application/x-www-form-urlencoded` body; other content types give none. */
export function formEntries(body: Buffer, contentType: string | undefined): Array<[string, string]> {
	if (body.length === 0) return [];
	const type = (contentType ?? 'application/x-www-form-urlencoded').split(';')[0].trim().toLowerCase();
	if (type !== 'application/x-www-form-urlencoded') return [];
	return [...new URLSearchParams(body.toString('utf8'))];
}
