import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { readLocator } from '../../../shared/parameters';
import { jsonItem } from '../../../shared/runPerItem';
import { folderLocator, optionsCollection } from '../common.descriptions';
import { deleteItem } from '../itemLifecycle';

const properties: INodeProperties[] = [
	folderLocator({ name: 'folder', displayName: 'Folder', description: 'Folder to delete, together with all its contents' }),
	optionsCollection(),
];

export const description = updateDisplayOptions({ show: { resource: ['folder'], operation: ['delete'] } }, properties);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	const folderHash = readLocator(this, 'folder', itemIndex, 'Folder');
	return [jsonItem(await deleteItem(this, 'folder', folderHash, itemIndex), itemIndex)];
}
