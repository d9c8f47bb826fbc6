import type { INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import type { Access, OperationOption } from '../../../shared/description/operation';
import { OVER_REST_AND_MCP } from '../../../shared/description/operation';
import { parameterOf, readInteger, refuseInput } from '../../../shared/execution/parameters';
import { jsonItem } from '../../../shared/execution/items';
import { optionsCollection, withOptions } from '../../../shared/description/common.descriptions';
import type { DvsExecute } from '../node.type';
import { readOptionalId } from '../parameters';

export const option: OperationOption = {
	name: 'Search',
	action: 'Search users',
	description: 'Find organization users by name, for mentions',
};
export const access: Access = 'read';
export const runsOver = OVER_REST_AND_MCP;

const properties: INodeProperties[] = [
	{
		displayName: 'Search Pattern',
		name: 'pattern',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. anna adm',
		description:
			'2 to 100 characters. Every word must occur in the login name, first name or surname (case-insensitive); ' +
			'e-mail addresses are not searched.',
	},
	{
		displayName: 'Max Results',
		name: 'maxResults',
		type: 'number',
		typeOptions: { minValue: 1, maxValue: 20 },
		default: 10,
		description: 'Max number of results to return',
	},
	withOptions(optionsCollection, [
		{
			displayName: 'Task ID',
			name: 'taskId',
			type: 'string',
			default: '',
			placeholder: 'e.g. 5012',
			description: 'Makes has_access say whether each user can read this task (otherwise: tasks at all)',
		},
	]),
];

export const description = updateDisplayOptions({ show: { resource: ['user'], operation: ['search'] } }, properties);

/** What it gives, for the model reading its tool description. */
export const returns = 'one item per user with ID, login and name';

/** One item per organization user whose name matches (search_users), for mentions; has_access tells who can read. */
export const execute: DvsExecute = async function (itemIndex, { dvs }) {
	const pattern = String(parameterOf(this, 'pattern', itemIndex, '') ?? '').trim();
	const length = [...pattern].length;
	if (length < 2 || length > 100) {
		refuseInput(
			this,
			itemIndex,
			`The parameter "Search Pattern" must have 2 to 100 characters (it has ${length})`,
			'Enter part of a name or login name.',
		);
	}
	const limit = readInteger(this, 'maxResults', itemIndex, 'Max Results', { min: 1, max: 20, fallback: 10 });
	const taskId = readOptionalId(this, 'options.taskId', itemIndex, 'Task ID');
	const users = await dvs.searchUsers({ pattern, limit, taskId }, itemIndex);
	return users.map((user) => jsonItem({ ...user }, itemIndex));
};
