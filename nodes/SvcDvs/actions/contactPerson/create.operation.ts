import { optionsCollection } from '../../../shared/descriptions';
import { fieldsHintOnCreate, fieldsOnCreate, simplifyProperty } from '../common.descriptions';
import { registerOperation } from '../documents/register';

export const { option, access, runsOver, returns, description, execute } = registerOperation(
	'contactPerson',
	'create',
	'Create an external notification receiver',
	[fieldsHintOnCreate, fieldsOnCreate, simplifyProperty, optionsCollection],
);
