import type { IExecuteFunctions, IPollFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { isoCalendarDate } from '../services/mappedValues';
import { parameterOf } from './parameterReads';
import { DEFAULT_TIMEOUT_MS } from '../transport/timeouts';

/** Where parameters are read: one item of an execution, or a poll (whose parameters have no item). */
export type ParameterContext = IExecuteFunctions | IPollFunctions;

export { parameterOf };

function isPoll(ctx: ParameterContext): ctx is IPollFunctions {
	return typeof (ctx as IExecuteFunctions).getInputData !== 'function';
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
