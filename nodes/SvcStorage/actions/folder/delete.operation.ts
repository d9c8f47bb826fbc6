import type { INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import type { Access, OperationOption, Writes } from '../../../shared/description/operation';
import { OVER_REST_ONLY } from '../../../shared/description/operation';
import { jsonItem } from '../../../shared/execution/items';
import { folderLocator, optionsCollection } from '../../../shared/description/common.descriptions';
import { readEntryHash } from '../references';
import type { StorageExecute } from '../node.type';

export const option: OperationOption = {
	name: 'Delete',
	action: 'Delete a folder',
	description: 'Delete a folder and everything in it',
};
export const access: Access = 'write';
export const writes: Writes = { kind: 'set', into: 'folder', named: undefined };
export const runsOver = OVER_REST_ONLY;

const properties: INodeProperties[] = [
	{ ...folderLocator, description: 'Folder to delete, together with all its contents' },
	optionsCollection,
];

export const description = updateDisplayOptions({ show: { resource: ['folder'], operation: ['delete'] } }, properties);

/** What it gives, for the model reading its tool description. */
export const returns = "the deleted folder's hash and name";

export const execute: StorageExecute = async function (itemIndex, { storage }) {
	const folderHash = await readEntryHash(this, storage, 'folder', { name: 'folder', label: 'Folder' }, itemIndex);
	return [jsonItem(await storage.deleteEntry('folder', folderHash, itemIndex), itemIndex)];
};
