import type { StorageItem, StoredFile, StoredFolder } from '../../storage/store';
import type { PrivateToolContext } from './types';

/**
 * What the connection may do with an item (document 2: "the account's plan limits, quota and
 * permissions apply"; objects carry `access.can_add` and `access.can_edit`), from how its
 * account reaches the item in the store: owner, or a grant (`preview`, `view`, `add`, `edit`)
 * on it or on a folder above it. Encrypted folders need their own client: nothing inside one
 * is added, edited or downloaded here.
 */
const reach = (ctx: PrivateToolContext, item: StorageItem) =>
	ctx.state.deps.storage.reach(ctx.principal.account.id, item);

const encrypted = (ctx: PrivateToolContext, folderHash: string) => ctx.state.deps.storage.isEncrypted(folderHash);

export function canSee(ctx: PrivateToolContext, item: StorageItem): boolean {
	return reach(ctx, item) !== undefined;
}

/** Adds folders and files into the folder (an add-only grant included). */
export function canAdd(ctx: PrivateToolContext, folder: StoredFolder): boolean {
	const level = reach(ctx, folder);
	return (level === 'owner' || level === 'edit' || level === 'add') && !encrypted(ctx, folder.hash);
}

/** Renames the item and removes it from its folder (a move's source right); never ROOT. */
export function canEdit(ctx: PrivateToolContext, item: StorageItem): boolean {
	const level = reach(ctx, item);
	if (level !== 'owner' && level !== 'edit') return false;
	if (item.type === 'folder' && item.isRoot) return false;
	return !encrypted(ctx, item.type === 'folder' ? item.hash : item.folderHash);
}

export function canDownload(ctx: PrivateToolContext, file: StoredFile): boolean {
	const level = reach(ctx, file);
	return (level === 'owner' || level === 'edit' || level === 'view') && !encrypted(ctx, file.folderHash);
}
