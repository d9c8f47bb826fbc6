import type { INodeProperties } from 'n8n-workflow';

import type { Operations } from '../../../shared/description/operation';
import { resourceDescription } from '../../../shared/description/operation';
import type { DvsDeps } from '../node.type';
import * as create from './create.operation';
import * as get from './get.operation';
import * as getFields from './getFields.operation';
import * as getMany from './getMany.operation';
import * as update from './update.operation';

export const operations: Operations<DvsDeps> = { create, get, getFields, getMany, update };

export const description: INodeProperties[] = resourceDescription('task', operations, 'create');
