import { registerOperation } from '../documents/register';

export const { option, access, runsOver, returns, description, execute } = registerOperation(
	'contactPerson',
	'getMany',
	'List contact persons, filtered by company or group',
);
