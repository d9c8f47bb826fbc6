import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import type { Access, OperationOption, Writes } from '../../../shared/description/operation';
import { OVER_MCP_ONLY } from '../../../shared/description/operation';
import type { ImportSource } from '../../../shared/adapters/storage/port';
import { parameterOf, readText, refuseInput } from '../../../shared/execution/parameters';
import { jsonItem } from '../../../shared/execution/items';
import { optionsCollection, withOptions } from '../../../shared/description/common.descriptions';
import { fileFolderLocator } from '../common.descriptions';
import { readEntryHash } from '../references';
import type { StorageExecute } from '../node.type';

export const option: OperationOption = {
	name: 'Import From URL',
	action: 'Import a file from a URL',
	description: 'Let the service fetch a file from a public HTTPS URL into a folder',
};
export const access: Access = 'claimingWrite';
export const writes: Writes = { kind: 'create', makes: 'file', into: 'folder', named: 'fileName' };
export const runsOver = OVER_MCP_ONLY;

const properties: INodeProperties[] = [
	{
		displayName:
			'Only with an MCP credential. The service itself fetches the file (public HTTPS on port 443, ' +
			'at most 100 MiB, 3 redirects, 60 seconds); n8n sends no bytes. A name already taken in the ' +
			'folder is an error.',
		name: 'importNotice',
		type: 'notice',
		default: '',
	},
	fileFolderLocator,
	{
		displayName: 'Source',
		name: 'source',
		type: 'options',
		options: [
			{ name: 'URL', value: 'url', description: 'A public HTTPS address of the file' },
			{
				name: 'File Object',
				value: 'fileObject',
				description: 'A file reference from an AI client: download URL and file ID',
			},
		],
		default: 'url',
	},
	{
		displayName: 'Source URL',
		name: 'sourceUrl',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. https://example.com/report.pdf',
		description: 'Public https:// URL on port 443, without user name, password or #fragment',
		displayOptions: { show: { source: ['url'] } },
	},
	{
		displayName: 'Download URL',
		name: 'downloadUrl',
		type: 'string',
		default: '',
		required: true,
		description: "The file object's download_url (public HTTPS)",
		displayOptions: { show: { source: ['fileObject'] } },
	},
	{
		displayName: 'File ID',
		name: 'fileId',
		type: 'string',
		default: '',
		required: true,
		description: "The file object's file_id: the client's own reference, not a stored hash or a credential",
		displayOptions: { show: { source: ['fileObject'] } },
	},
	{
		displayName: 'File Name',
		name: 'fileName',
		type: 'string',
		default: '',
		placeholder: 'e.g. report.pdf',
		description:
			"Name to store the file under; defaults to the last part of the URL's path. The file's type " +
			"follows this name's extension.",
	},
	withOptions(optionsCollection, [
		{
			displayName: 'Source File Name',
			name: 'sourceFileName',
			type: 'string',
			default: '',
			description: "The file object's own file_name (informational; File Name above is the stored name)",
			displayOptions: { show: { '/source': ['fileObject'] } },
		},
		{
			displayName: 'Source MIME Type',
			name: 'mimeType',
			type: 'string',
			default: '',
			description: "The file object's mime_type (informational: the service does not trust it)",
			displayOptions: { show: { '/source': ['fileObject'] } },
		},
	]),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['file'], operation: ['importFromUrl'] } },
	properties,
);

/** The MCP endpoint's rule 9: what the service will refuse anyway, refused here first and named. */
function checkedUrl(ctx: IExecuteFunctions, itemIndex: number, raw: string, label: string): URL {
	let url: URL;
	try {
		url = new URL(raw);
	} catch {
		refuseInput(ctx, itemIndex, `The parameter "${label}" is not a URL: "${raw}"`, 'Enter a full https:// address.');
	}
	const problems = [
		url.protocol !== 'https:' ? 'it must use https://' : '',
		url.port !== '' && url.port !== '443' ? 'it must use port 443' : '',
		url.username || url.password ? 'it must not contain a user name or password' : '',
		raw.includes('#') ? 'it must not contain a #fragment' : '',
		url.hostname.startsWith('[') ? 'IPv6 addresses are refused' : '',
	].filter(Boolean);
	if (problems.length > 0) {
		refuseInput(
			ctx,
			itemIndex,
			`The parameter "${label}" cannot be imported: ${problems[0]}`,
			'The service fetches only public HTTPS URLs on port 443, without credentials or fragments.',
		);
	}
	return url;
}

function nameFromUrl(url: URL): string {
	const last = url.pathname.split('/').filter(Boolean).pop() ?? '';
	try {
		return decodeURIComponent(last).trim();
	} catch {
		return last.trim();
	}
}

/** What it gives, for the model reading its tool description. */
export const returns = "the new file's hash, name and size";

/** Import From URL (svc_import_file): the stored file in Upload's fields, with the write's status. */
export const execute: StorageExecute = async function (itemIndex, { storage }) {
	const folderHash = await readEntryHash(this, storage, 'folder', { name: 'folder', label: 'Folder' }, itemIndex);
	const kind = parameterOf(this, 'source', itemIndex, 'url') as string;
	let source: ImportSource;
	let url: URL;
	if (kind === 'fileObject') {
		url = checkedUrl(
			this,
			itemIndex,
			readText(this, 'downloadUrl', itemIndex, 'Download URL', { required: true }),
			'Download URL',
		);
		const fileId = readText(this, 'fileId', itemIndex, 'File ID', { required: true });
		const mimeType = readText(this, 'options.mimeType', itemIndex, 'Source MIME Type');
		const sourceFileName = readText(this, 'options.sourceFileName', itemIndex, 'Source File Name');
		source = {
			file: {
				download_url: url.toString(),
				file_id: fileId,
				...(mimeType ? { mime_type: mimeType } : {}),
				...(sourceFileName ? { file_name: sourceFileName } : {}),
			},
		};
	} else {
		url = checkedUrl(
			this,
			itemIndex,
			readText(this, 'sourceUrl', itemIndex, 'Source URL', { required: true }),
			'Source URL',
		);
		source = { sourceUrl: url.toString() };
	}
	const fileName = readText(this, 'fileName', itemIndex, 'File Name', { maxLength: 255 }) || nameFromUrl(url);
	if (!fileName) {
		refuseInput(
			this,
			itemIndex,
			'The parameter "File Name" is empty',
			'The URL has no file name in its path: enter the name to store the file under.',
		);
	}
	return [jsonItem(await storage.importFile(folderHash, fileName, source, itemIndex), itemIndex)];
};
