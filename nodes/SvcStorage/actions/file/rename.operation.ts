import type { INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { readLocator, readText } from '../../../shared/parameters';
import { jsonItem } from '../../../shared/runPerItem';
import { fileLocator, optionsCollection } from '../common.descriptions';
import type { StorageExecute } from '../node.type';

const properties: INodeProperties[] = [
	fileLocator({ name: 'file', displayName: 'File' }),
	{
		displayName: 'New Name',
		name: 'newName',
		type: 'string',
		default: '',
		required: true,
		description: 'The service normalizes the name and adds a number when the folder has it already; the output has the final name',
	},
	optionsCollection(),
];

export const description = updateDisplayOptions({ show: { resource: ['file'], operation: ['rename'] } }, properties);

export const execute: StorageExecute = async function (itemIndex, { storage }) {
	const fileHash = readLocator(this, 'file', itemIndex, 'File');
	const name = readText(this, 'newName', itemIndex, 'New Name', { required: true, maxLength: 255 });
	return [jsonItem(await storage.renameFile(fileHash, name, itemIndex), itemIndex)];
};
