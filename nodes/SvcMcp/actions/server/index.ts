import type { INodeProperties } from 'n8n-workflow';

import * as discover from './discover.operation';

export { discover };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['server'] } },
		options: [
			{
				name: 'Discover',
				value: 'discover',
				action: 'Discover the server',
				description: 'Supported revisions, capabilities, server information and instructions (revision 2026-07-28 only)',
			},
		],
		default: 'discover',
	},
	...discover.description,
];
