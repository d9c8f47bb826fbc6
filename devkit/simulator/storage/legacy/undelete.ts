/* eslint-disable @n8n/community-nodes/require-node-api-error -- this file its nodes are test doubles */
import type { SimResponse } from '../../types';
import { requireCaller } from '../auth';
import type { StorageActions, StorageCall } from '../context';
import { fail, isResponse, notPermitted, ok } from '../http';
import { canUndelete } from '../plans';
import { StorageError } from '../store';

/**
 * undelete_folder.php / undelete_file.php: PRO, BUSINESS and ENTERPRISE only (else 405).
 * Unknown or foreign hashes 405; restoring into a deleted folder 400; an item that is not
 * deleted answers 200 unchanged. A taken name gets a ` (n)` suffix on restore.
 */
function undelete(call: StorageCall, kind: 'folder' | 'file'): SimResponse {
	const caller = requireCaller(call);
	if (isResponse(caller)) return caller;
	if (!canUndelete(caller.account.plan)) return notPermitted();
	const parameter = kind === 'folder' ? 'folder_hash' : 'file_hash';
	const hash = call.params.text(parameter);
	if (!hash) return fail(400, `${parameter} is required`);
	const { storage } = call.services;
	const item = kind === 'folder' ? storage.getFolder(hash, true) : storage.getFile(hash, true);
	if (!item || item.ownerId !== caller.account.id) return notPermitted();
	try {
		if (kind === 'folder') storage.undeleteFolder(hash);
		else storage.undeleteFile(hash);
	} catch (error) {
		if (!(error instanceof StorageError)) throw error;
		if (error.code === 'parent_deleted') return fail(400, error.message);
		if (error.code !== 'not_deleted') throw error;
	}
	return ok({ success: true, [parameter]: item.hash, [`${kind}_name`]: item.name });
}

/** Document 1's undelete scripts. */
export const undeleteScripts: StorageActions = {
	undelete_folder: (call) => undelete(call, 'folder'),
	undelete_file: (call) => undelete(call, 'file'),
};
