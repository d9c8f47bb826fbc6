import type { INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import type { Access, OperationOption, Writes } from '../../../shared/description/operation';
import { OVER_REST_AND_MCP } from '../../../shared/description/operation';
import { jsonItem } from '../../../shared/execution/items';
import { fileLocator, optionsCollection } from '../../../shared/description/common.descriptions';
import { targetFolderLocator } from '../common.descriptions';
import { readEntryHash, readTargetFolderHash } from '../references';
import type { StorageExecute } from '../node.type';

export const option: OperationOption = {
	name: 'Move',
	action: 'Move a file',
	description: 'Move a file into another folder',
};
export const access: Access = 'write';
export const writes: Writes = { kind: 'set', into: 'file', named: undefined };
export const runsOver = OVER_REST_AND_MCP;

const properties: INodeProperties[] = [fileLocator, targetFolderLocator, optionsCollection];

export const description = updateDisplayOptions({ show: { resource: ['file'], operation: ['move'] } }, properties);

/** What it gives, for the model reading its tool description. */
export const returns = "the moved file's hash, name and new folder";

export const execute: StorageExecute = async function (itemIndex, { storage }) {
	const fileHash = await readEntryHash(this, storage, 'file', { name: 'file', label: 'File' }, itemIndex);
	const targetFolderHash = await readTargetFolderHash(this, storage, itemIndex);
	return [jsonItem(await storage.moveFile(fileHash, targetFolderHash, itemIndex), itemIndex)];
};
