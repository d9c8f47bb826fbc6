import type { INodeProperties } from 'n8n-workflow';

import type { Operations } from '../../../shared/description/operation';
import { resourceDescription } from '../../../shared/description/operation';
import type { DvsDeps } from '../node.type';
import * as get from './get.operation';
import * as getFields from './getFields.operation';
import * as getMany from './getMany.operation';

export const operations: Operations<DvsDeps> = { get, getFields, getMany };

export const description: INodeProperties[] = resourceDescription('client', operations, 'get');
