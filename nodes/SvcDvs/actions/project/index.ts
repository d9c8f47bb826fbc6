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
		displayOptions: { show: { resource: ['project'] } },
		options: [
			{ name: 'Get', value: 'get', action: 'Get a project', description: 'Get a project' },
			{ name: 'Get Fields', value: 'getFields', action: 'Get project fields', description: "Get the project register's fields and options" },
			{ name: 'Get Many', value: 'getMany', action: 'Get many projects', description: 'List projects, filtered by status, client or project manager' },
		],
		default: 'get',
	},
	...get.description,
	...getFields.description,
	...getMany.description,
];
