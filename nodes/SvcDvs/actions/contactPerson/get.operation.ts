import { registerOperation } from '../documents/register';

export const { option, access, runsOver, description, execute } = registerOperation(
	'contactPerson',
	'get',
	'Get a contact person',
);
