import type { INodeProperties } from 'n8n-workflow';

import type { Operations } from '../../../shared/operation';
import { resourceDescription } from '../../../shared/operation';
import type { McpDeps } from '../node.type';
import * as discover from './discover.operation';

export const operations: Operations<McpDeps> = { discover };

export const description: INodeProperties[] = resourceDescription('server', operations, 'discover', {
	bothApis: false,
});
