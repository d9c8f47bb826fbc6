import type { INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import type { Access, OperationOption } from '../../../shared/operation';
import { OVER_REST_ONLY } from '../../../shared/operation';
import { readLocator } from '../../../shared/parameters';
import { jsonItem } from '../../../shared/items';
import { fileLocator, optionsCollection } from '../common.descriptions';
import type { StorageExecute } from '../node.type';

export const option: OperationOption = { name: 'Delete', action: 'Delete a file', description: 'Delete a file' };
export const access: Access = 'write';
export const runsOver = OVER_REST_ONLY;

const properties: INodeProperties[] = [fileLocator({ name: 'file', displayName: 'File' }), optionsCollection()];

export const description = updateDisplayOptions({ show: { resource: ['file'], operation: ['delete'] } }, properties);

export const execute: StorageExecute = async function (itemIndex, { storage }) {
	const fileHash = readLocator(this, 'file', itemIndex, 'File');
	return [jsonItem(await storage.deleteEntry('file', fileHash, itemIndex), itemIndex)];
};
