import type { INodeProperties } from 'n8n-workflow';

import * as list from './list.operation';
import * as listTemplates from './listTemplates.operation';
import * as read from './read.operation';

export { list, listTemplates, read };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['resource'] } },
		options: [
			{ name: 'List', value: 'list', action: 'List resources', description: 'List the documentation resources the endpoint publishes' },
			{
				name: 'List Templates',
				value: 'listTemplates',
				action: 'List resource templates',
				description: 'List the URI templates of private resources (files and folders)',
			},
			{ name: 'Read', value: 'read', action: 'Read a resource', description: 'Read a resource by its URI' },
		],
		default: 'list',
	},
	...list.description,
	...listTemplates.description,
	...read.description,
];
