import type { INodeProperties } from 'n8n-workflow';

import { dvsAuthentication } from '../shared/description/authentication.descriptions';
import {
	byIdMode,
	DEFAULT_MAX_ITEMS_PER_POLL,
	filtersCollection,
	listOrDirectLocator,
	optionsCollection,
	timeoutOption,
} from '../shared/description/common.descriptions';

export const DEFAULT_TASKS_CHECKED_PER_POLL = 10;
/** The comment trigger follows at most this many of the newest matching tasks. */
export const MAX_WATCHED_TASKS = 1000;

const onNewTask = { event: ['newTask'] };
const onTaskUpdated = { event: ['taskUpdated'] };
const onTaskLists = { event: ['newTask', 'taskUpdated'] };
const onCommentsOfTask = { event: ['newComment'], watch: ['task'] };
const onCommentsOfTasks = { event: ['newComment'], watch: ['tasks'] };

/** The task watched, picked from a searchable list or given by its numeric ID. */
const taskLocator = listOrDirectLocator(
	{ displayName: 'Task', name: 'task' },
	{ noun: 'task', searchListMethod: 'searchTasks' },
	{ ...byIdMode, placeholder: 'e.g. 5101' },
);

/** The project whose tasks are watched, picked from a searchable list or given by its numeric ID. */
const projectLocator = listOrDirectLocator(
	{ displayName: 'Project', name: 'project' },
	{ noun: 'project', searchListMethod: 'searchProjects' },
	{ ...byIdMode, placeholder: 'e.g. 5002' },
);

/** The Filters of the triggers that list tasks (New Task, Task Updated, New Comment on matching tasks). */
const taskFilters: INodeProperties = {
	...filtersCollection,
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

export const properties: INodeProperties[] = [
	...dvsAuthentication,
	{
		displayName:
			'Each poll costs one request while nothing is new, plus one per further page of 200 new tasks. ' +
			'Tasks are recognized by their ID, whatever their dates; the matching tasks are listed in full (one request per ' +
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
	{
		displayName: 'Trigger On',
		name: 'event',
		type: 'options',
		noDataExpression: true,
		options: [
			{ name: 'New Comment', value: 'newComment', description: 'A comment was added to a watched task' },
			{ name: 'New Task', value: 'newTask', description: 'A task was created' },
			{
				name: 'Task Updated',
				value: 'taskUpdated',
				description: 'A watched task was changed (its last-update time moved)',
			},
		],
		default: 'newTask',
	},
	{
		displayName: 'Watch',
		name: 'watch',
		type: 'options',
		noDataExpression: true,
		options: [
			{ name: 'One Task', value: 'task' },
			{ name: 'Tasks of a Project or Matching Filters', value: 'tasks' },
		],
		default: 'task',
		displayOptions: { show: { event: ['newComment'] } },
	},
	{
		...taskLocator,
		required: true,
		description: 'The task whose comments to watch',
		displayOptions: { show: onCommentsOfTask },
	},
	{
		...projectLocator,
		description: 'Only tasks of this project; leave empty for every project',
		displayOptions: { show: onTaskLists },
	},
	{
		...projectLocator,
		description: 'Only comments on tasks of this project; leave empty for every project',
		displayOptions: { show: onCommentsOfTasks },
	},
	{ ...taskFilters, displayOptions: { show: onTaskLists } },
	{ ...taskFilters, displayOptions: { show: onCommentsOfTasks } },
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
		...optionsCollection,
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
