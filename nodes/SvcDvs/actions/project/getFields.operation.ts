import { optionsCollection } from '../../../shared/description/common.descriptions';
import { registerOperation } from '../../registers/register';

export const { option, access, runsOver, returns, description, execute } = registerOperation(
	'project',
	'getFields',
	"Get the project register's fields and options",
	[optionsCollection],
);
