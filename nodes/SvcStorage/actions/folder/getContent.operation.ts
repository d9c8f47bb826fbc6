import type { INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import type { Access, OperationOption } from '../../../shared/description/operation';
import { OVER_REST_AND_MCP } from '../../../shared/description/operation';
import { entryKind } from '../../../shared/adapters/storage/entryFields';
import {
	folderLocator,
	limitProperty,
	readOptionsCollection,
	returnAllProperty,
	withOptions,
} from '../../../shared/description/common.descriptions';
import { applyLimit, readReturnAll } from '../../../shared/execution/paging';
import { jsonItem } from '../../../shared/execution/items';
import { accessRightsOption } from '../common.descriptions';
import { readEntryHash } from '../references';
import type { StorageExecute } from '../node.type';
import { parameterOf } from '../../../shared/execution/parameters';

export const option: OperationOption = {
	name: 'List',
	action: 'List a folder',
	description: 'List the files and subfolders directly in a folder',
};
export const access: Access = 'read';
export const runsOver = OVER_REST_AND_MCP;

const properties: INodeProperties[] = [
	{ ...folderLocator, description: 'Folder whose direct files and subfolders to list' },
	returnAllProperty,
	limitProperty,
	withOptions(readOptionsCollection, [
		accessRightsOption,
		{
			displayName: 'Item Type',
			name: 'itemType',
			type: 'options',
			options: [
				{ name: 'Files and Folders', value: 'all' },
				{ name: 'Files Only', value: 'file' },
				{ name: 'Folders Only', value: 'folder' },
			],
			default: 'all',
			description: 'Which kind of entries to return',
		},
	]),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['folder'], operation: ['getContent'] } },
	properties,
);

/** What it gives, for the model reading its tool description. */
export const returns = 'one item per file and subfolder with its name, hash, size and dates';

export const execute: StorageExecute = async function (itemIndex, { storage }) {
	const folderHash = await readEntryHash(this, storage, 'folder', { name: 'folder', label: 'Folder' }, itemIndex);
	const { limit } = readReturnAll(this, itemIndex);
	const accessRights = parameterOf(this, 'options.accessRights', itemIndex, false) as boolean;
	const itemType = parameterOf(this, 'options.itemType', itemIndex, 'all') as string;
	const entries = await storage.listFolder(folderHash, { accessRights }, itemIndex);
	const wanted = itemType === 'all' ? entries : entries.filter((entry) => entryKind(entry) === itemType);
	return applyLimit(wanted, limit).map((entry) => jsonItem(entry, itemIndex));
};
