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
		displayOptions: { show: { resource: ['contactPerson'] } },
		options: [
			{ name: 'Create', value: 'create', action: 'Create a contact person', description: 'Create an external notification receiver' },
			{ name: 'Get', value: 'get', action: 'Get a contact person', description: 'Get a contact person' },
			{ name: 'Get Fields', value: 'getFields', action: 'Get contact person fields', description: "Get the contact person register's fields and options" },
			{ name: 'Get Many', value: 'getMany', action: 'Get many contact persons', description: 'List contact persons, filtered by company or group' },
			{ name: 'Update', value: 'update', action: 'Update a contact person', description: 'Change fields of a contact person' },
		],
		default: 'create',
	},
	...create.description,
	...get.description,
	...getFields.description,
	...getMany.description,
	...update.description,
];
