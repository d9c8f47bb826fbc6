import { optionsCollection } from '../../../shared/descriptions';
import { registerOperation } from '../documents/register';

export const { option, access, runsOver, returns, description, execute } = registerOperation(
	'contactPerson',
	'getFields',
	"Get the contact person register's fields and options",
	[optionsCollection],
);
