import type { Account } from '../accounts';
import type { SimResponse } from '../types';
import { identify } from './auth';
import type { StorageCall } from './context';
import { fail, notPermitted } from './http';
import type { StoredFile, StoredFolder } from './store';

interface EditTarget {
	kind: 'folder' | 'file';
	/** Parameter holding the item's hash. */
	hashParameter: string;
	/** Status when the item is another account's (403 or 405, from the action's status list). */
	foreignStatus: 403 | 405;
	/** Status when the hash parameter is missing (400, or 405 for actions without 400 in their list). */
	missingStatus: 400 | 405;
}

export type EditAuthorization<T> = { actor: Account | null; item: T };

/**
 * Who may edit or delete an item: its owner, authenticated by one method, or — with no
 * user credentials — whoever presents the item's capability key (`folder_edit_key` for
 * folders, `file_delete_key` for files, older shorter delete keys included). The actor is
 * null for a key holder.
 */
export function authorizeEdit(
	call: StorageCall,
	target: EditTarget & { kind: 'folder' },
): EditAuthorization<StoredFolder> | SimResponse;
export function authorizeEdit(
	call: StorageCall,
	target: EditTarget & { kind: 'file' },
): EditAuthorization<StoredFile> | SimResponse;
export function authorizeEdit(
	call: StorageCall,
	target: EditTarget,
): EditAuthorization<StoredFolder | StoredFile> | SimResponse {
	const { storage } = call.services;
	const hash = call.params.text(target.hashParameter);
	const item = hash ? (target.kind === 'folder' ? storage.getFolder(hash) : storage.getFile(hash)) : undefined;
	const missing = (): SimResponse =>
		target.missingStatus === 400 ? fail(400, `${target.hashParameter} is required`) : notPermitted();
	const identification = identify(call);
	if (identification.status === 'rejected') return identification.response;
	if (identification.status === 'identified') {
		if (!hash) return missing();
		if (!item) return notPermitted();
		if (item.ownerId !== identification.caller.account.id) {
			return target.foreignStatus === 403 ? fail(403, 'access to this item is not permitted') : notPermitted();
		}
		return { actor: identification.caller.account, item };
	}
	const key = call.params.text(target.kind === 'folder' ? 'folder_edit_key' : 'file_delete_key');
	if (key === undefined) return fail(401, 'authentication failed');
	if (!hash) return missing();
	if (!item) return notPermitted();
	if (key !== (item.type === 'folder' ? item.editKey : item.deleteKey)) return fail(401, 'authentication failed');
	call.auth = 'editKey';
	return { actor: null, item };
}
