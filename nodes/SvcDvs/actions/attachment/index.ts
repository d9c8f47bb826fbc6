import type { INodeProperties } from 'n8n-workflow';

import type { Operations } from '../../../shared/description/operation';
import { resourceDescription } from '../../../shared/description/operation';
import type { DvsDeps } from '../node.type';
import * as list from './list.operation';
import * as upload from './upload.operation';

export const operations: Operations<DvsDeps> = { list, upload };

export const description: INodeProperties[] = resourceDescription('attachment', operations, 'upload');
