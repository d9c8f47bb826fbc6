import { optionsCollection } from '../../../shared/description/common.descriptions';
import { registerOperation } from '../../registers/register';

export const { option, access, runsOver, returns, description, execute } = registerOperation(
	'task',
	'getFields',
	"Get the task register's fields, options and your account ID",
	[optionsCollection],
);
