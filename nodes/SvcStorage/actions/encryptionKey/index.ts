import type { INodeProperties } from 'n8n-workflow';

import * as getFileKey from './getFileKey.operation';
import * as getShareKey from './getShareKey.operation';
import * as getUploadKey from './getUploadKey.operation';
import * as saveFileKey from './saveFileKey.operation';
import * as saveUploadKey from './saveUploadKey.operation';
import * as saveUserKeys from './saveUserKeys.operation';

export { getFileKey, getShareKey, getUploadKey, saveFileKey, saveUploadKey, saveUserKeys };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['encryptionKey'], authentication: ['svcStorageApi'] } },
		options: [
			{ name: 'Get File Key', value: 'getFileKey', action: 'Get a file key', description: 'Get the wrapped key of an encrypted file' },
			{ name: 'Get Share Key', value: 'getShareKey', action: 'Get a key for sharing', description: 'Get a key and the recipient\'s public keys for sharing' },
			{ name: 'Get Upload Key', value: 'getUploadKey', action: 'Get an upload key', description: 'Get the wrapped key of an encrypted upload' },
			{ name: 'Save File Key', value: 'saveFileKey', action: 'Save a file key', description: 'Store the wrapped key of an encrypted file' },
			{ name: 'Save Upload Key', value: 'saveUploadKey', action: 'Save an upload key', description: 'Store the wrapped key of an encrypted upload' },
			{ name: 'Save User Keys', value: 'saveUserKeys', action: 'Save the user public keys', description: 'Publish the account\'s public keys' },
		],
		default: 'getFileKey',
	},
	...getFileKey.description,
	...getShareKey.description,
	...getUploadKey.description,
	...saveFileKey.description,
	...saveUploadKey.description,
	...saveUserKeys.description,
];
