import type { INodeProperties } from 'n8n-workflow';

import type { Operations } from '../../../shared/description/operation';
import { resourceDescription } from '../../../shared/description/operation';
import type { StorageDeps } from '../node.type';
import * as getStorageUsage from './getStorageUsage.operation';
import * as getUserData from './getUserData.operation';
import * as validateSession from './validateSession.operation';

export const operations: Operations<StorageDeps> = { getStorageUsage, getUserData, validateSession };

export const description: INodeProperties[] = resourceDescription('account', operations, 'getStorageUsage', {
	bothApis: false,
	show: { authentication: ['svcStorageApi'] },
});
