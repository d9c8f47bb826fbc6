import type { INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { readLocator } from '../../../shared/parameters';
import { jsonItem } from '../../../shared/runPerItem';
import { fileLocator, folderLocator, optionsCollection } from '../common.descriptions';
import type { StorageExecute } from '../node.type';

const properties: INodeProperties[] = [
	fileLocator({ name: 'file', displayName: 'File' }),
	folderLocator({ name: 'targetFolder', displayName: 'Target Folder', description: 'Folder to move the file into' }),
	optionsCollection(),
];

export const description = updateDisplayOptions({ show: { resource: ['file'], operation: ['move'] } }, properties);

export const execute: StorageExecute = async function (itemIndex, { storage }) {
	const fileHash = readLocator(this, 'file', itemIndex, 'File');
	const targetFolderHash = readLocator(this, 'targetFolder', itemIndex, 'Target Folder');
	return [jsonItem(await storage.moveFile(fileHash, targetFolderHash, itemIndex), itemIndex)];
};
