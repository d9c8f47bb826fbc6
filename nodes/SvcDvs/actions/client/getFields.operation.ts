import { optionsCollection } from '../../../shared/descriptions';
import { registerOperation } from '../documents/register';

export const { option, access, runsOver, returns, description, execute } = registerOperation(
	'client',
	'getFields',
	"Get the client register's fields and options",
	[optionsCollection],
);
