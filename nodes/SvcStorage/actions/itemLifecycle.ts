import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { DEFAULT_TIMEOUT_MS } from '../../shared/descriptions';
import { readTimeout } from '../../shared/parameters';
import { callStorageAction, callStorageScript } from '../../shared/transport/storage';

type ItemKind = 'folder' | 'file';

const HASH_FIELD: Record<ItemKind, string> = { folder: 'folder_hash', file: 'file_hash' };

/**
 * Deletes a folder (with everything in it) or a file; the output says what was deleted. The storage API
 * documents no data in the answer (delete_file) or only "a status object" (delete_folder), so
 * nothing of it is output.
 */
export async function deleteItem(ctx: IExecuteFunctions, kind: ItemKind, hash: string, itemIndex: number): Promise<IDataObject> {
	await callStorageAction(ctx, `delete_${kind}`, { [HASH_FIELD[kind]]: hash }, {
		action: `delete the ${kind}`,
		itemIndex,
		timeoutMs: readTimeout(ctx, itemIndex, DEFAULT_TIMEOUT_MS),
	});
	return { [HASH_FIELD[kind]]: hash, deleted: true };
}

/** Restores a deleted folder or file through the legacy undelete scripts (paid plans only; answer not shown in the storage API). */
export async function restoreItem(ctx: IExecuteFunctions, kind: ItemKind, hash: string, itemIndex: number): Promise<IDataObject> {
	await callStorageScript(ctx, `undelete_${kind}`, { [HASH_FIELD[kind]]: hash }, {
		action: `restore the ${kind}`,
		itemIndex,
		timeoutMs: readTimeout(ctx, itemIndex, DEFAULT_TIMEOUT_MS),
		notPermittedHint: `Restoring needs a PRO, BUSINESS or ENTERPRISE plan, and the ${kind} must be deleted, not purged.`,
	});
	return { [HASH_FIELD[kind]]: hash, restored: true };
}
