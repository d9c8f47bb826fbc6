import type { INodeProperties } from 'n8n-workflow';

import { authenticationProperties } from '../shared/authenticationDescriptions';
import { timeoutOption, choice } from '../shared/descriptions';

export const DEFAULT_MAX_ITEMS_PER_POLL = 100;
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

function projectLocator(show: Record<string, string[]>, description: string): INodeProperties {
	return {
		displayName: 'Project',
		name: 'project',
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		description,
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				placeholder: 'Select a project...',
				typeOptions: { searchListMethod: 'searchProjects', searchable: true },
			},
			{ displayName: 'By ID', name: 'id', type: 'string', placeholder: 'e.g. 5002', validation: NUMERIC_ID },
		],
		displayOptions: { show },
	};
}

function filtersCollection(show: Record<string, string[]>): INodeProperties {
	return {
		displayName: 'Filters',
		name: 'filters',
		type: 'collection',
		placeholder: 'Add Filter',
		default: {},
		displayOptions: { show },
		options: [
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
	};
}

export const properties: INodeProperties[] = [
	...authenticationProperties('svcDvsApi', 'Svc DVS API'),
	{
		displayName:
			'Each poll costs one request while nothing is new, plus one per further page of 200 new tasks. ' +
			'Tasks are recognized by identity; the matching tasks are listed in full (one request per ' +
			'200) when their number changes otherwise, and every 20th poll.',
		name: 'newTaskCost',
		type: 'notice',
		default: '',
		displayOptions: { show: onNewTask },
	},
	{
		displayName:
			'Each poll lists the matching tasks (one request per 200 tasks) and compares their last-update ' +
			'time with what it saw before.',
		name: 'taskUpdatedCost',
		type: 'notice',
		default: '',
		displayOptions: { show: onTaskUpdated },
	},
	{
		displayName: 'Each poll costs one request while nothing is new, plus one per further page of 100 new comments.',
		name: 'taskCommentCost',
		type: 'notice',
		default: '',
		displayOptions: { show: onCommentsOfTask },
	},
	{
		displayName:
			`Each poll lists the matching tasks (one request per 200 tasks, up to the newest ${MAX_WATCHED_TASKS}) ` +
			`and reads the comments of new tasks, of tasks updated since the last poll and of a few more ` +
			`in turn ("Tasks Checked per Poll"), one request each. The service does not say whether a ` +
			`comment updates its task, so a comment can take up to (tasks ÷ tasks checked per poll) polls ` +
			`to show. Activation reads every watched task's comments once.`,
		name: 'tasksCommentCost',
		type: 'notice',
		default: '',
		displayOptions: { show: onCommentsOfTasks },
	},
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
	{
		displayName: 'Task',
		name: 'task',
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		required: true,
		description: 'The task whose comments to watch',
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				placeholder: 'Select a task...',
				typeOptions: { searchListMethod: 'searchTasks', searchable: true },
			},
			{ displayName: 'By ID', name: 'id', type: 'string', placeholder: 'e.g. 5101', validation: NUMERIC_ID },
		],
		displayOptions: { show: onCommentsOfTask },
	},
	projectLocator(onTaskLists, 'Only tasks of this project; leave empty for every project'),
	projectLocator(onCommentsOfTasks, 'Only comments on tasks of this project; leave empty for every project'),
	filtersCollection(onTaskLists),
	filtersCollection(onCommentsOfTasks),
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
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		options: [
			{
				displayName: 'Max Items per Poll',
				name: 'maxItemsPerPoll',
				type: 'number',
				typeOptions: { minValue: 1, maxValue: 1000 },
				default: DEFAULT_MAX_ITEMS_PER_POLL,
				description:
					'The most tasks or comments one poll emits, oldest first. More are left for the next poll; none is lost.',
			},
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
			timeoutOption,
		],
	},
];
