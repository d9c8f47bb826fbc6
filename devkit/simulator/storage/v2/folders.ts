import type { SimResponse } from '../../types';
import { ownedFolder, readableFolder } from '../access';
import { requireCaller } from '../auth';
import { authorizeEdit } from '../capabilities';
import type { StorageActions, StorageCall } from '../context';
import { fail, isResponse, notPermitted, ok } from '../http';
import { ACCESS_TYPES, type AccessType } from '../store';
import { folderEntry, fileEntry, folderInfo } from '../views';

/** create_folder's rate limit (get_upload_id.php shares it): the 429 once an account went over it. */
export function folderCreationLimited(call: StorageCall, accountId: number): SimResponse | undefined {
	const retryAfterSeconds = call.services.createFolderLimiter.attempt(String(accountId));
	return retryAfterSeconds > 0
		? fail(429, 'too many folders created, retry later', { 'Retry-After': String(retryAfterSeconds) })
		: undefined;
}

/** The caller's readable folder named by folder_hash, or the answer that refuses it. */
function requestedFolder(call: StorageCall) {
	const caller = requireCaller(call);
	if (isResponse(caller)) return caller;
	const folderHash = call.params.text('folder_hash');
	if (!folderHash) return fail(400, 'folder_hash is required');
	return readableFolder(call.services.storage, caller.account, folderHash, 403);
}

/** Document 1's folder actions. */
export const folderActions: StorageActions = {
	create_folder(call) {
		const caller = requireCaller(call);
		if (isResponse(caller)) return caller;
		const { storage } = call.services;
		const limited = folderCreationLimited(call, caller.account.id);
		if (limited) return limited;
		const accessType = call.params.text('access_type') ?? 'PRIVATE';
		if (!ACCESS_TYPES.includes(accessType as AccessType)) return fail(400, 'access_type must be PRIVATE or LINK');
		const parentHash = call.params.text('parent_folder_hash') ?? caller.account.rootFolderHash;
		const parent = ownedFolder(storage, caller.account, parentHash, 405);
		if (isResponse(parent)) return parent;
		const folder = storage.createFolder(
			caller.account.id,
			parent.hash,
			call.params.get('folder_name'),
			accessType as AccessType,
		);
		return ok({
			folder_hash: folder.hash,
			folder_edit_key: folder.editKey,
			folder_upload_key: folder.uploadKey,
			folder_name: folder.name,
			access_type: folder.accessType,
		});
	},

	get_folder_content(call) {
		const folder = requestedFolder(call);
		if (isResponse(folder)) return folder;
		const withRights = call.params.flag('get_access_rights');
		return ok(
			call.services.storage
				.listChildren(folder.hash)
				.map((item) =>
					item.type === 'folder' ? folderEntry(item, call.services.storage, withRights) : fileEntry(item, withRights),
				),
		);
	},

	get_folder_info(call) {
		const folder = requestedFolder(call);
		if (isResponse(folder)) return folder;
		return ok(folderInfo(folder, call.services.storage, call.params.flag('get_access_rights')));
	},

	rename_folder(call) {
		const authorized = authorizeEdit(call, {
			kind: 'folder',
			hashParameter: 'folder_hash',
			foreignStatus: 405,
			missingStatus: 400,
		});
		if (isResponse(authorized)) return authorized;
		const name = call.params.text('folder_name') ?? call.params.text('name');
		if (name === undefined) return fail(400, 'folder_name is required');
		if (authorized.item.isRoot) return notPermitted();
		const renamed = call.services.storage.renameFolder(authorized.item.hash, name);
		return ok({ folder_hash: renamed.hash, folder_name: renamed.name });
	},

	delete_folder(call) {
		const authorized = authorizeEdit(call, {
			kind: 'folder',
			hashParameter: 'folder_hash',
			foreignStatus: 403,
			missingStatus: 400,
		});
		if (isResponse(authorized)) return authorized;
		if (authorized.item.isRoot) return notPermitted();
		call.services.storage.deleteFolder(authorized.item.hash);
		return ok({ success: true, status: 'deleted', folder_hash: authorized.item.hash });
	},
};
