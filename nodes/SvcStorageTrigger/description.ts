import type { INodeProperties } from 'n8n-workflow';

import { storageAuthentication } from '../shared/description/authentication.descriptions';
import {
	capabilityKeysOptions,
	DEFAULT_MAX_ITEMS_PER_POLL,
	filtersCollection,
	folderLocator,
	optionsCollection,
	timeoutOption,
} from '../shared/description/common.descriptions';

export const MAX_SUBFOLDER_DEPTH = 5;
export const DEFAULT_DOWNLOAD_RETRIES = 3;

const FILE_EVENTS = ['newFile', 'fileUpdated'];

export const properties: INodeProperties[] = [
	...storageAuthentication,
	{
		displayName:
			'Each poll costs one request per watched folder (over MCP one per 200 entries) and one per ' +
			'downloaded file. Files and folders are recognized by their hash, whatever their dates, so one ' +
			'moved, copied, restored ' +
			'or synced into the folder counts too.',
		name: 'costNotice',
		type: 'notice',
		default: '',
	},
	{
		displayName: 'Trigger On',
		name: 'event',
		type: 'options',
		noDataExpression: true,
		options: [
			{
				name: 'File Updated',
				value: 'fileUpdated',
				description: "A watched file's content or name changed (its last-modified time moved)",
			},
			{
				name: 'New File',
				value: 'newFile',
				description: 'A file appeared in the watched folder: uploaded, moved, copied or restored into it',
			},
			{ name: 'New Folder', value: 'newFolder', description: 'A folder appeared in the watched folder' },
		],
		default: 'newFile',
	},
	{ ...folderLocator, description: 'The folder to watch' },
	{
		displayName: 'Subfolder Depth',
		name: 'subfolderDepth',
		type: 'number',
		typeOptions: { minValue: 0, maxValue: MAX_SUBFOLDER_DEPTH },
		default: 0,
		description:
			'How many levels of subfolders to watch as well: 0 watches only the folder itself, 1 adds ' +
			'its direct subfolders, and so on. Every watched subfolder costs one request per poll.',
	},
	{
		displayName: 'Download File',
		name: 'download',
		type: 'boolean',
		default: false,
		description: 'Whether to download each file into a binary field of its item (one request per file)',
		displayOptions: { show: { event: FILE_EVENTS } },
	},
	{
		displayName: 'Put File in Field',
		name: 'binaryPropertyName',
		type: 'string',
		default: 'data',
		required: true,
		hint: 'The name of the output binary field to put the file in',
		displayOptions: { show: { download: [true], event: FILE_EVENTS } },
	},
	{
		...filtersCollection,
		options: [
			{
				displayName: 'Extensions',
				name: 'extensions',
				type: 'string',
				default: '',
				placeholder: 'e.g. pdf, docx',
				description: 'Only files with one of these extensions, separated by commas (case does not matter)',
				displayOptions: { show: { '/event': FILE_EVENTS } },
			},
			{
				displayName: 'File Name Pattern',
				name: 'namePattern',
				type: 'string',
				default: '',
				placeholder: 'e.g. invoice-*.pdf',
				description:
					'Only entries whose whole name matches: * stands for any characters, ? for one character ' +
					'(case does not matter)',
			},
		],
	},
	{
		...optionsCollection,
		options: [
			{
				displayName: 'Download Attempts',
				name: 'downloadAttempts',
				type: 'number',
				typeOptions: { minValue: 1, maxValue: 100 },
				default: DEFAULT_DOWNLOAD_RETRIES,
				description:
					'With On Download Error set to Try Again Next Poll: how many polls try to download a file ' +
					'before it is emitted with the error',
				displayOptions: { show: { '/download': [true] } },
			},
			...capabilityKeysOptions,
			{
				displayName: 'Max Items per Poll',
				name: 'maxFilesPerPoll',
				type: 'number',
				typeOptions: { minValue: 1, maxValue: 1000 },
				default: DEFAULT_MAX_ITEMS_PER_POLL,
				description: 'The most items one poll emits, oldest first. More are left for the next poll; none is lost.',
			},
			{
				displayName: 'On Download Error',
				name: 'onDownloadError',
				type: 'options',
				options: [
					{
						name: 'Emit Without the File',
						value: 'emit',
						description: 'Emit the item at once, without binary data and with a download_error field',
					},
					{
						name: 'Try Again Next Poll',
						value: 'retry',
						description: 'Leave the file for the next polls (Download Attempts), then emit it with the error',
					},
				],
				default: 'emit',
				description: 'What to do with a file that cannot be downloaded. Other files are emitted either way.',
				displayOptions: { show: { '/download': [true] } },
			},
			timeoutOption,
		],
	},
];
