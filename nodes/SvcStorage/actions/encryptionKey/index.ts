import type { INodeProperties } from 'n8n-workflow';

import type { Operations } from '../../../shared/description/operation';
import { resourceDescription } from '../../../shared/description/operation';
import type { StorageDeps } from '../node.type';
import * as getFileKey from './getFileKey.operation';
import * as getShareKey from './getShareKey.operation';
import * as getUploadKey from './getUploadKey.operation';
import * as saveFileKey from './saveFileKey.operation';
import * as saveUploadKey from './saveUploadKey.operation';
import * as saveUserKeys from './saveUserKeys.operation';

export const operations: Operations<StorageDeps> = {
	getFileKey,
	getShareKey,
	getUploadKey,
	saveFileKey,
	saveUploadKey,
	saveUserKeys,
};

export const description: INodeProperties[] = resourceDescription('encryptionKey', operations, 'getFileKey', {
	bothApis: false,
	show: { authentication: ['svcStorageApi'] },
});
