import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { operationSelector, valuesOf } from '../operationSelector';
import * as deleteFile from './delete.operation';
import * as download from './download.operation';
import * as getInfo from './getInfo.operation';
import * as importFromUrl from './importFromUrl.operation';
import * as move from './move.operation';
import * as rename from './rename.operation';
import * as restore from './restore.operation';
import * as search from './search.operation';
import * as upload from './upload.operation';

export { deleteFile as delete, download, getInfo, importFromUrl, move, rename, restore, search, upload };

const DOWNLOAD: INodePropertyOptions = { name: 'Download', value: 'download', action: 'Download a file', description: 'Download a file into a binary field' };
const GET_INFO: INodePropertyOptions = { name: 'Get Info', value: 'getInfo', action: 'Get a file', description: 'Get the metadata of a file' };
const MOVE: INodePropertyOptions = { name: 'Move', value: 'move', action: 'Move a file', description: 'Move a file into another folder' };
const RENAME: INodePropertyOptions = { name: 'Rename', value: 'rename', action: 'Rename a file', description: 'Rename a file' };
const UPLOAD: INodePropertyOptions = { name: 'Upload', value: 'upload', action: 'Upload a file', description: 'Upload a file from a binary field' };

/** What the MCP connector offers: no Delete or Restore (it never deletes); Search and Import only there. */
const MCP_OPTIONS: INodePropertyOptions[] = [
	DOWNLOAD,
	GET_INFO,
	{
		name: 'Import From URL',
		value: 'importFromUrl',
		action: 'Import a file from a URL',
		description: 'Let the service fetch a file from a public HTTPS URL into a folder (MCP only)',
	},
	MOVE,
	RENAME,
	{
		name: 'Search',
		value: 'search',
		action: 'Search files',
		description: "Search names and indexed metadata with the web UI's central search (MCP only)",
	},
	{ ...UPLOAD, description: 'Upload a file of up to 10 MiB from a binary field' },
];

export const mcpOperations = valuesOf(MCP_OPTIONS);

export const description: INodeProperties[] = [
	operationSelector(
		'file',
		[
			{ name: 'Delete', value: 'delete', action: 'Delete a file', description: 'Delete a file' },
			DOWNLOAD,
			GET_INFO,
			MOVE,
			RENAME,
			{ name: 'Restore', value: 'restore', action: 'Restore a file', description: 'Restore a deleted file (paid plans)' },
			UPLOAD,
		],
		MCP_OPTIONS,
		'upload',
	),
	...deleteFile.description,
	...download.description,
	...getInfo.description,
	...importFromUrl.description,
	...move.description,
	...rename.description,
	...restore.description,
	...search.description,
	...upload.description,
];
