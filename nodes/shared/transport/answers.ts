import { z } from 'zod';

/**
 * What a 2xx answer of each REST action must look like (the storage API and the DVS API), and whether the
 * action writes. An answer that does not parse or match is an error, never a success; after a
 * write it is an unknown outcome, settled by reading back (reconcile.ts).
 *
 * Where a document says "not shown", the shape only asks for what the node relies on.
 */
export interface AnswerShape {
	/** The parsed JSON body; `undefined` for an empty body. */
	schema: z.ZodType<unknown>;
	/** The action changes state: an answer that cannot be read leaves the outcome unknown. */
	write: boolean;
	/** What the answer should hold, for messages ("a folder_hash"). */
	expected: string;
}

const text = z.string().min(1);
const object = z.record(z.unknown());

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
const notFailed = object.refine((value) => !saysFailed(value), { message: SAYS_FAILED });

/** "No documented data": an empty body, or a JSON object that does not say it failed. */
const noDocumentedData = z.union([z.undefined(), notFailed]);

/** "Wrapped key and sender public keys" (the storage API names no field): some non-empty key field. */
const wrappedKey = notFailed.refine(
	(value) =>
		Object.entries(value).some(([key, field]) => /key/i.test(key) && typeof field === 'string' && field !== ''),
	{ message: 'the answer holds no key' },
);

/** An object that carries one of these fields. */
const carrying = (...keys: string[]) =>
	notFailed.refine(
		(value) => keys.some((key) => value[key] !== undefined && value[key] !== null && value[key] !== ''),
		{
			message: `the answer has no ${keys.join(' or ')}`,
		},
	);

const shape = (schema: z.ZodType<unknown>, write: boolean, expected: string): AnswerShape => ({
	schema,
	write,
	expected,
});

const folderWritten = notFailed.and(z.object({ folder_hash: text, folder_name: z.string() }).passthrough());
const fileWritten = notFailed.and(z.object({ file_hash: text, file_name: z.string() }).passthrough());
const isEntry = (value: unknown) =>
	!!value &&
	typeof value === 'object' &&
	!Array.isArray(value) &&
	['folder_hash', 'file_hash', 'hash'].some((key) => typeof (value as Record<string, unknown>)[key] === 'string');
// One check over the whole list, not z.array of z.record: a folder of 50,000 entries is checked without copying it.
const entries = z.custom<Array<Record<string, unknown>>>(
	(value) => Array.isArray(value) && value.every(isEntry),
	(value: unknown) => ({
		message: Array.isArray(value) ? 'an entry has no hash' : 'the answer is not a list',
	}),
);

/** The storage API, `/api_v2/{action}`. */
export const STORAGE_ANSWERS: Record<string, AnswerShape> = {
	create_folder: shape(folderWritten, true, 'the new folder_hash and folder_name'),
	get_folder_content: shape(entries, false, 'an array of folder content entries'),
	get_folder_info: shape(carrying('folder_hash', 'folder_name', 'hash', 'name'), false, 'a folder info object'),
	rename_folder: shape(folderWritten, true, 'folder_hash and the final folder_name'),
	delete_folder: shape(noDocumentedData, true, 'a status object'),
	upload_file: shape(
		notFailed.and(z.object({ file_hash: text, file_name: z.string() }).passthrough()),
		true,
		'the new file_hash and file_name',
	),
	get_file_info: shape(carrying('file_hash', 'file_name', 'hash', 'name'), false, 'a file info object'),
	rename_file: shape(fileWritten, true, 'file_hash and the final file_name'),
	move_file: shape(noDocumentedData, true, 'no documented data'),
	delete_file: shape(noDocumentedData, true, 'no documented data'),
	get_esignatures: shape(z.union([z.array(object), notFailed]), false, 'an array of signature records'),
	esignature_share: shape(carrying('status', 'sent_emails'), true, 'status, sent_emails and next_share_emails'),
	save_user_encryption_keys: shape(notFailed, true, 'a success result'),
	save_file_encryption_key: shape(notFailed, true, 'a success result'),
	save_upload_encryption_key: shape(notFailed, true, 'a success result'),
	get_file_encryption_key: shape(wrappedKey, false, 'the wrapped key'),
	get_upload_encryption_key: shape(wrappedKey, false, 'the wrapped key'),
	get_share_encryption_key: shape(
		notFailed.and(z.object({ encryptionKey: z.string() }).passthrough()),
		false,
		'encryptionKey and the receiver keys',
	),
};

/** The storage API, legacy scripts under `/api/{script}.php`. */
export const STORAGE_SCRIPT_ANSWERS: Record<string, AnswerShape> = {
	// The storage API: "The user data object ... includes the ROOT folder hash and keys".
	authenticate_user: shape(
		notFailed.refine((value) => Object.keys(value).some((key) => /root/i.test(key)), {
			message: 'the answer names no ROOT folder',
		}),
		false,
		'the user data object',
	),
	get_storage_data: shape(carrying('data', 'used_mb'), false, 'success and the storage data'),
	// `Success: false` is an answer here: the session is not valid.
	validate_session: shape(
		object.refine((value) => 'Success' in value || 'success' in value, { message: 'no Success field' }),
		false,
		'the session status (Success)',
	),
	undelete_folder: shape(noDocumentedData, true, 'a status'),
	undelete_file: shape(noDocumentedData, true, 'a status'),
};

const documentId = z.object({ dvs_document_id: z.number().int().positive() }).passthrough();
const page = z.object({ items: z.array(object), total: z.number().int().nonnegative() }).passthrough();

/** The DVS API, `/api_dvs/{section}/{action}`. */
export const DVS_ANSWERS: Record<string, AnswerShape> = {
	get_fields: shape(z.object({ fields: z.array(object) }).passthrough(), false, 'fields'),
	get_users: shape(z.object({ users: z.array(object) }).passthrough(), false, 'users'),
	search_users: shape(z.object({ users: z.array(object) }).passthrough(), false, 'users'),
	get_document: shape(documentId, false, 'the document with its dvs_document_id'),
	get_documents: shape(page, false, 'items and total'),
	get_comments: shape(page, false, 'items and total'),
	create_document: shape(documentId, true, 'the new dvs_document_id'),
	update_document: shape(documentId, true, 'the dvs_document_id'),
	add_comment: shape(documentId, true, 'the dvs_document_id'),
	upload_document_file: shape(
		z.union([
			z.object({ file_hash: text, upload_hash: text }).passthrough(),
			// The DVS API: a file the service could not save is 200 with success false.
			z.object({ success: z.literal(false) }).passthrough(),
		]),
		true,
		'file_hash and upload_hash (or success false with an error)',
	),
};

/** Why a body does not match, in a few words. */
export function mismatchOf(result: z.SafeParseReturnType<unknown, unknown>): string {
	if (result.success) return '';
	const issue = result.error.issues[0];
	const where = issue.path.length > 0 ? ` at ${issue.path.join('.')}` : '';
	return `${issue.message}${where}`;
}
