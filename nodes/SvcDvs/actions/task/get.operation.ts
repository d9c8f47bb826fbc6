import { registerOperation } from '../documents/register';

export const { option, access, runsOver, returns, description, execute } = registerOperation(
	'task',
	'get',
	'Get a task with its description and attachment folder',
);
