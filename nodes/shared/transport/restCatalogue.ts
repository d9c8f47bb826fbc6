import { z } from 'zod';

import type { AnswerShape } from './answers';
import {
	carrying,
	documentId,
	entries,
	fileWritten,
	folderWritten,
	noDocumentedData,
	notFailed,
	object,
	page,
	text,
	wrappedKey,
} from './answers';

/** Where an action lives: `/api_v2/{name}`, a legacy script `/api/{name}.php`, or `/api_dvs/{section}/{name}`. */
export type RestApi = 'storage' | 'script' | 'dvs';

/**
 * What a status means for one action, where it means more than the API's table says (a 404 of a
 * key action is "no key stored"): the description, and optionally who was refused (a 403's
 * "Svc refused {refused} while trying to …").
 */
export type StatusHints = Partial<Record<403 | 404 | 405, { description: string; refused?: string }>>;

/** One REST action: everything the node decides about it. */
export interface RestAction {
	/** The action's name in its API. */
	name: string;
	api: RestApi;
	/** The action changes state: an answer that cannot be read leaves the outcome unknown. */
	write: boolean;
	/** What its 2xx answer must look like; none for a download (the body is the file). */
	answer?: AnswerShape;
	method: 'GET' | 'POST';
	/** The storage API's statuses, where they mean more for this action. */
	hints?: StatusHints;
	/** The DVS API: what to check when the service answers 400. */
	invalidHint?: string;
}

const row = (
	name: string,
	api: RestApi,
	access: 'read' | 'write',
	answer: [z.ZodType<unknown>, string] | undefined,
	more: Partial<RestAction> = {},
): RestAction => ({
	name,
	api,
	write: access === 'write',
	answer: answer && { schema: answer[0], expected: answer[1] },
	method: 'POST',
	...more,
});

const OK = 'a success result';
/** A file's or folder's info: its hash or name under either spelling. */
const info = (kind: 'file' | 'folder'): [z.ZodType<unknown>, string] => [
	carrying(`${kind}_hash`, `${kind}_name`, 'hash', 'name'),
	`a ${kind} info object`,
];
const KEY = 'the wrapped key';
const restoreHint = (kind: string): StatusHints => ({
	405: {
		description: `Restoring needs a PRO, BUSINESS or ENTERPRISE plan, and the ${kind} must be deleted, not purged.`,
	},
});
const FIELD_HINT =
	'A field value may be invalid: option, user and document IDs are organization-specific (pick ' +
	"them from the node's lists), responsible and followers must be assignable in the task's " +
	"project, dates use YYYY-MM-DD, and the task's project cannot change.";
const users: [z.ZodType<unknown>, string] = [z.object({ users: z.array(object) }).passthrough(), 'users'];
const uploaded = z.union([
	z.object({ file_hash: text, upload_hash: text }).passthrough(),
	// The DVS API: a file the service could not save is 200 with success false.
	z.object({ success: z.literal(false) }).passthrough(),
]);
// The storage API: "The user data object ... includes the ROOT folder hash and keys".
const userData = notFailed.refine((value) => Object.keys(value).some((key) => /root/i.test(key)), {
	message: 'the answer names no ROOT folder',
});
// `Success: false` is an answer here: the session is not valid.
const sessionStatus = object.refine((value) => 'Success' in value || 'success' in value, {
	message: 'no Success field',
});

/**
 * Every REST action of the storage API and the DVS API, one row each. Transport and adapters
 * read these rows; nothing else names an action.
 */
export const REST = {
	createFolder: row('create_folder', 'storage', 'write', [folderWritten, 'the new folder_hash and folder_name']),
	getFolderContent: row('get_folder_content', 'storage', 'read', [entries, 'an array of folder content entries']),
	getFolderInfo: row('get_folder_info', 'storage', 'read', info('folder')),
	renameFolder: row('rename_folder', 'storage', 'write', [folderWritten, 'folder_hash and the final folder_name']),
	deleteFolder: row('delete_folder', 'storage', 'write', [noDocumentedData, 'a status object']),
	uploadFile: row('upload_file', 'storage', 'write', [fileWritten, 'the new file_hash and file_name']),
	downloadFile: row('download_file', 'storage', 'read', undefined),
	getFileInfo: row('get_file_info', 'storage', 'read', info('file')),
	renameFile: row('rename_file', 'storage', 'write', [fileWritten, 'file_hash and the final file_name']),
	moveFile: row('move_file', 'storage', 'write', [noDocumentedData, 'no documented data']),
	deleteFile: row('delete_file', 'storage', 'write', [noDocumentedData, 'no documented data']),
	getEsignatures: row('get_esignatures', 'storage', 'read', [
		z.union([z.array(object), notFailed]),
		'an array of signature records',
	]),
	esignatureShare: row('esignature_share', 'storage', 'write', [
		carrying('status', 'sent_emails'),
		'status, sent_emails and next_share_emails',
	]),
	saveUserEncryptionKeys: row('save_user_encryption_keys', 'storage', 'write', [notFailed, OK]),
	saveFileEncryptionKey: row('save_file_encryption_key', 'storage', 'write', [notFailed, OK]),
	saveUploadEncryptionKey: row('save_upload_encryption_key', 'storage', 'write', [notFailed, OK]),
	getFileEncryptionKey: row('get_file_encryption_key', 'storage', 'read', [wrappedKey, KEY]),
	getUploadEncryptionKey: row('get_upload_encryption_key', 'storage', 'read', [wrappedKey, KEY]),
	getShareEncryptionKey: row('get_share_encryption_key', 'storage', 'read', [
		notFailed.and(z.object({ encryptionKey: z.string() }).passthrough()),
		'encryptionKey and the receiver keys',
	]),
	// The storage API gives the account scripts as GET. The undelete scripts are only named (method not
	// shown): POST keeps the credential out of their URL.
	authenticateUser: row('authenticate_user', 'script', 'read', [userData, 'the user data object'], { method: 'GET' }),
	getStorageData: row(
		'get_storage_data',
		'script',
		'read',
		[carrying('data', 'used_mb'), 'success and the storage data'],
		{ method: 'GET' },
	),
	validateSession: row('validate_session', 'script', 'read', [sessionStatus, 'the session status (Success)'], {
		method: 'GET',
	}),
	undeleteFolder: row('undelete_folder', 'script', 'write', [noDocumentedData, 'a status'], {
		hints: restoreHint('folder'),
	}),
	undeleteFile: row('undelete_file', 'script', 'write', [noDocumentedData, 'a status'], {
		hints: restoreHint('file'),
	}),
	getFields: row('get_fields', 'dvs', 'read', [z.object({ fields: z.array(object) }).passthrough(), 'fields']),
	getUsers: row('get_users', 'dvs', 'read', users, {
		invalidHint: 'Check the project: it must be a project of your organization.',
	}),
	searchUsers: row('search_users', 'dvs', 'read', users, {
		invalidHint: 'The pattern needs 2 to 100 characters and the limit 1 to 20.',
	}),
	getDocument: row('get_document', 'dvs', 'read', [documentId, 'the document with its dvs_document_id']),
	getDocuments: row('get_documents', 'dvs', 'read', [page, 'items and total'], {
		invalidHint: 'A filter value may be invalid: filters take option, user or document IDs of your organization.',
	}),
	getComments: row('get_comments', 'dvs', 'read', [page, 'items and total']),
	createDocument: row('create_document', 'dvs', 'write', [documentId, 'the new dvs_document_id'], {
		invalidHint: FIELD_HINT,
	}),
	updateDocument: row('update_document', 'dvs', 'write', [documentId, 'the dvs_document_id'], {
		invalidHint: FIELD_HINT,
	}),
	addComment: row('add_comment', 'dvs', 'write', [documentId, 'the dvs_document_id'], {
		invalidHint: 'The comment must not be empty.',
	}),
	uploadDocumentFile: row(
		'upload_document_file',
		'dvs',
		'write',
		[uploaded, 'file_hash and upload_hash (or success false with an error)'],
		{ invalidHint: 'The file may be empty or missing.' },
	),
} satisfies Record<string, RestAction>;

/** Every row of the catalogue. */
export const REST_ACTIONS: readonly RestAction[] = Object.values(REST);
