import type { INodeProperties } from 'n8n-workflow';

import type { Operations } from '../../../shared/description/operation';
import { resourceDescription } from '../../../shared/description/operation';
import type { McpDeps } from '../node.type';
import * as get from './get.operation';
import * as search from './search.operation';

export const operations: Operations<McpDeps> = { get, search };

export const description: INodeProperties[] = resourceDescription('docs', operations, 'search', { bothApis: false });
