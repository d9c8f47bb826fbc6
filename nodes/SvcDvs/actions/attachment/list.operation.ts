import type { INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import type { Access, OperationOption } from '../../../shared/description/operation';
import { OVER_REST_AND_MCP } from '../../../shared/description/operation';
import { jsonItem } from '../../../shared/execution/items';
import { readOptionsCollection } from '../../../shared/description/common.descriptions';
import { taskLocator } from '../common.descriptions';
import type { DvsExecute } from '../node.type';
import { readTask } from '../parameters';

export const option: OperationOption = {
	name: 'List',
	action: 'List attachments',
	description: 'List the files attached to a task',
};
export const access: Access = 'read';
export const runsOver = OVER_REST_AND_MCP;

const properties: INodeProperties[] = [
	{ ...taskLocator, description: 'The task whose attached files to list' },
	readOptionsCollection,
];

export const description = updateDisplayOptions(
	{ show: { resource: ['attachment'], operation: ['list'] } },
	properties,
);

/** What it gives, for the model reading its tool description. */
export const returns = 'one item per attached file with its name, hash and size';

/** One item per file of the task's attachment folder (storage entries); none when the task has no files. */
export const execute: DvsExecute = async function (itemIndex, { dvs }) {
	const taskId = await readTask(this, dvs, itemIndex);
	const entries = await dvs.listAttachments(taskId, itemIndex);
	return entries.map((entry) => jsonItem(entry, itemIndex));
};
