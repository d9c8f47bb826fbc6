import { registerOperation } from '../documents/register';

export const { option, access, runsOver, description, execute } = registerOperation(
	'project',
	'getFields',
	"Get the project register's fields and options",
);
