import { registerOperation } from '../documents/register';

export const { option, access, runsOver, returns, description, execute } = registerOperation(
	'contactPerson',
	'update',
	'Change fields of a contact person',
);
