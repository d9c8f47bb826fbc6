import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { readLocator } from '../../../shared/parameters';
import { jsonItem } from '../../../shared/runPerItem';
import { fileLocator, optionsCollection } from '../common.descriptions';
import { deleteItem } from '../itemLifecycle';

const properties: INodeProperties[] = [fileLocator({ name: 'file', displayName: 'File' }), optionsCollection()];

export const description = updateDisplayOptions({ show: { resource: ['file'], operation: ['delete'] } }, properties);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	const fileHash = readLocator(this, 'file', itemIndex, 'File');
	return [jsonItem(await deleteItem(this, 'file', fileHash, itemIndex), itemIndex)];
}
