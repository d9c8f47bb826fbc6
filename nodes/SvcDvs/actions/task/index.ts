import type { INodeProperties } from 'n8n-workflow';

import * as create from './create.operation';
import * as get from './get.operation';
import * as getFields from './getFields.operation';
import * as getMany from './getMany.operation';
import * as update from './update.operation';

export { create, get, getFields, getMany, update };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['task'] } },
		options: [
			{ name: 'Create', value: 'create', action: 'Create a task', description: 'Create a task in a project' },
			{ name: 'Get', value: 'get', action: 'Get a task', description: 'Get a task with its description and attachment folder' },
			{ name: 'Get Fields', value: 'getFields', action: 'Get task fields', description: "Get the task register's fields, options and your account ID" },
			{ name: 'Get Many', value: 'getMany', action: 'Get many tasks', description: 'List tasks, filtered and ordered' },
			{ name: 'Update', value: 'update', action: 'Update a task', description: 'Change fields of a task' },
		],
		default: 'create',
	},
	...create.description,
	...get.description,
	...getFields.description,
	...getMany.description,
	...update.description,
];
