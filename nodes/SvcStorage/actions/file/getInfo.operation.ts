import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { readLocator } from '../../../shared/parameters';
import { jsonItem } from '../../../shared/runPerItem';
import { accessRightsOption, fileLocator, optionsCollection } from '../common.descriptions';
import type { StorageDeps } from '../node.type';

const properties: INodeProperties[] = [
	fileLocator({ name: 'file', displayName: 'File' }),
	optionsCollection([accessRightsOption]),
];

export const description = updateDisplayOptions({ show: { resource: ['file'], operation: ['getInfo'] } }, properties);

export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
	{ storage }: StorageDeps,
): Promise<INodeExecutionData[]> {
	const fileHash = readLocator(this, 'file', itemIndex, 'File');
	const accessRights = this.getNodeParameter('options.accessRights', itemIndex, false) as boolean;
	return [jsonItem(await storage.getFileInfo(fileHash, { accessRights }, itemIndex), itemIndex)];
}
