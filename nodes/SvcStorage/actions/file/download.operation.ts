import type { INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import type { Access, OperationOption } from '../../../shared/description/operation';
import { OVER_REST_AND_MCP } from '../../../shared/description/operation';
import { binaryFromStream, safeFileName } from '../../../shared/execution/binary';
import { readText } from '../../../shared/execution/parameters';
import { fileLocator, readOptionsCollection, withOptions } from '../../../shared/description/common.descriptions';
import { readEntryHash } from '../references';
import type { StorageExecute } from '../node.type';

export const option: OperationOption = {
	name: 'Download',
	action: 'Download a file',
	description: 'Download a file into a binary field',
};
export const access: Access = 'read';
export const runsOver = OVER_REST_AND_MCP;

const properties: INodeProperties[] = [
	fileLocator,
	{
		displayName: 'Put Output File in Field',
		name: 'binaryPropertyName',
		type: 'string',
		default: 'data',
		required: true,
		hint: 'The name of the output binary field to put the file in',
	},
	withOptions(readOptionsCollection, [
		{
			displayName: 'File Name',
			name: 'fileName',
			type: 'string',
			default: '',
			description: 'Name to give the binary data; defaults to the name the service sends',
		},
	]),
];

export const description = updateDisplayOptions({ show: { resource: ['file'], operation: ['download'] } }, properties);

/** What it gives, for the model reading its tool description. */
export const returns = "the file's name, type and size, with its bytes in a binary field";

export const execute: StorageExecute = async function (itemIndex, { storage }) {
	const fileHash = await readEntryHash(this, storage, 'file', { name: 'file', label: 'File' }, itemIndex);
	const propertyName = readText(this, 'binaryPropertyName', itemIndex, 'Put Output File in Field', { required: true });
	const fileNameOverride = readText(this, 'options.fileName', itemIndex, 'File Name');
	const download = await storage.downloadFile(fileHash, itemIndex);
	const fileName = fileNameOverride || safeFileName(download.fileName);
	const binary = await binaryFromStream(this, download, fileName, download.contentType, itemIndex);
	return [
		{
			json: {
				file_hash: fileHash,
				file_name: fileName ?? binary.fileName ?? null,
				mime_type: download.contentType ?? binary.mimeType,
				size: download.size ?? null,
			},
			binary: { [propertyName]: binary },
			pairedItem: { item: itemIndex },
		},
	];
};
