import type { INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import type { Access, OperationOption } from '../../../shared/operation';
import { OVER_REST_AND_MCP } from '../../../shared/operation';
import { jsonItem } from '../../../shared/items';
import { fileLocator, folderLocator, optionsCollection, readEntryHash } from '../common.descriptions';
import type { StorageExecute } from '../node.type';

export const option: OperationOption = {
	name: 'Move',
	action: 'Move a file',
	description: 'Move a file into another folder',
};
export const access: Access = 'write';
export const runsOver = OVER_REST_AND_MCP;

const properties: INodeProperties[] = [
	fileLocator({ name: 'file', displayName: 'File' }),
	folderLocator({ name: 'targetFolder', displayName: 'Target Folder', description: 'Folder to move the file into' }),
	optionsCollection(),
];

export const description = updateDisplayOptions({ show: { resource: ['file'], operation: ['move'] } }, properties);

export const execute: StorageExecute = async function (itemIndex, { storage }) {
	const fileHash = await readEntryHash(this, storage, 'file', { name: 'file', label: 'File' }, itemIndex);
	const targetFolderHash = await readEntryHash(
		this,
		storage,
		'folder',
		{ name: 'targetFolder', label: 'Target Folder' },
		itemIndex,
	);
	return [jsonItem(await storage.moveFile(fileHash, targetFolderHash, itemIndex), itemIndex)];
};
