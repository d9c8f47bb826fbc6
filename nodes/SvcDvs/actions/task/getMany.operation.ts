import { registerOperation } from '../documents/register';

export const { option, access, runsOver, returns, description, execute } = registerOperation(
	'task',
	'getMany',
	'List tasks, filtered and ordered',
);
