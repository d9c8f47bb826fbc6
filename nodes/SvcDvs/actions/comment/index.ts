import type { INodeProperties } from 'n8n-workflow';

import * as add from './add.operation';
import * as getMany from './getMany.operation';

export { add, getMany };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['comment'] } },
		options: [
			{ name: 'Add', value: 'add', action: 'Add a comment', description: 'Comment on a task, optionally mentioning users' },
			{ name: 'Get Many', value: 'getMany', action: 'Get many comments', description: "Read a task's comments, oldest first" },
		],
		default: 'add',
	},
	...add.description,
	...getMany.description,
];
