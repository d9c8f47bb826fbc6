import { z } from 'zod';

import {
	carrying,
	entries,
	fileWritten,
	folderWritten,
	noDocumentedData,
	notFailed,
	object,
	wrappedKey,
} from '../answers';
import { row, tool, type McpTool, type RestAction, type StatusHints } from './rows';

/** What an MCP tool's answer gives, in the storage REST API's fields (adapters/storage/mcpEntries.ts `MCP_ANSWERS`). */
export type McpAnswer = 'file' | 'folder' | 'renamedFile' | 'movedFile';

/** A request field's name in the REST API and as the MCP tool's argument (one name when both use it). */
export type FieldName = string | { rest: string; mcp: string };

/**
 * One action of the storage, by each API that has it: its REST row, its MCP tool. An action an operation calls
 * through the service's generic path (`StorageService.call`, `writeEntry`) also says what it is for (the end of
 * "while trying to …"), what it takes, by the operation's names, and what each API's answer gives: the REST
 * answer as it is, or (`asked`) the fields that were asked where the API documents no data; the MCP answer read
 * in the REST API's fields.
 */
export interface StorageAction<K extends string = string> {
	rest?: RestAction;
	mcp?: McpTool;
	purpose?: string;
	takes?: Record<K, FieldName>;
	gives?: { rest?: 'answer' | 'asked'; mcp?: McpAnswer };
}

/** An action an operation calls through the generic path. */
export type StorageCall<K extends string = string> = StorageAction<K> &
	Required<Pick<StorageAction<K>, 'purpose' | 'takes'>>;

/** Declares an action called through the generic path, the names of what it takes kept for the operation. */
const call = <T extends StorageCall>(action: T): T => action;

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
// The storage API: "The user data object ... includes the ROOT folder hash and keys".
const userData = notFailed.refine((value) => Object.keys(value).some((key) => /root/i.test(key)), {
	message: 'the answer names no ROOT folder',
});
// `Success: false` is an answer here: the session is not valid.
const sessionStatus = object.refine((value) => 'Success' in value || 'success' in value, {
	message: 'no Success field',
});

/**
 * Every action of the storage API and of the MCP endpoint's storage tools, one entry each; restCatalogue.ts
 * and mcp/toolCatalogue.ts list their rows under the same keys.
 */
export const STORAGE = {
	createFolder: {
		rest: row('create_folder', 'storage', 'write', [folderWritten, 'the new folder_hash and folder_name']),
		mcp: tool('create_folder', 'storageWrite'),
	},
	getFolderContent: {
		rest: row('get_folder_content', 'storage', 'read', [entries, 'an array of folder content entries']),
		mcp: tool('list_folder', 'storageRead'),
	},
	getFolderInfo: {
		rest: row('get_folder_info', 'storage', 'read', info('folder')),
		mcp: tool('get_folder_info', 'storageRead'),
	},
	renameFolder: {
		rest: row('rename_folder', 'storage', 'write', [folderWritten, 'folder_hash and the final folder_name']),
		mcp: tool('rename_folder', 'storageWrite'),
	},
	deleteFolder: { rest: row('delete_folder', 'storage', 'write', [noDocumentedData, 'a status object']) },
	uploadFile: {
		rest: row('upload_file', 'storage', 'write', [fileWritten, 'the new file_hash and file_name']),
		mcp: tool('upload_file', 'storageWrite', { upload: true }),
	},
	downloadFile: {
		rest: row('download_file', 'storage', 'read', undefined),
		mcp: tool('read_file', 'storageRead', { contentIsData: true }),
	},
	getFileInfo: {
		rest: row('get_file_info', 'storage', 'read', info('file')),
		mcp: tool('get_file_info', 'storageRead'),
	},
	renameFile: call({
		rest: row('rename_file', 'storage', 'write', [fileWritten, 'file_hash and the final file_name']),
		mcp: tool('rename_file', 'storageWrite'),
		purpose: 'rename the file',
		takes: { fileHash: 'file_hash', name: 'file_name' },
		gives: { mcp: 'renamedFile' },
	}),
	moveFile: call({
		rest: row('move_file', 'storage', 'write', [noDocumentedData, 'no documented data']),
		mcp: tool('move_file', 'storageWrite'),
		purpose: 'move the file',
		takes: { fileHash: 'file_hash', targetFolderHash: { rest: 'folder_hash', mcp: 'target_folder_hash' } },
		gives: { rest: 'asked', mcp: 'movedFile' },
	}),
	deleteFile: { rest: row('delete_file', 'storage', 'write', [noDocumentedData, 'no documented data']) },
	getEsignatures: {
		rest: row('get_esignatures', 'storage', 'read', [
			z.union([z.array(object), notFailed]),
			'an array of signature records',
		]),
	},
	esignatureShare: {
		rest: row('esignature_share', 'storage', 'write', [
			carrying('status', 'sent_emails'),
			'status, sent_emails and next_share_emails',
		]),
	},
	saveUserEncryptionKeys: { rest: row('save_user_encryption_keys', 'storage', 'write', [notFailed, OK]) },
	saveFileEncryptionKey: { rest: row('save_file_encryption_key', 'storage', 'write', [notFailed, OK]) },
	saveUploadEncryptionKey: { rest: row('save_upload_encryption_key', 'storage', 'write', [notFailed, OK]) },
	getFileEncryptionKey: { rest: row('get_file_encryption_key', 'storage', 'read', [wrappedKey, KEY]) },
	getUploadEncryptionKey: { rest: row('get_upload_encryption_key', 'storage', 'read', [wrappedKey, KEY]) },
	getShareEncryptionKey: {
		rest: row('get_share_encryption_key', 'storage', 'read', [
			notFailed.and(z.object({ encryptionKey: z.string() }).passthrough()),
			'encryptionKey and the receiver keys',
		]),
	},
	// The storage API gives the account scripts as GET. The undelete scripts are only named (method not
	// shown): POST keeps the credential out of their URL.
	authenticateUser: {
		rest: row('authenticate_user', 'script', 'read', [userData, 'the user data object'], { method: 'GET' }),
	},
	getStorageData: {
		rest: row('get_storage_data', 'script', 'read', [carrying('data', 'used_mb'), 'success and the storage data'], {
			method: 'GET',
		}),
	},
	validateSession: {
		rest: row('validate_session', 'script', 'read', [sessionStatus, 'the session status (Success)'], {
			method: 'GET',
		}),
	},
	undeleteFolder: {
		rest: row('undelete_folder', 'script', 'write', [noDocumentedData, 'a status'], { hints: restoreHint('folder') }),
	},
	undeleteFile: {
		rest: row('undelete_file', 'script', 'write', [noDocumentedData, 'a status'], { hints: restoreHint('file') }),
	},
	getRootFolder: { mcp: tool('get_root_folder', 'storageRead') },
	searchFiles: { mcp: tool('search_files', 'storageRead') },
	importFile: { mcp: tool('import_file', 'storageWrite') },
	moveFolder: { mcp: tool('move_folder', 'storageWrite') },
} satisfies Record<string, StorageAction>;
