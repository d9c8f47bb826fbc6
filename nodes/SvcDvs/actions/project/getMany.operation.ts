import { registerOperation } from '../documents/register';

export const { option, access, runsOver, returns, description, execute } = registerOperation(
	'project',
	'getMany',
	'List projects, filtered by status, client or project manager',
);
