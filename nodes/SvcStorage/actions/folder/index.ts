import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { operationSelector, valuesOf } from '../operationSelector';
import * as create from './create.operation';
import * as deleteFolder from './delete.operation';
import * as getContent from './getContent.operation';
import * as getInfo from './getInfo.operation';
import * as move from './move.operation';
import * as rename from './rename.operation';
import * as restore from './restore.operation';

export { create, deleteFolder as delete, getContent, getInfo, move, rename, restore };

const CREATE: INodePropertyOptions = { name: 'Create', value: 'create', action: 'Create a folder', description: 'Create a folder' };
const GET_CONTENT: INodePropertyOptions = {
	name: 'List',
	value: 'getContent',
	action: 'List a folder',
	description: 'List the files and subfolders directly in a folder',
};
const GET_INFO: INodePropertyOptions = { name: 'Get Info', value: 'getInfo', action: 'Get a folder', description: 'Get the metadata of a folder' };
const RENAME: INodePropertyOptions = { name: 'Rename', value: 'rename', action: 'Rename a folder', description: 'Rename a folder' };

/** What the MCP connector offers: no Delete or Restore (it never deletes); Move only there. */
const MCP_OPTIONS: INodePropertyOptions[] = [
	CREATE,
	GET_CONTENT,
	GET_INFO,
	{ name: 'Move', value: 'move', action: 'Move a folder', description: 'Move a folder into another folder of the same owner (MCP only)' },
	RENAME,
];

export const mcpOperations = valuesOf(MCP_OPTIONS);

export const description: INodeProperties[] = [
	operationSelector(
		'folder',
		[
			CREATE,
			{ name: 'Delete', value: 'delete', action: 'Delete a folder', description: 'Delete a folder and everything in it' },
			GET_CONTENT,
			GET_INFO,
			RENAME,
			{ name: 'Restore', value: 'restore', action: 'Restore a folder', description: 'Restore a deleted folder (paid plans)' },
		],
		MCP_OPTIONS,
		'create',
	),
	...create.description,
	...deleteFolder.description,
	...getContent.description,
	...getInfo.description,
	...move.description,
	...rename.description,
	...restore.description,
];
