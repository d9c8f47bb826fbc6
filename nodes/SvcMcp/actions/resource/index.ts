import type { INodeProperties } from 'n8n-workflow';

import type { Operations } from '../../../shared/description/operation';
import { resourceDescription } from '../../../shared/description/operation';
import type { McpDeps } from '../node.type';
import * as list from './list.operation';
import * as listTemplates from './listTemplates.operation';
import * as read from './read.operation';

export const operations: Operations<McpDeps> = { list, listTemplates, read };

export const description: INodeProperties[] = resourceDescription('resource', operations, 'list', { bothApis: false });
