import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import type { StorageService } from '../../shared/services/storage/StorageService';
import { folderLocator } from '../../shared/storageLocators';
import { readEntryHash } from './common.descriptions';

/** The Target Folder of a move: the folder the file or folder goes into. */
export function targetFolderLocator(description: string): INodeProperties {
	return folderLocator({ name: 'targetFolder', displayName: 'Target Folder', description });
}

export async function readTargetFolderHash(
	ctx: IExecuteFunctions,
	storage: StorageService,
	itemIndex: number,
): Promise<string> {
	return await readEntryHash(ctx, storage, 'folder', { name: 'targetFolder', label: 'Target Folder' }, itemIndex);
}
