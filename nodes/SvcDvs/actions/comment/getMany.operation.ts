import type { IDataObject, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import type { Access, OperationOption } from '../../../shared/description/operation';
import { OVER_REST_AND_MCP } from '../../../shared/description/operation';
import { collectOffsetPages, OFFSET_PAGE_SIZE, readReturnAll } from '../../../shared/execution/paging';
import { readOptionsCollection, returnAllProperty } from '../../../shared/description/common.descriptions';
import { listLimitProperty, simplifyProperty, taskLocator } from '../common.descriptions';
import type { DvsExecute } from '../node.type';
import { commentItems } from '../output';
import { readSimplify, readTask } from '../parameters';

export const option: OperationOption = {
	name: 'Get Many',
	action: 'Get many comments',
	description: "Read a task's comments, oldest first",
};
export const access: Access = 'read';
export const runsOver = OVER_REST_AND_MCP;

const properties: INodeProperties[] = [
	{ ...taskLocator, description: 'The task whose comments to read' },
	returnAllProperty,
	listLimitProperty,
	simplifyProperty,
	readOptionsCollection,
];

export const description = updateDisplayOptions(
	{ show: { resource: ['comment'], operation: ['getMany'] } },
	properties,
);

/** What it gives, for the model reading its tool description. */
export const returns = 'one item per comment, oldest first, with its text, author and date';

/** Oldest first (by comment ID), as the service sorts them; deleted comments are left out by the service. */
export const execute: DvsExecute = async function (itemIndex, { dvs }) {
	const taskId = await readTask(this, dvs, itemIndex);
	const { limit: max } = readReturnAll(this, itemIndex, OFFSET_PAGE_SIZE);
	const comments = await collectOffsetPages<IDataObject>(
		async (offset, limit) => await dvs.getComments(taskId, { offset, limit }, itemIndex),
		{ max },
	);
	return commentItems(comments, readSimplify(this, itemIndex), itemIndex);
};
