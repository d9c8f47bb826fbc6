import type { INodeProperties } from 'n8n-workflow';

import { authenticationProperties } from '../shared/services/select';
import { timeoutOption } from '../shared/descriptions';
import { folderLocator } from '../shared/storageLocators';

export const MAX_SUBFOLDER_DEPTH = 5;
export const DEFAULT_MAX_FILES_PER_POLL = 100;

export const properties: INodeProperties[] = [
	...authenticationProperties(
		'svcStorageApi',
		'Svc Storage API',
		'Over MCP a folder is listed up to 200 entries per request, so a large watched folder costs more requests per poll.',
	),
	{
		displayName:
			'Each poll costs one request for the watched folder, one more per watched subfolder and one per downloaded file. A file counts as new by its upload time, so a file moved or restored into the folder is not reported.',
		name: 'costNotice',
		type: 'notice',
		default: '',
	},
	{
		displayName: 'Trigger On',
		name: 'event',
		type: 'options',
		noDataExpression: true,
		options: [{ name: 'New File', value: 'newFile', description: 'A file was uploaded to the watched folder' }],
		default: 'newFile',
	},
	folderLocator({ name: 'folder', displayName: 'Folder', description: 'The folder to watch for new files' }),
	{
		displayName: 'Subfolder Depth',
		name: 'subfolderDepth',
		type: 'number',
		typeOptions: { minValue: 0, maxValue: MAX_SUBFOLDER_DEPTH },
		default: 0,
		description:
			'How many levels of subfolders to watch as well: 0 watches only the folder itself, 1 adds its direct subfolders, and so on. Every watched subfolder costs one request per poll.',
	},
	{
		displayName: 'Download File',
		name: 'download',
		type: 'boolean',
		default: false,
		description: 'Whether to download each new file into a binary field of its item (one request per file)',
	},
	{
		displayName: 'Put File in Field',
		name: 'binaryPropertyName',
		type: 'string',
		default: 'data',
		required: true,
		hint: 'The name of the output binary field to put the file in',
		displayOptions: { show: { download: [true] } },
	},
	{
		displayName: 'Filters',
		name: 'filters',
		type: 'collection',
		placeholder: 'Add Filter',
		default: {},
		options: [
			{
				displayName: 'Extensions',
				name: 'extensions',
				type: 'string',
				default: '',
				placeholder: 'e.g. pdf, docx',
				description: 'Only files with one of these extensions, separated by commas (case does not matter)',
			},
			{
				displayName: 'File Name Pattern',
				name: 'namePattern',
				type: 'string',
				default: '',
				placeholder: 'e.g. invoice-*.pdf',
				description:
					'Only files whose whole name matches: * stands for any characters, ? for one character (case does not matter)',
			},
		],
	},
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		options: [
			{
				displayName: 'Max Files per Poll',
				name: 'maxFilesPerPoll',
				type: 'number',
				typeOptions: { minValue: 1, maxValue: 1000 },
				default: DEFAULT_MAX_FILES_PER_POLL,
				description:
					'The most files one poll emits, oldest first. More new files are left for the next poll; none is lost.',
			},
			timeoutOption,
		],
	},
];
