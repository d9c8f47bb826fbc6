import type { INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { readLocator } from '../../../shared/parameters';
import { jsonItem } from '../../../shared/runPerItem';
import { accessRightsOption, fileLocator, readOptionsCollection } from '../common.descriptions';
import type { StorageExecute } from '../node.type';

const properties: INodeProperties[] = [
	fileLocator({ name: 'file', displayName: 'File' }),
	readOptionsCollection([accessRightsOption]),
];

export const description = updateDisplayOptions({ show: { resource: ['file'], operation: ['getInfo'] } }, properties);

export const execute: StorageExecute = async function (itemIndex, { storage }) {
	const fileHash = readLocator(this, 'file', itemIndex, 'File');
	const accessRights = this.getNodeParameter('options.accessRights', itemIndex, false) as boolean;
	return [jsonItem(await storage.getFileInfo(fileHash, { accessRights }, itemIndex), itemIndex)];
};
