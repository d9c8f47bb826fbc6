import type { INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import type { Access, OperationOption, Writes } from '../../../shared/description/operation';
import { OVER_REST_AND_MCP } from '../../../shared/description/operation';
import { binaryUploadSource } from '../../../shared/execution/binary';
import { readText } from '../../../shared/execution/parameters';
import { jsonItem } from '../../../shared/execution/items';
import { optionsCollection, withOptions } from '../../../shared/description/common.descriptions';
import { taskLocator } from '../common.descriptions';
import type { DvsExecute } from '../node.type';
import { readTask } from '../parameters';

export const option: OperationOption = {
	name: 'Upload',
	action: 'Upload an attachment',
	description: 'Attach a file from a binary field to a task',
};
export const access: Access = 'claimingWrite';
export const writes: Writes = { kind: 'create', makes: 'attachment', into: 'task', named: 'options.fileName' };
export const runsOver = OVER_REST_AND_MCP;

const properties: INodeProperties[] = [
	{ ...taskLocator, description: 'The task to attach the file to' },
	{
		displayName: 'Input Binary Field',
		name: 'binaryPropertyName',
		type: 'string',
		default: 'data',
		required: true,
		hint: 'The name of the input binary field containing the file to attach',
	},
	withOptions(optionsCollection, [
		{
			displayName: 'File Name',
			name: 'fileName',
			type: 'string',
			default: '',
			description:
				"Name to attach the file under; defaults to the binary data's file name. A name already attached " +
				'gets a number added.',
		},
	]),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['attachment'], operation: ['upload'] } },
	properties,
);

/** What it gives, for the model reading its tool description. */
export const returns = "the attached file's name, hash and size";

export const execute: DvsExecute = async function (itemIndex, { dvs }) {
	const taskId = await readTask(this, dvs, itemIndex);
	const propertyName = readText(this, 'binaryPropertyName', itemIndex, 'Input Binary Field', { required: true });
	const fileName = readText(this, 'options.fileName', itemIndex, 'File Name', { maxLength: 255 });
	const source = await binaryUploadSource(this, itemIndex, propertyName, fileName || undefined);
	const result = await dvs.uploadAttachment(taskId, source, itemIndex);
	return [jsonItem({ dvs_document_id: taskId, ...result }, itemIndex)];
};
