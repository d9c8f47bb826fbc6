import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { readText } from '../../../shared/parameters';
import { jsonItem } from '../../../shared/runPerItem';
import { optionsCollection } from '../common.descriptions';
import { restoreItem } from '../itemLifecycle';

const properties: INodeProperties[] = [
	{
		displayName: 'File Hash',
		name: 'fileHash',
		type: 'string',
		default: '',
		required: true,
		description: 'Hash of the deleted file. Restoring is possible on PRO, BUSINESS and ENTERPRISE plans.',
	},
	optionsCollection(),
];

export const description = updateDisplayOptions({ show: { resource: ['file'], operation: ['restore'] } }, properties);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	const fileHash = readText(this, 'fileHash', itemIndex, 'File Hash', { required: true });
	return [jsonItem(await restoreItem(this, 'file', fileHash, itemIndex), itemIndex)];
}
