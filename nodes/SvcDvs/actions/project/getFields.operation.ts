import { optionsCollection } from '../../../shared/descriptions';
import { registerOperation } from '../documents/register';

export const { option, access, runsOver, returns, description, execute } = registerOperation(
	'project',
	'getFields',
	"Get the project register's fields and options",
	[optionsCollection],
);
