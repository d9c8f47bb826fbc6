import type { SimResponse } from '../../types';
import { ownedFile, ownedFolder, readableFile } from '../access';
import { requireCaller } from '../auth';
import { authorizeEdit } from '../capabilities';
import type { StorageActions, StorageCall } from '../context';
import { fail, isResponse, ok } from '../http';
import { fileInfo } from '../views';

/** Document 1: move_file and delete_file answer "200 with no documented data", in the configured reading. */
function noDocumentedData(call: StorageCall, status: Record<string, unknown>): SimResponse {
	switch (call.services.noDataAnswer) {
		case 'emptyBody':
			return { status: 200, body: '' };
		case 'status':
			return ok({ success: true, ...status });
		default:
			return ok({});
	}
}

/** Document 1's file actions. */
export const fileActions: StorageActions = {
	get_file_info(call) {
		const caller = requireCaller(call);
		if (isResponse(caller)) return caller;
		const fileHash = call.params.text('file_hash');
		if (!fileHash) return fail(400, 'file_hash is required');
		const file = readableFile(call.services.storage, caller.account, fileHash, 403);
		if (isResponse(file)) return file;
		return ok(fileInfo(file, call.params.flag('get_access_rights')));
	},

	rename_file(call) {
		const authorized = authorizeEdit(call, {
			kind: 'file',
			hashParameter: 'file_hash',
			foreignStatus: 405,
			missingStatus: 400,
		});
		if (isResponse(authorized)) return authorized;
		const name = call.params.text('file_name');
		if (name === undefined) return fail(400, 'file_name is required');
		const renamed = call.services.storage.renameFile(authorized.item.hash, name);
		return ok({ file_hash: renamed.hash, file_name: renamed.name });
	},

	/** move_file's status list has no 400: missing parameters answer 405 like unknown items. */
	move_file(call) {
		const caller = requireCaller(call);
		if (isResponse(caller)) return caller;
		const { storage } = call.services;
		const file = ownedFile(storage, caller.account, call.params.text('file_hash'), 405);
		if (isResponse(file)) return file;
		const target = ownedFolder(storage, caller.account, call.params.text('folder_hash'), 405);
		if (isResponse(target)) return target;
		const moved = storage.moveFile(file.hash, target.hash);
		return noDocumentedData(call, { file_hash: moved.hash, folder_hash: moved.folderHash, file_name: moved.name });
	},

	/** delete_file's status list has no 400: a missing file_hash answers 405. */
	delete_file(call) {
		const authorized = authorizeEdit(call, {
			kind: 'file',
			hashParameter: 'file_hash',
			foreignStatus: 403,
			missingStatus: 405,
		});
		if (isResponse(authorized)) return authorized;
		call.services.storage.deleteFile(authorized.item.hash);
		return noDocumentedData(call, { status: 'deleted', file_hash: authorized.item.hash });
	},
};
