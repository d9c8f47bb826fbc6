import type { FieldType } from 'n8n-workflow';

/**
 * The one converter of values a user maps to typed fields: a DVS register's fields (by their
 * get_fields type) and an MCP tool's arguments (by their JSON schema type). n8n checks and
 * converts a mapper value by its field type where the workflow asks it to; this takes what n8n
 * hands over (typed, or text from an expression) to what the API takes, or says why it cannot.
 */
export type MappedKind =
	| 'text'
	| 'raw'
	| 'number'
	| 'numericText'
	| 'boolean'
	| 'object'
	| 'array'
	| 'id'
	| 'idList'
	| 'date';

/** ISO 8601: a date, or a date and time with optional seconds, fraction and zone. */
const ISO_DATE = /^(\d{4}-\d{2}-\d{2})(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;

/** The calendar day (YYYY-MM-DD) of a strict ISO 8601 date or date-time; undefined for anything else. */
export function isoCalendarDate(text: string): string | undefined {
	const match = ISO_DATE.exec(text.trim());
	if (!match) return undefined;
	const date = new Date(`${match[1]}T00:00:00Z`);
	return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === match[1] ? match[1] : undefined;
}

export type Converted = { value: MappedValue } | { problem: string };
export type MappedValue = string | number | boolean | number[] | unknown[] | Record<string, unknown>;

/** A whole-number ID from a number, or a text holding one (as typed or from an expression). */
export function asId(value: unknown): number | undefined {
	if (typeof value === 'number') return Number.isSafeInteger(value) && value > 0 ? value : undefined;
	if (typeof value === 'string' && /^\s*\d{1,15}\s*$/.test(value)) {
		const id = Number(value.trim());
		return id > 0 ? id : undefined;
	}
	return undefined;
}

/** IDs from an array, a JSON array text or a comma-separated text; undefined when one is not an ID. */
export function asIdList(value: unknown): number[] | undefined {
	let entries: unknown[];
	if (Array.isArray(value)) {
		entries = value;
	} else if (typeof value === 'number') {
		entries = [value];
	} else if (typeof value === 'string') {
		const text = value.trim();
		if (text.startsWith('[')) {
			try {
				const parsed: unknown = JSON.parse(text);
				if (!Array.isArray(parsed)) return undefined;
				entries = parsed;
			} catch {
				return undefined;
			}
		} else {
			entries = text === '' ? [] : text.split(',');
		}
	} else {
		return undefined;
	}
	const ids = entries.map(asId);
	return ids.every((id) => id !== undefined) ? [...new Set(ids as number[])] : undefined;
}

/** A calendar date as YYYY-MM-DD from strict ISO 8601 text (a time is dropped); undefined when it is not a date. */
export function asCalendarDate(value: unknown): string | undefined {
	const text =
		value && typeof value === 'object' && typeof (value as { toISO?: unknown }).toISO === 'function'
			? String((value as { toISO: () => string }).toISO())
			: typeof value === 'string'
				? value.trim()
				: '';
	return isoCalendarDate(text);
}

function isObject(value: unknown): value is Record<string, unknown> {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A JSON object or array given as such, or as its JSON text. */
function asJson(raw: unknown, kind: 'object' | 'array'): Converted {
	let value = raw;
	if (typeof raw === 'string') {
		try {
			value = JSON.parse(raw) as unknown;
		} catch {
			value = undefined;
		}
	}
	const fits = kind === 'array' ? Array.isArray(value) : isObject(value);
	return fits ? { value: value as MappedValue } : { problem: `must be a JSON ${kind}` };
}

function asNumber(raw: unknown): Converted {
	const number =
		typeof raw === 'number' ? raw : typeof raw === 'string' && raw.trim() ? Number(raw.trim()) : Number.NaN;
	return Number.isFinite(number) ? { value: number } : { problem: 'must be a number' };
}

const CONVERT: Record<MappedKind, (raw: unknown) => Converted> = {
	text: (raw) =>
		typeof raw === 'string'
			? { value: raw.trim() }
			: typeof raw === 'number' || typeof raw === 'boolean'
				? { value: String(raw) }
				: { problem: 'needs text' },
	raw: (raw) =>
		typeof raw === 'string'
			? { value: raw }
			: typeof raw === 'number' || typeof raw === 'boolean'
				? { value: String(raw) }
				: { problem: 'needs text' },
	number: asNumber,
	numericText: (raw) => {
		const converted = asNumber(raw);
		return 'value' in converted ? { value: String(converted.value) } : converted;
	},
	boolean: (raw) => {
		if (typeof raw === 'boolean') return { value: raw };
		const text = typeof raw === 'string' ? raw.trim().toLowerCase() : '';
		return text === 'true' || text === 'false' ? { value: text === 'true' } : { problem: 'must be true or false' };
	},
	object: (raw) => asJson(raw, 'object'),
	array: (raw) => asJson(raw, 'array'),
	id: (raw) => {
		const id = asId(raw);
		return id === undefined ? { problem: 'needs an ID (a whole number) from the list' } : { value: id };
	},
	idList: (raw) => {
		const ids = asIdList(raw);
		return ids === undefined
			? { problem: 'needs IDs (whole numbers): an array such as [12, 15], or IDs separated by commas' }
			: { value: ids };
	},
	date: (raw) => {
		const date = asCalendarDate(raw);
		return date === undefined ? { problem: 'needs a date as YYYY-MM-DD' } : { value: date };
	},
};

/** A mapped value as its kind, or why it is not one. */
export function convertMapped(kind: MappedKind, raw: unknown): Converted {
	return CONVERT[kind](raw);
}

/** The n8n field type a kind is shown and checked as in a resource mapper. */
export const FIELD_TYPE_OF: Record<MappedKind, FieldType> = {
	text: 'string',
	raw: 'string',
	number: 'number',
	numericText: 'number',
	boolean: 'boolean',
	object: 'object',
	array: 'array',
	id: 'number',
	idList: 'array',
	date: 'dateTime',
};

/** A resource mapper's parameter as the node reads it: its mode, its values and the field schema it stored. */
export interface MapperInput {
	mappingMode?: string;
	value: Record<string, unknown>;
	schema: Array<{ id: string; type?: string; required?: boolean; removed?: boolean }>;
}

/**
 * A resource mapper's parameter, also in the shapes a workflow or a model may give it: the mapper
 * value, the values alone as an object, or either as JSON text. Undefined when it is none of them.
 */
export function mapperInputOf(raw: unknown): MapperInput | undefined {
	let parsed = raw;
	if (typeof raw === 'string') {
		if (!raw.trim()) return { value: {}, schema: [] };
		const json = asJson(raw, 'object');
		if ('problem' in json) return undefined;
		parsed = json.value;
	}
	if (parsed === undefined || parsed === null) return { value: {}, schema: [] };
	if (!isObject(parsed)) return undefined;
	const isMapper = 'mappingMode' in parsed || ('schema' in parsed && 'value' in parsed);
	if (!isMapper) return { value: parsed, schema: [] };
	const inner = mapperInputOf(parsed.value ?? {});
	if (!inner) return undefined;
	return {
		mappingMode: typeof parsed.mappingMode === 'string' ? parsed.mappingMode : undefined,
		value: inner.value,
		schema: Array.isArray(parsed.schema) ? (parsed.schema as MapperInput['schema']) : [],
	};
}
