import { z } from 'zod';

/**
 * The shapes a 2xx answer of a REST action may have (the storage API and the DVS API); each action's
 * row in restCatalogue.ts picks one. An answer that does not parse or match is an error, never a
 * success; after a write it is an unknown outcome, settled by reading back (the services' executor).
 *
 * Where a document says "not shown", the shape only asks for what the node relies on.
 */
export interface AnswerShape {
	/** The parsed JSON body; `undefined` for an empty body. */
	schema: z.ZodType<unknown>;
	/** What the answer should hold, for messages ("a folder_hash"). */
	expected: string;
}

export const text = z.string().min(1);
export const object = z.record(z.unknown());

/** PHP services send booleans as true/false, 1/0 or their strings. */
function isFalse(value: unknown): boolean {
	return (
		value === false || value === 0 || (typeof value === 'string' && ['0', 'false'].includes(value.trim().toLowerCase()))
	);
}

export const SAYS_FAILED = 'the answer says success: false';

/** True for a 200 answer that reports a failure (`success: false`, `Success: 0`…). */
export function saysFailed(value: unknown): boolean {
	if (!value || typeof value !== 'object' || Array.isArray(value)) return false;
	const record = value as Record<string, unknown>;
	return isFalse(record.success ?? record.Success);
}

/** A JSON object that does not say it failed (`success: false`). */
export const notFailed = object.refine((value) => !saysFailed(value), { message: SAYS_FAILED });

/** "No documented data": an empty body, or a JSON object that does not say it failed. */
export const noDocumentedData = z.union([z.undefined(), notFailed]);

/** "Wrapped key and sender public keys" (the storage API names no field): some non-empty key field. */
export const wrappedKey = notFailed.refine(
	(value) =>
		Object.entries(value).some(([key, field]) => /key/i.test(key) && typeof field === 'string' && field !== ''),
	{ message: 'the answer holds no key' },
);

/** An object that carries one of these fields. */
export const carrying = (...keys: string[]) =>
	notFailed.refine(
		(value) => keys.some((key) => value[key] !== undefined && value[key] !== null && value[key] !== ''),
		{
			message: `the answer has no ${keys.join(' or ')}`,
		},
	);

export const folderWritten = notFailed.and(z.object({ folder_hash: text, folder_name: z.string() }).passthrough());
export const fileWritten = notFailed.and(z.object({ file_hash: text, file_name: z.string() }).passthrough());
const isEntry = (value: unknown) =>
	!!value &&
	typeof value === 'object' &&
	!Array.isArray(value) &&
	['folder_hash', 'file_hash', 'hash'].some((key) => typeof (value as Record<string, unknown>)[key] === 'string');
// One check over the whole list, not z.array of z.record: a folder of 50,000 entries is checked without copying it.
export const entries = z.custom<Array<Record<string, unknown>>>(
	(value) => Array.isArray(value) && value.every(isEntry),
	(value: unknown) => ({
		message: Array.isArray(value) ? 'an entry has no hash' : 'the answer is not a list',
	}),
);

export const documentId = z.object({ dvs_document_id: z.number().int().positive() }).passthrough();
export const page = z.object({ items: z.array(object), total: z.number().int().nonnegative() }).passthrough();

/** Why a body does not match, in a few words. */
export function mismatchOf(result: z.SafeParseReturnType<unknown, unknown>): string {
	if (result.success) return '';
	const issue = result.error.issues[0];
	const where = issue.path.length > 0 ? ` at ${issue.path.join('.')}` : '';
	return `${issue.message}${where}`;
}
