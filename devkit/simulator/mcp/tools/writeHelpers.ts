/* eslint-disable @n8n/community-nodes/require-node-api-error -- the service double answers MCP tool errors; n8n node errors are the product's */
import { normalizeName } from '../../storage/names';
import { QUOTA_MB } from '../../storage/plans';
import { StorageError, type StorageItem, type StoredFile, type StoredFolder } from '../../storage/store';
import { containsVirus, hasDoubleExtension } from '../../storage/uploadPolicy';
import { visibleFolder, writeItem } from './items';
import { canAdd } from './rights';
import { ToolError } from './types';
import type { PrivateToolContext, ToolSuccess } from './types';

const MIB = 1024 * 1024;

/**
 * Runs a write on the store: the store's refusals become document 2's codes (a taken name is
 * `name_conflict`, never numbered: writes pass `onConflict: 'fail'`).
 */
export function stored<T>(write: () => T): T {
	try {
		return write();
	} catch (error) {
		if (!(error instanceof StorageError)) throw error;
		switch (error.code) {
			case 'name_conflict':
				throw new ToolError('name_conflict', error.message);
			case 'not_found':
			case 'parent_deleted':
				throw new ToolError('not_found', error.message);
			default:
				// root_immutable, invalid_target: the tools refuse these first.
				throw new ToolError('permission_denied', error.message);
		}
	}
}

export function writeResult(status: 'created' | 'updated' | 'unchanged', item: StorageItem): ToolSuccess {
	return { structured: { status, item: writeItem(item) } };
}

/** A destination for new folders and files: visible, addable, not end-to-end encrypted. */
export function destinationFolder(ctx: PrivateToolContext, hash: string): StoredFolder {
	const folder = visibleFolder(ctx, hash);
	if (ctx.state.deps.storage.isEncrypted(folder.hash))
		throw new ToolError('permission_denied', 'Encrypted folders need the dedicated encryption client');
	if (!canAdd(ctx, folder)) throw new ToolError('permission_denied', 'This connection may not add items to the folder');
	return folder;
}

/**
 * Stores a new file the way document 2's writes do ("account policies, quota, file limits,
 * antivirus"), checked in the REST API's order (its 493, 492, 491, 490): not into ROOT, a free
 * name, the file size limit, the folder size limit and the plan quota, no double extension, no
 * virus.
 */
export function newFile(
	ctx: PrivateToolContext,
	folder: StoredFolder,
	name: string,
	content: Buffer,
	mimeType: string,
): StoredFile {
	const { storage, limits, accounts } = ctx.state.deps;
	if (folder.isRoot)
		throw new ToolError('permission_denied', 'Uploading directly to ROOT is not allowed: choose or create a folder');
	const finalName = normalizeName(name, 'file');
	if (storage.findChildByName(folder.hash, finalName))
		throw new ToolError('name_conflict', `"${finalName}" already exists in the folder`);
	if (content.length > limits.maxFileBytes)
		throw new ToolError('file_too_large', `The file is larger than the file size limit (${limits.maxFileBytes} bytes)`);
	if (storage.folderSize(folder.hash) + content.length > limits.maxFolderBytes)
		throw new ToolError('quota_exceeded', `The folder would exceed its size limit (${limits.maxFolderBytes} bytes)`);
	const owner = accounts.get(folder.ownerId);
	const quotaBytes = owner ? QUOTA_MB[owner.plan] * MIB : Number.POSITIVE_INFINITY;
	if (storage.accountUsage(folder.ownerId) + content.length > quotaBytes)
		throw new ToolError('quota_exceeded', 'The storage quota of the account is used up');
	if (hasDoubleExtension(finalName)) {
		throw new ToolError(
			'permission_denied',
			'The account policy refuses file names with a double extension (e.g. .pdf.exe)',
		);
	}
	if (containsVirus(content))
		throw new ToolError('virus_detected', 'A virus was detected in the file; it was not stored');
	const actorId = ctx.principal.account.id;
	return stored(() => storage.addFile(actorId, folder.hash, finalName, content, { onConflict: 'fail', mimeType }));
}
