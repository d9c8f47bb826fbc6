import type { IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

function refuse(ctx: IExecuteFunctions, itemIndex: number, message: string, description?: string): never {
	throw new NodeOperationError(ctx.getNode(), message, { itemIndex, description });
}

/** A resource locator's value (list, hash or URL mode), trimmed; '' when empty and optional. */
export function readLocator(
	ctx: IExecuteFunctions,
	name: string,
	itemIndex: number,
	label: string,
	required = true,
): string {
	const raw = ctx.getNodeParameter(name, itemIndex, '', { extractValue: true });
	const value = typeof raw === 'string' ? raw.trim() : raw === undefined || raw === null ? '' : String(raw);
	if (required && !value) refuse(ctx, itemIndex, `The parameter "${label}" is empty`, `Choose the ${label.toLowerCase()} from the list or enter its hash.`);
	return value;
}

export function readText(
	ctx: IExecuteFunctions,
	name: string,
	itemIndex: number,
	label: string,
	options: { required?: boolean; maxLength?: number; fallback?: string } = {},
): string {
	const raw = ctx.getNodeParameter(name, itemIndex, options.fallback ?? '');
	const value = typeof raw === 'string' ? raw.trim() : raw === undefined || raw === null ? '' : String(raw);
	if (options.required && !value) refuse(ctx, itemIndex, `The parameter "${label}" is empty`, `Enter a value for "${label}".`);
	if (options.maxLength !== undefined && value.length > options.maxLength) {
		refuse(ctx, itemIndex, `The parameter "${label}" is too long (${value.length} characters)`, `Use at most ${options.maxLength} characters.`);
	}
	return value;
}

export function readInteger(
	ctx: IExecuteFunctions,
	name: string,
	itemIndex: number,
	label: string,
	range: { min?: number; max?: number } = {},
): number {
	const raw = ctx.getNodeParameter(name, itemIndex);
	const value = typeof raw === 'number' ? raw : Number(String(raw ?? '').trim());
	if (raw === '' || raw === undefined || raw === null || !Number.isInteger(value)) {
		refuse(ctx, itemIndex, `The parameter "${label}" must be a whole number`, `Got "${String(raw)}".`);
	}
	if ((range.min !== undefined && value < range.min) || (range.max !== undefined && value > range.max)) {
		const bounds = [range.min !== undefined ? `at least ${range.min}` : '', range.max !== undefined ? `at most ${range.max}` : '']
			.filter(Boolean)
			.join(' and ');
		refuse(ctx, itemIndex, `The parameter "${label}" is out of range (${value})`, `It must be ${bounds}.`);
	}
	return value;
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
	const raw = ctx.getNodeParameter(name, itemIndex, '');
	const entries = (Array.isArray(raw) ? raw.map(String) : String(raw ?? '').split(/[,;\n]/))
		.map((entry) => entry.trim())
		.filter(Boolean);
	if (required && entries.length === 0) {
		refuse(ctx, itemIndex, `The parameter "${label}" is empty`, 'Enter at least one e-mail address, several separated by commas.');
	}
	const invalid = entries.filter((entry) => !isEmail(entry));
	if (invalid.length) {
		refuse(ctx, itemIndex, `The parameter "${label}" holds an invalid e-mail address: ${invalid.join(', ')}`, 'Separate several addresses with commas.');
	}
	return entries;
}

/** A calendar date as YYYY-MM-DD, from a date-time picker value or typed text; '' when empty. */
export function readDate(ctx: IExecuteFunctions, name: string, itemIndex: number, label: string): string {
	const raw = ctx.getNodeParameter(name, itemIndex, '');
	const text = String(raw ?? '').trim();
	if (!text) return '';
	const match = /^(\d{4}-\d{2}-\d{2})/.exec(text);
	const date = match ? new Date(`${match[1]}T00:00:00Z`) : new Date(Number.NaN);
	if (!match || Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== match[1]) {
		refuse(ctx, itemIndex, `The parameter "${label}" is not a valid date: "${text}"`, 'Use the format YYYY-MM-DD.');
	}
	return match[1];
}

export function refuseInput(ctx: IExecuteFunctions, itemIndex: number, message: string, description?: string): never {
	refuse(ctx, itemIndex, message, description);
}

/** The operation's Timeout option, in milliseconds. */
export function readTimeout(ctx: IExecuteFunctions, itemIndex: number, fallback: number): number {
	const value = Number(ctx.getNodeParameter('options.timeout', itemIndex, fallback));
	return Number.isFinite(value) && value > 0 ? value : fallback;
}
