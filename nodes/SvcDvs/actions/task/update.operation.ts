import { registerOperation } from '../documents/register';

export const { option, access, runsOver, description, execute } = registerOperation(
	'task',
	'update',
	'Change fields of a task',
);
