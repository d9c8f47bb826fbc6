import type { IDataObject, IExecuteFunctions, IGetNodeParameterOptions, IPollFunctions } from 'n8n-workflow';
import { deepCopy, NodeOperationError } from 'n8n-workflow';

import { isoCalendarDate } from '../services/mappedValues';
import { runningNodeOf } from './runningNode';
import { DEFAULT_TIMEOUT_MS } from '../transport/timeouts';

/** Where parameters are read: one item of an execution, or a poll (whose parameters have no item). */
export type ParameterContext = IExecuteFunctions | IPollFunctions;

function isPoll(ctx: ParameterContext): ctx is IPollFunctions {
	return typeof (ctx as IExecuteFunctions).getInputData !== 'function';
}

/** Whether a saved parameter value holds an expression anywhere: n8n marks one by a leading "=". */
function holdsExpression(value: unknown): boolean {
	if (typeof value === 'string') return value.startsWith('=');
	if (Array.isArray(value)) return value.some(holdsExpression);
	if (value && typeof value === 'object') return Object.values(value).some(holdsExpression);
	return false;
}

/** The parameter's value as the workflow saved it (`options.timeout` inside Options). */
function savedValue(ctx: IExecuteFunctions, name: string): unknown {
	let value: unknown = runningNodeOf(ctx).parameters;
	for (const key of name.split('.')) {
		if (!value || typeof value !== 'object') return undefined;
		value = (value as Record<string, unknown>)[key];
	}
	return value;
}

/**
 * What a run has read of its parameters. Reading one from n8n walks the node's description to check the value
 * against its property, at every call; n8n gives every item the same value of a parameter that holds no expression,
 * so such a value is read once per run (`sameForEveryItem`), another once per item (`ofItem`, the items in flight).
 */
interface ReadValues {
	sameForEveryItem: Map<string, { value: unknown }>;
	ofItem: Map<string, { value: unknown }>;
}

const readValues = new WeakMap<object, ReadValues>();
/** Items whose values are kept at once: more than run together in a batch, few enough to hold little. */
const ITEMS_KEPT = 64;

function readKey(name: string, fallback: unknown, options?: IGetNodeParameterOptions): string {
	const fallbackKey = typeof fallback === 'object' ? JSON.stringify(fallback) : `${typeof fallback}:${String(fallback)}`;
	return `${name}\n${fallbackKey}\n${options ? JSON.stringify(options) : ''}`;
}

/** The value n8n gives the item, not copied: callers copy what they hand on. */
function valueFor(
	ctx: IExecuteFunctions,
	name: string,
	itemIndex: number,
	fallback: unknown,
	options?: IGetNodeParameterOptions,
): unknown {
	let read = readValues.get(ctx);
	if (!read) readValues.set(ctx, (read = { sameForEveryItem: new Map(), ofItem: new Map() }));
	const key = readKey(name, fallback, options);
	const itemKey = `${itemIndex}\n${key}`;
	const known = read.sameForEveryItem.get(key) ?? read.ofItem.get(itemKey);
	if (known) return known.value;
	const value = ctx.getNodeParameter(name, itemIndex, fallback, options);
	if (!holdsExpression(savedValue(ctx, name))) read.sameForEveryItem.set(key, { value });
	else {
		if (read.ofItem.size >= ITEMS_KEPT) read.ofItem.clear();
		read.ofItem.set(itemKey, { value });
	}
	return value;
}

/**
 * A parameter's value for an item (a poll's `itemIndex` is ignored). An option (`options.timeout`) is taken from its
 * collection, read whole once: one check against the description for all the options an item reads.
 */
export function parameterOf(
	ctx: ParameterContext,
	name: string,
	itemIndex: number,
	fallback: unknown,
	options?: IGetNodeParameterOptions,
): unknown {
	if (isPoll(ctx)) return ctx.getNodeParameter(name, fallback, options);
	const [collection, ...path] = name.split('.');
	let value: unknown;
	if (path.length === 0 || options) value = valueFor(ctx, name, itemIndex, fallback, options);
	else {
		value = valueFor(ctx, collection, itemIndex, {});
		for (const key of path) value = value && typeof value === 'object' ? (value as IDataObject)[key] : undefined;
		if (value === undefined) value = fallback;
	}
	return value && typeof value === 'object' ? deepCopy(value) : value;
}

function refuse(ctx: ParameterContext, itemIndex: number, message: string, description?: string): never {
	throw new NodeOperationError(ctx.getNode(), message, { itemIndex: isPoll(ctx) ? undefined : itemIndex, description });
}

/**
 * The value inside a resource locator (`{__rl, mode, value}`): what a workflow saved before an
 * input became text holds there (a tool's "let the model define this parameter" gave a locator).
 */
function locatorValue(raw: unknown): unknown {
	if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return undefined;
	const entries = raw as Record<string, unknown>;
	return entries.__rl === true || (typeof entries.mode === 'string' && 'value' in entries)
		? (entries.value ?? '')
		: undefined;
}

/**
 * A parameter's value as text. Numbers and booleans are written out, a resource locator gives its
 * value; any other object or array (an expression that gave `$json` instead of one of its fields)
 * is refused, never sent as `[object Object]`.
 */
function textOf(ctx: ParameterContext, raw: unknown, itemIndex: number, label: string): string {
	if (raw === undefined || raw === null) return '';
	if (typeof raw === 'string') return raw.trim();
	if (typeof raw === 'number' || typeof raw === 'boolean') return String(raw);
	const inLocator = locatorValue(raw);
	if (inLocator !== undefined && (typeof inLocator !== 'object' || inLocator === null))
		return textOf(ctx, inLocator, itemIndex, label);
	const kind = Array.isArray(raw) ? 'a list' : 'an object';
	return refuse(
		ctx,
		itemIndex,
		`The parameter "${label}" got ${kind}, not text`,
		`Its expression gives ${kind}. Pick the field that holds the text (for example {{ $json.name ` +
			`}}), or write it out with {{ JSON.stringify(...) }}.`,
	);
}

/** A resource locator's value (list, hash or URL mode), trimmed; '' when empty and optional. */
export function readLocator(
	ctx: ParameterContext,
	name: string,
	itemIndex: number,
	label: string,
	required = true,
): string {
	const value = textOf(ctx, parameterOf(ctx, name, itemIndex, '', { extractValue: true }), itemIndex, label);
	if (required && !value)
		refuse(
			ctx,
			itemIndex,
			`The parameter "${label}" is empty`,
			`Choose the ${label.toLowerCase()} from the list or enter its hash.`,
		);
	return value;
}

export function readText(
	ctx: ParameterContext,
	name: string,
	itemIndex: number,
	label: string,
	options: { required?: boolean; maxLength?: number; fallback?: string } = {},
): string {
	const value = textOf(ctx, parameterOf(ctx, name, itemIndex, options.fallback ?? ''), itemIndex, label);
	if (options.required && !value)
		refuse(ctx, itemIndex, `The parameter "${label}" is empty`, `Enter a value for "${label}".`);
	if (options.maxLength !== undefined && value.length > options.maxLength) {
		refuse(
			ctx,
			itemIndex,
			`The parameter "${label}" is too long (${value.length} characters)`,
			`Use at most ${options.maxLength} characters.`,
		);
	}
	return value;
}

/**
 * Why a parameter's value is not a whole number in its range, in the words every node and trigger
 * uses; undefined when it is one.
 */
export function wholeNumberProblem(
	raw: unknown,
	label: string,
	range: { min?: number; max?: number },
): { message: string; description: string } | undefined {
	const value =
		typeof raw === 'number' ? raw : typeof raw === 'string' && raw.trim() !== '' ? Number(raw.trim()) : Number.NaN;
	const { min, max } = range;
	const got = `Got "${String(raw)}".`;
	if (min !== undefined && max !== undefined) {
		const inRange = Number.isInteger(value) && value >= min && value <= max;
		return inRange
			? undefined
			: { message: `The parameter "${label}" must be a whole number from ${min} to ${max}`, description: got };
	}
	if (!Number.isInteger(value)) return { message: `The parameter "${label}" must be a whole number`, description: got };
	if ((min !== undefined && value < min) || (max !== undefined && value > max)) {
		return {
			message: `The parameter "${label}" is out of range (${value})`,
			description: `It must be ${min !== undefined ? `at least ${min}` : `at most ${max}`}.`,
		};
	}
	return undefined;
}

export function readInteger(
	ctx: ParameterContext,
	name: string,
	itemIndex: number,
	label: string,
	range: { min?: number; max?: number; fallback?: number } = {},
): number {
	const raw = parameterOf(ctx, name, itemIndex, range.fallback);
	const problem = wholeNumberProblem(raw, label, range);
	if (problem) refuse(ctx, itemIndex, problem.message, problem.description);
	return Number(raw);
}

/** A search's Query (the MCP endpoint: at most 200 characters) and Limit (1 to `maxResults`). */
export function readSearch(
	ctx: IExecuteFunctions,
	itemIndex: number,
	maxResults: number,
): { query: string; limit: number } {
	return {
		query: readText(ctx, 'query', itemIndex, 'Query', { required: true, maxLength: 200 }),
		limit: readInteger(ctx, 'limit', itemIndex, 'Limit', { min: 1, max: maxResults }),
	};
}

const EMAIL = /^[^\s@<>(),;:"[\]]+@[^\s@<>(),;:"[\]]+\.(?:\p{L}{2,}|xn--[a-z0-9-]+)$/iu;

/**
 * `local@domain.tld` as mail services accept it: at most 254 characters, no spaces, no empty
 * dot-separated part (`a..b@x.com`, `.a@x.com`, `a@x.com.` are refused) and a top-level domain of
 * letters (or its punycode form).
 */
export function isEmail(value: string): boolean {
	if (value.length > 254 || !EMAIL.test(value)) return false;
	const [local, domain] = value.split('@');
	return [local, domain].every((part) => !part.startsWith('.') && !part.endsWith('.') && !part.includes('..'));
}

/** A list of e-mail addresses from a comma, semicolon or newline separated text, or an array. */
export function readEmails(
	ctx: IExecuteFunctions,
	name: string,
	itemIndex: number,
	label: string,
	required: boolean,
): string[] {
	const raw = parameterOf(ctx, name, itemIndex, '');
	const entries = (Array.isArray(raw) ? raw.map(String) : String(raw ?? '').split(/[,;\n]/))
		.map((entry) => entry.trim())
		.filter(Boolean);
	if (required && entries.length === 0) {
		refuse(
			ctx,
			itemIndex,
			`The parameter "${label}" is empty`,
			'Enter at least one e-mail address, several separated by commas.',
		);
	}
	const invalid = entries.filter((entry) => !isEmail(entry));
	if (invalid.length) {
		refuse(
			ctx,
			itemIndex,
			`The parameter "${label}" holds an invalid e-mail address: ${invalid.join(', ')}`,
			'Separate several addresses with commas.',
		);
	}
	return entries;
}

/** A calendar date as YYYY-MM-DD, from a date-time picker value or typed ISO 8601 text; '' when empty. */
export function readDate(ctx: IExecuteFunctions, name: string, itemIndex: number, label: string): string {
	const raw = parameterOf(ctx, name, itemIndex, '');
	const text = textOf(
		ctx,
		typeof raw === 'object' && raw !== null && 'toISO' in raw ? String(raw) : raw,
		itemIndex,
		label,
	);
	if (!text) return '';
	const day = isoCalendarDate(text);
	if (day === undefined) {
		refuse(
			ctx,
			itemIndex,
			`The parameter "${label}" is not a valid date: "${text.slice(0, 60)}"`,
			'Use the format YYYY-MM-DD (ISO 8601), optionally with a time.',
		);
	}
	return day;
}

export function refuseInput(ctx: ParameterContext, itemIndex: number, message: string, description?: string): never {
	refuse(ctx, itemIndex, message, description);
}

/** The operation's Timeout option, in milliseconds (the default is the transport's). */
export function readTimeout(ctx: ParameterContext, itemIndex: number): number {
	const value = Number(parameterOf(ctx, 'options.timeout', itemIndex, DEFAULT_TIMEOUT_MS));
	return Number.isFinite(value) && value > 0 ? value : DEFAULT_TIMEOUT_MS;
}

/** A yes-or-no parameter: a boolean, or the text "true" or "false" (as a model or an older workflow may give it). */
export function readBoolean(
	ctx: ParameterContext,
	name: string,
	itemIndex: number,
	label: string,
	fallback = false,
): boolean {
	const raw = parameterOf(ctx, name, itemIndex, fallback);
	if (raw === undefined || raw === null || raw === '') return fallback;
	if (typeof raw === 'boolean') return raw;
	const text = typeof raw === 'string' ? raw.trim().toLowerCase() : typeof raw === 'number' ? String(raw) : '';
	if (text === 'true' || text === '1') return true;
	if (text === 'false' || text === '0') return false;
	return refuse(
		ctx,
		itemIndex,
		`The parameter "${label}" must be true or false`,
		`Got ${JSON.stringify(raw)?.slice(0, 60)}.`,
	);
}
