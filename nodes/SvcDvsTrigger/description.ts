import type { INodeProperties } from 'n8n-workflow';

import { authenticationProperties } from '../shared/authenticationDescriptions';
import { choice } from '../shared/descriptions';
import { filtersCollection, maxItemsPerPollOption, notice, triggerOptions } from '../shared/nodeDescription';

export const DEFAULT_TASKS_CHECKED_PER_POLL = 10;
/** The comment trigger follows at most this many of the newest matching tasks. */
export const MAX_WATCHED_TASKS = 1000;

const NUMERIC_ID = [
	{ type: 'regex' as const, properties: { regex: '^\\s*\\d+\\s*$', errorMessage: 'Enter the numeric ID' } },
];

const onNewTask = { event: ['newTask'] };
const onTaskUpdated = { event: ['taskUpdated'] };
const onTaskLists = { event: ['newTask', 'taskUpdated'] };
const onCommentsOfTask = { event: ['newComment'], watch: ['task'] };
const onCommentsOfTasks = { event: ['newComment'], watch: ['tasks'] };

const LOCATED = {
	project: { displayName: 'Project', searchListMethod: 'searchProjects', idExample: '5002' },
	task: { displayName: 'Task', searchListMethod: 'searchTasks', idExample: '5101' },
};

/** The project or task watched, picked from a searchable list or given by its numeric ID. */
function locator(
	kind: keyof typeof LOCATED,
	show: Record<string, string[]>,
	description: string,
	required?: true,
): INodeProperties {
	const { displayName, searchListMethod, idExample } = LOCATED[kind];
	return {
		displayName,
		name: kind,
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		...(required ? { required } : {}),
		description,
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				placeholder: `Select a ${kind}...`,
				typeOptions: { searchListMethod, searchable: true },
			},
			{ displayName: 'By ID', name: 'id', type: 'string', placeholder: `e.g. ${idExample}`, validation: NUMERIC_ID },
		],
		displayOptions: { show },
	};
}

function taskFilters(show: Record<string, string[]>): INodeProperties {
	return filtersCollection(
		[
			{
				displayName: 'Other Filters (JSON)',
				name: 'otherFilters',
				type: 'json',
				default: '{}',
				description:
					'More get_documents filters as a JSON object, e.g. {"dropdown_status": [3, 4]}. Only fields ' +
					'the register marks as filters count; several values of one field match any of them.',
			},
			{
				displayName: 'Responsible Name or ID',
				name: 'responsible',
				type: 'options',
				typeOptions: { loadOptionsMethod: 'getResponsibleUsers', loadOptionsDependsOn: ['project.value'] },
				default: '',
				description: `Only tasks this user is actively responsible for (followers do not count).
					Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.`,
			},
			{
				displayName: 'Status Names or IDs',
				name: 'status',
				type: 'multiOptions',
				typeOptions: { loadOptionsMethod: 'getStatuses' },
				default: [],
				description: `Only tasks in one of these statuses.
					Choose from the list, or specify IDs using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.`,
			},
		],
		show,
	);
}

export const properties: INodeProperties[] = [
	...authenticationProperties('svcDvsApi', 'Svc DVS API'),
	notice(
		'newTaskCost',
		'Each poll costs one request while nothing is new, plus one per further page of 200 new tasks. ' +
			'Tasks are recognized by identity; the matching tasks are listed in full (one request per ' +
			'200) when their number changes otherwise, and every 20th poll.',
		onNewTask,
	),
	notice(
		'taskUpdatedCost',
		'Each poll lists the matching tasks (one request per 200 tasks) and compares their last-update ' +
			'time with what it saw before.',
		onTaskUpdated,
	),
	notice(
		'taskCommentCost',
		'Each poll costs one request while nothing is new, plus one per further page of 100 new comments.',
		onCommentsOfTask,
	),
	notice(
		'tasksCommentCost',
		`Each poll lists the matching tasks (one request per 200 tasks, up to the newest ${MAX_WATCHED_TASKS}) ` +
			`and reads the comments of new tasks, of tasks updated since the last poll and of a few more ` +
			`in turn ("Tasks Checked per Poll"), one request each. The service does not say whether a ` +
			`comment updates its task, so a comment can take up to (tasks ÷ tasks checked per poll) polls ` +
			`to show. Activation reads every watched task's comments once.`,
		onCommentsOfTasks,
	),
	choice({ displayName: 'Trigger On', name: 'event', noDataExpression: true, default: 'newTask' }, [
		['New Comment', 'newComment', 'A comment was added to a watched task'],
		['New Task', 'newTask', 'A task was created'],
		['Task Updated', 'taskUpdated', 'A watched task was changed (its last-update time moved)'],
	]),
	choice(
		{
			displayName: 'Watch',
			name: 'watch',
			noDataExpression: true,
			default: 'task',
			displayOptions: { show: { event: ['newComment'] } },
		},
		[
			['One Task', 'task'],
			['Tasks of a Project or Matching Filters', 'tasks'],
		],
	),
	locator('task', onCommentsOfTask, 'The task whose comments to watch', true),
	locator('project', onTaskLists, 'Only tasks of this project; leave empty for every project'),
	locator('project', onCommentsOfTasks, 'Only comments on tasks of this project; leave empty for every project'),
	taskFilters(onTaskLists),
	taskFilters(onCommentsOfTasks),
	{
		displayName: 'Only When These Fields Change',
		name: 'watchedFields',
		type: 'multiOptions',
		typeOptions: { loadOptionsMethod: 'getTaskFields' },
		default: [],
		description: `Emit a changed task only when one of these fields changed; leave empty for any change (fields
			shown only on a single task, such as the description, are not in task lists).
			Choose from the list, or specify IDs using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.`,
		displayOptions: { show: onTaskUpdated },
	},
	triggerOptions([
		maxItemsPerPollOption('maxItemsPerPoll', 'tasks or comments'),
		{
			displayName: 'Tasks Checked per Poll',
			name: 'tasksCheckedPerPoll',
			type: 'number',
			typeOptions: { minValue: 0, maxValue: MAX_WATCHED_TASKS },
			default: DEFAULT_TASKS_CHECKED_PER_POLL,
			description:
				'How many watched tasks each poll reads the comments of in turn, besides new and updated ' +
				'tasks (one request each). Set it to the number of tasks to check all of them every poll; ' +
				'0 relies on the service updating a task when it is commented.',
			displayOptions: { show: { '/event': ['newComment'], '/watch': ['tasks'] } },
		},
	]),
];
