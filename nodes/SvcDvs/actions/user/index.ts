import type { INodeProperties } from 'n8n-workflow';

import type { Operations } from '../../../shared/description/operation';
import { resourceDescription } from '../../../shared/description/operation';
import type { DvsDeps } from '../node.type';
import * as getAssignable from './getAssignable.operation';
import * as search from './search.operation';

export const operations: Operations<DvsDeps> = { getAssignable, search };

export const description: INodeProperties[] = resourceDescription('user', operations, 'search');
