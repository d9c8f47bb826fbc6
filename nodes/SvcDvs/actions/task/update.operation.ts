import { registerOperation } from '../documents/register';

export const { option, access, runsOver, returns, description, execute } = registerOperation(
	'task',
	'update',
	'Change fields of a task',
);
