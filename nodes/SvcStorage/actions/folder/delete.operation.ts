import type { INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { readLocator } from '../../../shared/parameters';
import { jsonItem } from '../../../shared/runPerItem';
import { folderLocator, optionsCollection } from '../common.descriptions';
import { deleteItem } from '../itemLifecycle';
import type { StorageExecute } from '../node.type';

const properties: INodeProperties[] = [
	folderLocator({ name: 'folder', displayName: 'Folder', description: 'Folder to delete, together with all its contents' }),
	optionsCollection(),
];

export const description = updateDisplayOptions({ show: { resource: ['folder'], operation: ['delete'] } }, properties);

export const execute: StorageExecute = async function (itemIndex, { storage }) {
	const folderHash = readLocator(this, 'folder', itemIndex, 'Folder');
	const deleted = await storage.explainingRoot('delete', folderHash, itemIndex, async () => await deleteItem(this, 'folder', folderHash, itemIndex));
	return [jsonItem(deleted, itemIndex)];
};
