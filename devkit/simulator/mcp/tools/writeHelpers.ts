import type { StorageFolder, StorageItem, StorageResult } from '../ports';
import { visibleFolder, writeItem } from './items';
import { ToolError } from './types';
import type { PrivateToolContext, ToolSuccess } from './types';

export function unwrap<T>(result: StorageResult<T>): T {
	if (!result.ok) throw new ToolError(result.code, result.message);
	return result.value;
}

export function writeResult(status: 'created' | 'updated' | 'unchanged', item: StorageItem): ToolSuccess {
	return { structured: { status, item: writeItem(item) } };
}

/** A destination for new folders and files: visible, addable, not end-to-end encrypted. */
export function destinationFolder(ctx: PrivateToolContext, hash: string): StorageFolder {
	const folder = visibleFolder(ctx, hash);
	if (folder.encrypted)
		throw new ToolError('permission_denied', 'Encrypted folders need the dedicated encryption client');
	if (!ctx.state.deps.storage.canAdd(ctx.principal.account, folder)) {
		throw new ToolError('permission_denied', 'This connection may not add items to the folder');
	}
	return folder;
}
