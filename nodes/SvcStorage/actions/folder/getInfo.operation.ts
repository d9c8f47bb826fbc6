import type { INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { readLocator } from '../../../shared/parameters';
import { jsonItem } from '../../../shared/runPerItem';
import { accessRightsOption, folderLocator, readOptionsCollection } from '../common.descriptions';
import type { StorageExecute } from '../node.type';

const properties: INodeProperties[] = [
	folderLocator({ name: 'folder', displayName: 'Folder' }),
	readOptionsCollection([accessRightsOption]),
];

export const description = updateDisplayOptions({ show: { resource: ['folder'], operation: ['getInfo'] } }, properties);

export const execute: StorageExecute = async function (itemIndex, { storage }) {
	const folderHash = readLocator(this, 'folder', itemIndex, 'Folder');
	const accessRights = this.getNodeParameter('options.accessRights', itemIndex, false) as boolean;
	return [jsonItem(await storage.getFolderInfo(folderHash, { accessRights }, itemIndex), itemIndex)];
};
