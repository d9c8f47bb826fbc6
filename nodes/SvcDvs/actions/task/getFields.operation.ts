import { optionsCollection } from '../../../shared/descriptions';
import { registerOperation } from '../documents/register';

export const { option, access, runsOver, returns, description, execute } = registerOperation(
	'task',
	'getFields',
	"Get the task register's fields, options and your account ID",
	[optionsCollection],
);
