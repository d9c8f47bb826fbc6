import { registerOperation } from '../documents/register';

export const { option, access, runsOver, returns, description, execute } = registerOperation(
	'contactPerson',
	'create',
	'Create an external notification receiver',
);
