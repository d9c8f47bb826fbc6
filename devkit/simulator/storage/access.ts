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

type Access = 'own' | 'read';

/** The item when it exists and the account owns it ('own') or may read it via a shared folder ('read'). */
function checked<T extends StoredFolder | StoredFile>(
	store: StorageStore,
	account: Account,
	item: T | undefined,
	access: Access,
	foreignStatus: ForeignItemStatus,
): T | SimResponse {
	if (!item) return notPermitted();
	const allowed = access === 'own' ? item.ownerId === account.id : store.canRead(account.id, item);
	return allowed ? item : foreign(foreignStatus);
}

export function ownedFolder(
	store: StorageStore,
	account: Account,
	hash: string | undefined,
	foreignStatus: ForeignItemStatus,
): StoredFolder | SimResponse {
	return checked(store, account, hash ? store.getFolder(hash) : undefined, 'own', foreignStatus);
}

export function ownedFile(
	store: StorageStore,
	account: Account,
	hash: string | undefined,
	foreignStatus: ForeignItemStatus,
): StoredFile | SimResponse {
	return checked(store, account, hash ? store.getFile(hash) : undefined, 'own', foreignStatus);
}

/** A folder the account owns or may read through a shared folder (listing and info). */
export function readableFolder(
	store: StorageStore,
	account: Account,
	hash: string | undefined,
	foreignStatus: ForeignItemStatus,
): StoredFolder | SimResponse {
	return checked(store, account, hash ? store.getFolder(hash) : undefined, 'read', foreignStatus);
}

/** A file the account owns or may read through a shared folder (info and download). */
export function readableFile(
	store: StorageStore,
	account: Account,
	hash: string | undefined,
	foreignStatus: ForeignItemStatus,
): StoredFile | SimResponse {
	return checked(store, account, hash ? store.getFile(hash) : undefined, 'read', foreignStatus);
}
