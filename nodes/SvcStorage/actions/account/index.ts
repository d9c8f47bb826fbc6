import type { INodeProperties } from 'n8n-workflow';

import * as getStorageUsage from './getStorageUsage.operation';
import * as getUserData from './getUserData.operation';
import * as validateSession from './validateSession.operation';

export { getStorageUsage, getUserData, validateSession };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['account'], authentication: ['svcStorageApi'] } },
		options: [
			{ name: 'Get Storage Usage', value: 'getStorageUsage', action: 'Get the storage usage', description: 'Get used, free and total storage in megabytes' },
			{ name: 'Get User Data', value: 'getUserData', action: 'Get the user data', description: 'Get the account\'s data, including its ROOT folder and optionally its access token' },
			{ name: 'Validate Session', value: 'validateSession', action: 'Validate the session', description: 'Check whether the credential\'s session is valid' },
		],
		default: 'getStorageUsage',
	},
	...getStorageUsage.description,
	...getUserData.description,
	...validateSession.description,
];
