import type { INodeProperties } from 'n8n-workflow';

import * as deleteFile from './delete.operation';
import * as download from './download.operation';
import * as getInfo from './getInfo.operation';
import * as move from './move.operation';
import * as rename from './rename.operation';
import * as restore from './restore.operation';
import * as upload from './upload.operation';

export { deleteFile as delete, download, getInfo, move, rename, restore, upload };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['file'] } },
		options: [
			{ name: 'Delete', value: 'delete', action: 'Delete a file', description: 'Delete a file' },
			{ name: 'Download', value: 'download', action: 'Download a file', description: 'Download a file into a binary field' },
			{ name: 'Get Info', value: 'getInfo', action: 'Get a file', description: 'Get the metadata of a file' },
			{ name: 'Move', value: 'move', action: 'Move a file', description: 'Move a file into another folder' },
			{ name: 'Rename', value: 'rename', action: 'Rename a file', description: 'Rename a file' },
			{ name: 'Restore', value: 'restore', action: 'Restore a file', description: 'Restore a deleted file (paid plans)' },
			{ name: 'Upload', value: 'upload', action: 'Upload a file', description: 'Upload a file from a binary field' },
		],
		default: 'upload',
	},
	...deleteFile.description,
	...download.description,
	...getInfo.description,
	...move.description,
	...rename.description,
	...restore.description,
	...upload.description,
];
