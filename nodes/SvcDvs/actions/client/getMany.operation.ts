import { registerOperation } from '../documents/register';

export const { option, access, runsOver, returns, description, execute } = registerOperation(
	'client',
	'getMany',
	'List clients, filtered by type, group or project manager',
);
