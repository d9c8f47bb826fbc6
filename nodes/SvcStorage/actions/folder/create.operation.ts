import type { INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import type { Access, OperationOption, Writes } from '../../../shared/description/operation';
import { OVER_REST_AND_MCP } from '../../../shared/description/operation';
import { mcpOnly, restOnly } from '../../../shared/description/authentication.descriptions';
import { parameterOf, readText } from '../../../shared/execution/parameters';
import { jsonItem } from '../../../shared/execution/items';
import { folderLocator, optionsCollection, withOptions } from '../../../shared/description/common.descriptions';
import { readEntryHash } from '../references';
import { ifNameExistsOption, readIfNameExists } from '../ifNameExists';
import type { StorageExecute } from '../node.type';

export const option: OperationOption = { name: 'Create', action: 'Create a folder', description: 'Create a folder' };
export const access: Access = 'claimingWrite';
export const writes: Writes = { kind: 'create', makes: 'folder', into: 'parentFolder', named: 'folderName' };
export const runsOver = OVER_REST_AND_MCP;

const properties: INodeProperties[] = [
	{
		...folderLocator,
		displayName: 'Parent Folder',
		name: 'parentFolder',
		required: false,
		description: 'Folder to create the new folder in. Leave empty for the ROOT folder.',
	},
	{
		displayName: 'Folder Name',
		name: 'folderName',
		type: 'string',
		default: '',
		placeholder: 'e.g. Invoices 2026',
		description:
			'Name of the new folder. The service normalizes it and adds a number when a sibling has the ' +
			'same name; leave empty for a random name.',
	},
	{
		displayName: 'Access Type',
		name: 'accessType',
		type: 'options',
		options: [
			{ name: 'Private', value: 'PRIVATE', description: 'Only authorized users can download its files' },
			{ name: 'Link', value: 'LINK', description: 'Anyone with a link can download its files' },
		],
		default: 'PRIVATE',
		displayOptions: restOnly('svcStorageApi'),
	},
	{
		displayName:
			"Over MCP the folder needs a name, requests PRIVATE access (the parent's settings may override " +
			'it) and a name already taken is an error instead of getting a number.',
		name: 'mcpCreateNotice',
		type: 'notice',
		default: '',
		displayOptions: mcpOnly,
	},
	withOptions(optionsCollection, [ifNameExistsOption('folder')]),
];

export const description = updateDisplayOptions({ show: { resource: ['folder'], operation: ['create'] } }, properties);

/** What it gives, for the model reading its tool description. */
export const returns = "the new folder's hash, name and parent";

export const execute: StorageExecute = async function (itemIndex, { storage }) {
	const parentHash = await readEntryHash(
		this,
		storage,
		'folder',
		{ name: 'parentFolder', label: 'Parent Folder', required: false },
		itemIndex,
	);
	const name = readText(this, 'folderName', itemIndex, 'Folder Name', { maxLength: 255 });
	const accessType = parameterOf(this, 'accessType', itemIndex, 'PRIVATE') as string;
	const result = await storage.createFolder(
		{ parentHash: parentHash || undefined, name: name || undefined, accessType },
		itemIndex,
		readIfNameExists(this, itemIndex),
	);
	return [jsonItem(result, itemIndex)];
};
