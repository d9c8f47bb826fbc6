import type { INodeProperties } from 'n8n-workflow';

import * as create from './create.operation';
import * as deleteFolder from './delete.operation';
import * as getContent from './getContent.operation';
import * as getInfo from './getInfo.operation';
import * as rename from './rename.operation';
import * as restore from './restore.operation';

export { create, deleteFolder as delete, getContent, getInfo, rename, restore };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['folder'] } },
		options: [
			{ name: 'Create', value: 'create', action: 'Create a folder', description: 'Create a folder' },
			{ name: 'Delete', value: 'delete', action: 'Delete a folder', description: 'Delete a folder and everything in it' },
			{ name: 'Get Content', value: 'getContent', action: 'List a folder', description: 'List the files and subfolders directly in a folder' },
			{ name: 'Get Info', value: 'getInfo', action: 'Get a folder', description: 'Get the metadata of a folder' },
			{ name: 'Rename', value: 'rename', action: 'Rename a folder', description: 'Rename a folder' },
			{ name: 'Restore', value: 'restore', action: 'Restore a folder', description: 'Restore a deleted folder (paid plans)' },
		],
		default: 'create',
	},
	...create.description,
	...deleteFolder.description,
	...getContent.description,
	...getInfo.description,
	...rename.description,
	...restore.description,
];
