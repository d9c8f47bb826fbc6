import type { INodeProperties } from 'n8n-workflow';

import type { Operations } from '../../../shared/description/operation';
import { resourceDescription } from '../../../shared/description/operation';
import type { StorageDeps } from '../node.type';
import * as deleteFile from './delete.operation';
import * as download from './download.operation';
import * as getInfo from './getInfo.operation';
import * as importFromUrl from './importFromUrl.operation';
import * as move from './move.operation';
import * as rename from './rename.operation';
import * as restore from './restore.operation';
import * as search from './search.operation';
import * as upload from './upload.operation';

export const operations: Operations<StorageDeps> = {
	delete: deleteFile,
	download,
	getInfo,
	importFromUrl,
	move,
	rename,
	restore,
	search,
	upload,
};

export const description: INodeProperties[] = resourceDescription('file', operations, 'upload');
