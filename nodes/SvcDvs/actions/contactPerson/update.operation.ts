import { optionsCollection } from '../../../shared/description/common.descriptions';
import { contactPersonLocator, fieldsHintOnUpdate, fieldsOnUpdate, simplifyProperty } from '../common.descriptions';
import { registerOperation } from '../../registers/register';

export const { option, access, writes, runsOver, returns, description, execute } = registerOperation(
	'contactPerson',
	'update',
	'Change fields of a contact person',
	[
		{ ...contactPersonLocator, name: 'documentId', description: 'The contact person to change' },
		fieldsHintOnUpdate,
		fieldsOnUpdate,
		simplifyProperty,
		optionsCollection,
	],
);
