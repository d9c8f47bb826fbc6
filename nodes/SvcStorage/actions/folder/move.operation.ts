import type { INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import type { Access, OperationOption, Writes } from '../../../shared/description/operation';
import { OVER_MCP_ONLY } from '../../../shared/description/operation';
import { jsonItem } from '../../../shared/execution/items';
import { folderLocator, optionsCollection } from '../../../shared/description/common.descriptions';
import { targetFolderLocator } from '../common.descriptions';
import { readEntryHash, readTargetFolderHash } from '../references';
import type { StorageExecute } from '../node.type';

export const option: OperationOption = {
	name: 'Move',
	action: 'Move a folder',
	description: 'Move a folder into another folder of the same owner',
};
export const access: Access = 'write';
export const writes: Writes = { kind: 'set', into: 'folder', named: undefined };
export const runsOver = OVER_MCP_ONLY;

const properties: INodeProperties[] = [
	{
		displayName:
			"Only with an MCP credential. The folder keeps its name and stays in the same owner's account; " +
			'sharing of the target may change who can reach it. Moving into the current parent returns ' +
			'status "unchanged".',
		name: 'moveFolderNotice',
		type: 'notice',
		default: '',
	},
	{ ...folderLocator, description: 'Folder to move (not ROOT)' },
	targetFolderLocator,
	optionsCollection,
];

export const description = updateDisplayOptions({ show: { resource: ['folder'], operation: ['move'] } }, properties);

/** What it gives, for the model reading its tool description. */
export const returns = "the moved folder's hash, name and new parent";

/** Move Folder (svc_move_folder): the folder where it is now, with status "updated" or "unchanged". */
export const execute: StorageExecute = async function (itemIndex, { storage }) {
	const folderHash = await readEntryHash(this, storage, 'folder', { name: 'folder', label: 'Folder' }, itemIndex);
	const targetFolderHash = await readTargetFolderHash(this, storage, itemIndex);
	return [jsonItem(await storage.moveFolder(folderHash, targetFolderHash, itemIndex), itemIndex)];
};
