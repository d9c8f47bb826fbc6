import type { INodeProperties } from 'n8n-workflow';

import * as getMany from './getMany.operation';
import * as share from './share.operation';

export { getMany, share };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['esignature'], authentication: ['svcStorageApi'] } },
		options: [
			{ name: 'Get Many', value: 'getMany', action: 'Get many signatures', description: 'List the signatures of a file' },
			{ name: 'Share for Signing', value: 'share', action: 'Share a file for signing', description: 'Send a file to people for electronic signing' },
		],
		default: 'getMany',
	},
	...getMany.description,
	...share.description,
];
