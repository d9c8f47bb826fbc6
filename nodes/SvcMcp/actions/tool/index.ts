import type { INodeProperties } from 'n8n-workflow';

import type { Operations } from '../../../shared/description/operation';
import { resourceDescription } from '../../../shared/description/operation';
import type { McpDeps } from '../node.type';
import * as call from './call.operation';
import * as list from './list.operation';

export const operations: Operations<McpDeps> = { call, list };

export const description: INodeProperties[] = resourceDescription('tool', operations, 'call', {
	bothApis: false,
	// A tool call is not run by the write executor (services/exactlyOnce/): nothing of it is recorded uncertain.
	earlierWrites: false,
});
