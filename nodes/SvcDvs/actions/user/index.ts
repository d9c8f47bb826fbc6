import type { INodeProperties } from 'n8n-workflow';

import * as getAssignable from './getAssignable.operation';
import * as search from './search.operation';

export { getAssignable, search };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['user'] } },
		options: [
			{ name: 'Get Assignable', value: 'getAssignable', action: 'Get assignable users', description: 'List the users a project\'s tasks (or projects, clients) accept' },
			{ name: 'Search', value: 'search', action: 'Search users', description: 'Find organization users by name, for mentions' },
		],
		default: 'search',
	},
	...getAssignable.description,
	...search.description,
];
