import type { INodeProperties } from 'n8n-workflow';

import * as get from './get.operation';
import * as search from './search.operation';

export { get, search };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['docs'] } },
		options: [
			{ name: 'Get', value: 'get', action: 'Get a document', description: 'Get the complete text of one published document' },
			{ name: 'Search', value: 'search', action: 'Search the documentation', description: 'Keyword search of the published API documentation' },
		],
		default: 'search',
	},
	...get.description,
	...search.description,
];
