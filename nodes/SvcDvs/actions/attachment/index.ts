import type { INodeProperties } from 'n8n-workflow';

import * as list from './list.operation';
import * as upload from './upload.operation';

export { list, upload };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['attachment'] } },
		options: [
			{ name: 'List', value: 'list', action: 'List attachments', description: 'List the files attached to a task' },
			{ name: 'Upload', value: 'upload', action: 'Upload an attachment', description: 'Attach a file from a binary field to a task' },
		],
		default: 'upload',
	},
	...list.description,
	...upload.description,
];
