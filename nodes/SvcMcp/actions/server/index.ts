import type { INodeProperties } from 'n8n-workflow';

import type { Operations } from '../../../shared/description/operation';
import { resourceDescription } from '../../../shared/description/operation';
import type { McpDeps } from '../node.type';
import * as discover from './discover.operation';

export const operations: Operations<McpDeps> = { discover };

export const description: INodeProperties[] = resourceDescription('server', operations, 'discover', {
	bothApis: false,
});
