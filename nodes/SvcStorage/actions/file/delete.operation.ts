import type { INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import type { Access, OperationOption, Writes } from '../../../shared/description/operation';
import { OVER_REST_ONLY } from '../../../shared/description/operation';
import { jsonItem } from '../../../shared/execution/items';
import { fileLocator, optionsCollection } from '../../../shared/description/common.descriptions';
import { readEntryHash } from '../references';
import type { StorageExecute } from '../node.type';

export const option: OperationOption = { name: 'Delete', action: 'Delete a file', description: 'Delete a file' };
export const access: Access = 'write';
export const writes: Writes = { kind: 'set', into: 'file', named: undefined };
export const runsOver = OVER_REST_ONLY;

const properties: INodeProperties[] = [fileLocator, optionsCollection];

export const description = updateDisplayOptions({ show: { resource: ['file'], operation: ['delete'] } }, properties);

/** What it gives, for the model reading its tool description. */
export const returns = "the deleted file's hash and name";

export const execute: StorageExecute = async function (itemIndex, { storage }) {
	const fileHash = await readEntryHash(this, storage, 'file', { name: 'file', label: 'File' }, itemIndex);
	return [jsonItem(await storage.deleteEntry('file', fileHash, itemIndex), itemIndex)];
};
