import type { Account } from '../accounts';
import type { SimResponse } from '../types';
import { fail, notPermitted } from './http';
import type { StorageStore, StoredFile, StoredFolder } from './store';

/**
 * Status for an item of another account: 403 where the action's status list in document 1
 * has 403, else 405. Unknown or deleted items are always 405 ("resource unavailable").
 */
export type ForeignItemStatus = 403 | 405;

function foreign(status: ForeignItemStatus): SimResponse {
	return status === 403 ? fail(403, 'access to this item is not permitted') : notPermitted();
}

export function ownedFolder(
	store: StorageStore,
	account: Account,
	hash: string | undefined,
	foreignStatus: ForeignItemStatus,
): StoredFolder | SimResponse {
	const folder = hash ? store.getFolder(hash) : undefined;
	if (!folder) return notPermitted();
	return folder.ownerId === account.id ? folder : foreign(foreignStatus);
}

export function ownedFile(
	store: StorageStore,
	account: Account,
	hash: string | undefined,
	foreignStatus: ForeignItemStatus,
): StoredFile | SimResponse {
	const file = hash ? store.getFile(hash) : undefined;
	if (!file) return notPermitted();
	return file.ownerId === account.id ? file : foreign(foreignStatus);
}

/** A folder the account owns or may read through a shared folder (listing and info). */
export function readableFolder(
	store: StorageStore,
	account: Account,
	hash: string | undefined,
	foreignStatus: ForeignItemStatus,
): StoredFolder | SimResponse {
	const folder = hash ? store.getFolder(hash) : undefined;
	if (!folder) return notPermitted();
	return store.canRead(account.id, folder) ? folder : foreign(foreignStatus);
}

/** A file the account owns or may read through a shared folder (info and download). */
export function readableFile(
	store: StorageStore,
	account: Account,
	hash: string | undefined,
	foreignStatus: ForeignItemStatus,
): StoredFile | SimResponse {
	const file = hash ? store.getFile(hash) : undefined;
	if (!file) return notPermitted();
	return store.canRead(account.id, file) ? file : foreign(foreignStatus);
}
