import { optionsCollection } from '../../../shared/description/common.descriptions';
import { registerOperation } from '../../registers/register';

export const { option, access, runsOver, returns, description, execute } = registerOperation(
	'client',
	'getFields',
	"Get the client register's fields and options",
	[optionsCollection],
);
