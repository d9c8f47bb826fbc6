import { registerOperation } from '../documents/register';

export const { option, access, runsOver, description, execute } = registerOperation(
	'task',
	'getMany',
	'List tasks, filtered and ordered',
);
