import { optionsCollection } from '../../../shared/description/common.descriptions';
import { fieldsHintOnCreate, fieldsOnCreate, simplifyProperty } from '../common.descriptions';
import { registerOperation } from '../../registers/register';

export const { option, access, writes, runsOver, returns, description, execute } = registerOperation(
	'contactPerson',
	'create',
	'Create an external notification receiver',
	[fieldsHintOnCreate, fieldsOnCreate, simplifyProperty, optionsCollection],
);
