import type { IExecuteFunctions } from 'n8n-workflow';

import type { StorageService } from '../../shared/services/storage/StorageService';
import { readEntryHash } from './common.descriptions';

/** The Target Folder of a move (File → Move, Folder → Move): the folder the file or folder goes into. */
export async function readTargetFolderHash(
	ctx: IExecuteFunctions,
	storage: StorageService,
	itemIndex: number,
): Promise<string> {
	return await readEntryHash(ctx, storage, 'folder', { name: 'targetFolder', label: 'Target Folder' }, itemIndex);
}
