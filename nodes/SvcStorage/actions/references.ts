import type { IExecuteFunctions } from 'n8n-workflow';

import { readEntryReference } from '../../shared/execution/entryReference';
import { isToolUse } from '../../shared/execution/toolUse';
import type { StorageService } from '../../shared/services/storage/StorageService';

/*
 * The folder and file parameters of an operation, read as hashes (services/storage/references.ts resolves a
 * path or a name).
 */

/**
 * A folder or file parameter as a hash: what the picker or a listing gives, a path from ROOT
 * (/Documents/Reports), or (as an AI tool, whose model sends names) a unique name.
 */
export async function readEntryHash(
	ctx: IExecuteFunctions,
	storage: StorageService,
	kind: 'folder' | 'file',
	parameter: { name: string; label: string; required?: boolean },
	itemIndex: number,
): Promise<string> {
	const rules = { byName: isToolUse(ctx) };
	const reference = readEntryReference(ctx, parameter, itemIndex, rules.byName);
	return kind === 'folder'
		? await storage.folderHashOf(reference, rules, itemIndex)
		: await storage.fileHashOf(reference, rules, itemIndex);
}

/** The Target Folder of a move (File → Move, Folder → Move): the folder the file or folder goes into. */
export async function readTargetFolderHash(
	ctx: IExecuteFunctions,
	storage: StorageService,
	itemIndex: number,
): Promise<string> {
	return await readEntryHash(ctx, storage, 'folder', { name: 'targetFolder', label: 'Target Folder' }, itemIndex);
}
