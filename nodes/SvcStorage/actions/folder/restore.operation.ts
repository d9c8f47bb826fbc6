import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { readText } from '../../../shared/parameters';
import { jsonItem } from '../../../shared/runPerItem';
import { optionsCollection } from '../common.descriptions';
import { restoreItem } from '../itemLifecycle';

const properties: INodeProperties[] = [
	{
		displayName: 'Folder Hash',
		name: 'folderHash',
		type: 'string',
		default: '',
		required: true,
		description: 'Hash of the deleted folder. Restoring is possible on PRO, BUSINESS and ENTERPRISE plans.',
	},
	optionsCollection(),
];

export const description = updateDisplayOptions({ show: { resource: ['folder'], operation: ['restore'] } }, properties);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	const folderHash = readText(this, 'folderHash', itemIndex, 'Folder Hash', { required: true });
	return [jsonItem(await restoreItem(this, 'folder', folderHash, itemIndex), itemIndex)];
}
