import { readOptionsCollection } from '../../../shared/description/common.descriptions';
import { contactPersonLocator, simplifyProperty } from '../common.descriptions';
import { registerOperation } from '../../registers/register';

export const { option, access, runsOver, returns, description, execute } = registerOperation(
	'contactPerson',
	'get',
	'Get a contact person',
	[
		{ ...contactPersonLocator, name: 'documentId', description: 'The contact person to read' },
		simplifyProperty,
		readOptionsCollection,
	],
);
