import { optionsCollection } from '../../../shared/description/common.descriptions';
import { registerOperation } from '../../registers/register';

export const { option, access, runsOver, returns, description, execute } = registerOperation(
	'contactPerson',
	'getFields',
	"Get the contact person register's fields and options",
	[optionsCollection],
);
