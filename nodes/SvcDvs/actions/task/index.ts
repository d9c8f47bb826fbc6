import { TASK_PROJECT } from '../documents/create';
import { OVER_REST_AND_MCP } from '../../../shared/operation';
import { documentRegister } from '../documents/register';
import { TASK_LISTS } from '../documents/listPickers';
import { TASK_PROJECT_FIELD } from '../../../shared/services/dvs/types';

const register = documentRegister({
	resource: 'task',
	displayName: 'Task',
	noun: 'task',
	plural: 'tasks',
	runsOver: OVER_REST_AND_MCP,
	operations: {
		create: 'Create a task in a project',
		get: 'Get a task with its description and attachment folder',
		getFields: "Get the task register's fields, options and your account ID",
		getMany: 'List tasks, filtered and ordered',
		update: 'Change fields of a task',
	},
	parent: TASK_PROJECT,
	fixedFields: [TASK_PROJECT_FIELD],
	lists: TASK_LISTS,
});

export const { description, operations } = register;
