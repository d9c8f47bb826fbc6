import type { INodeProperties } from 'n8n-workflow';

import type { Operations } from '../../../shared/description/operation';
import { resourceDescription } from '../../../shared/description/operation';
import type { StorageDeps } from '../node.type';
import * as create from './create.operation';
import * as deleteFolder from './delete.operation';
import * as getContent from './getContent.operation';
import * as getInfo from './getInfo.operation';
import * as move from './move.operation';
import * as rename from './rename.operation';
import * as restore from './restore.operation';

export const operations: Operations<StorageDeps> = {
	create,
	delete: deleteFolder,
	getContent,
	getInfo,
	move,
	rename,
	restore,
};

export const description: INodeProperties[] = resourceDescription('folder', operations, 'create');
