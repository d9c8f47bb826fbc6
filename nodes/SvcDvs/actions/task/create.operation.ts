import { registerOperation } from '../documents/register';

export const { option, access, runsOver, returns, description, execute } = registerOperation(
	'task',
	'create',
	'Create a task in a project',
);
