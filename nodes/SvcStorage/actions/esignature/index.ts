import type { INodeProperties } from 'n8n-workflow';

import type { Operations } from '../../../shared/description/operation';
import { resourceDescription } from '../../../shared/description/operation';
import type { StorageDeps } from '../node.type';
import * as getMany from './getMany.operation';
import * as share from './share.operation';

export const operations: Operations<StorageDeps> = { getMany, share };

export const description: INodeProperties[] = resourceDescription('esignature', operations, 'getMany', {
	bothApis: false,
	show: { authentication: ['svcStorageApi'] },
});
