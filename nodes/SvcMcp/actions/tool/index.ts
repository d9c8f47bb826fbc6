import type { INodeProperties } from 'n8n-workflow';

import * as call from './call.operation';
import * as list from './list.operation';

export { call, list };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['tool'] } },
		options: [
			{
				name: 'Call',
				value: 'call',
				action: 'Call a tool',
				description: 'Call one tool of the endpoint with arguments from its input schema',
			},
			{
				name: 'List',
				value: 'list',
				action: 'List tools',
				description: 'List the tools the endpoint offers, with their input and output schemas',
			},
		],
		default: 'call',
	},
	...call.description,
	...list.description,
];
