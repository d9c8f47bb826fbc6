import type { INodeProperties } from 'n8n-workflow';

import type { Operations } from '../../../shared/description/operation';
import { resourceDescription } from '../../../shared/description/operation';
import type { DvsDeps } from '../node.type';
import * as add from './add.operation';
import * as getMany from './getMany.operation';

export const operations: Operations<DvsDeps> = { add, getMany };

export const description: INodeProperties[] = resourceDescription('comment', operations, 'add');
