import type { INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { readLocator, readText } from '../../../shared/parameters';
import { jsonItem } from '../../../shared/runPerItem';
import { folderLocator, optionsCollection } from '../common.descriptions';
import type { StorageExecute } from '../node.type';

const properties: INodeProperties[] = [
	folderLocator({ name: 'folder', displayName: 'Folder', description: 'Folder to rename (the ROOT folder cannot be renamed)' }),
	{
		displayName: 'New Name',
		name: 'newName',
		type: 'string',
		default: '',
		required: true,
		description: 'The service normalizes the name and adds a number when a sibling has it already; the output has the final name',
	},
	optionsCollection(),
];

export const description = updateDisplayOptions({ show: { resource: ['folder'], operation: ['rename'] } }, properties);

export const execute: StorageExecute = async function (itemIndex, { storage }) {
	const folderHash = readLocator(this, 'folder', itemIndex, 'Folder');
	const name = readText(this, 'newName', itemIndex, 'New Name', { required: true, maxLength: 255 });
	return [jsonItem(await storage.renameFolder(folderHash, name, itemIndex), itemIndex)];
};
