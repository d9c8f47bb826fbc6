import type { INodeProperties } from 'n8n-workflow';

import * as get from './get.operation';
import * as getFields from './getFields.operation';
import * as getMany from './getMany.operation';

export { get, getFields, getMany };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['client'] } },
		options: [
			{ name: 'Get', value: 'get', action: 'Get a client', description: 'Get a client' },
			{ name: 'Get Fields', value: 'getFields', action: 'Get client fields', description: "Get the client register's fields and options" },
			{ name: 'Get Many', value: 'getMany', action: 'Get many clients', description: 'List clients, filtered by type, group or project manager' },
		],
		default: 'get',
	},
	...get.description,
	...getFields.description,
	...getMany.description,
];
