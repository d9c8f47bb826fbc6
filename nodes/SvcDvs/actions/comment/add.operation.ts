import type { INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import type { Access, OperationOption, Writes } from '../../../shared/description/operation';
import { OVER_REST_AND_MCP } from '../../../shared/description/operation';
import { parameterOf, readText, refuseInput } from '../../../shared/execution/parameters';
import { jsonItem } from '../../../shared/execution/items';
import { optionsCollection, withOptions } from '../../../shared/description/common.descriptions';
import { taskLocator } from '../common.descriptions';
import type { DvsExecute } from '../node.type';
import { asIdList } from '../../../shared/services/mappedValues';
import { readTask } from '../parameters';
import { withMentions } from './mentions';
import { runningNodeOf } from '../../../shared/transport/runningNode';

/** The service stores at most this many characters per comment. */

export const option: OperationOption = {
	name: 'Add',
	action: 'Add a comment',
	description: 'Comment on a task, optionally mentioning users',
};
export const access: Access = 'claimingWrite';
export const writes: Writes = { kind: 'create', makes: 'comment', into: 'task', named: undefined };
export const runsOver = OVER_REST_AND_MCP;

const IN_ITEM_ORDER =
	"Whether to post the comments on a task one after another, so that the task's thread shows them in item order. " +
	'Off, up to 50 go at once and the thread shows them in the order Svc received them (quicker).';

const properties: INodeProperties[] = [
	{ ...taskLocator, description: 'The task to comment on' },
	{
		displayName: 'Comment',
		name: 'comment',
		type: 'string',
		typeOptions: { rows: 4 },
		default: '',
		required: true,
		placeholder: 'e.g. Done, please review @[USER:1002]',
		description:
			'Plain text (at most 20000 characters over the MCP endpoint); the service stores it HTML-escaped. ' +
			'To mention a user write @[USER:&lt;user ID&gt;] (any user of your organization; they get ' +
			'a mention e-mail). Plain @name, e-mail addresses and @[&lt;ID&gt;] stay normal text.',
	},
	withOptions(optionsCollection, [
		{
			displayName: 'Mention Position',
			name: 'mentionPosition',
			type: 'options',
			options: [
				{ name: 'Before the Text', value: 'start' },
				{ name: 'After the Text', value: 'end' },
			],
			default: 'start',
			description: 'Where the mentions go',
		},
		{
			displayName: 'Mention User Names or IDs',
			name: 'mentionUserIds',
			type: 'multiOptions',
			typeOptions: { loadOptionsMethod: 'getMentionUsers', loadOptionsDependsOn: ['task.value'] },
			default: [],
			description:
				'Choose from the list, or specify IDs using an <a href="https://docs.n8n.io/code/expressions/">expression</a>',
			hint:
				"The node adds @[USER:<ID>] for each user. The list shows the users assignable in the task's " +
				'project; any user of your organization can be given by ID (find IDs with User → Search).',
		},
		{
			// Version 1 posted the comments on a task one after another; from version 2 they go at once.
			displayName: 'Post in Item Order',
			name: 'inItemOrder',
			type: 'boolean',
			default: true,
			description: IN_ITEM_ORDER,
			displayOptions: { show: { '@version': [1] } },
		},
		{
			displayName: 'Post in Item Order',
			name: 'inItemOrder',
			type: 'boolean',
			default: false,
			description: IN_ITEM_ORDER,
			displayOptions: { show: { '@version': [{ _cnd: { gte: 2 } }] } },
		},
	]),
];

export const description = updateDisplayOptions({ show: { resource: ['comment'], operation: ['add'] } }, properties);

/** What it gives, for the model reading its tool description. */
export const returns = 'the new comment with its ID, author and date';

export const execute: DvsExecute = async function (itemIndex, { dvs }) {
	const taskId = await readTask(this, dvs, itemIndex);
	const text = readText(this, 'comment', itemIndex, 'Comment', { required: true });
	const rawMentions = parameterOf(this, 'options.mentionUserIds', itemIndex, []);
	const mentionIds = asIdList(rawMentions);
	if (mentionIds === undefined) {
		refuseInput(
			this,
			itemIndex,
			'The option "Mention User Names or IDs" holds a value that is not a user ID',
			`Got ${JSON.stringify(rawMentions)}; use whole numbers.`,
		);
	}
	const position = parameterOf(this, 'options.mentionPosition', itemIndex, 'start') === 'end' ? 'end' : 'start';
	const comment = withMentions(text, mentionIds, position);
	const inItemOrder = parameterOf(this, 'options.inItemOrder', itemIndex, runningNodeOf(this).typeVersion < 2);
	const result = await dvs.addComment(taskId, comment, itemIndex, inItemOrder === true);
	return [jsonItem(result, itemIndex)];
};
