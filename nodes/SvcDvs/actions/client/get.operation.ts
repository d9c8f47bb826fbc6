import { readOptionsCollection } from '../../../shared/description/common.descriptions';
import { clientLocator, simplifyProperty } from '../common.descriptions';
import { registerOperation } from '../../registers/register';

export const { option, access, runsOver, returns, description, execute } = registerOperation(
	'client',
	'get',
	'Get a client',
	[
		{ ...clientLocator, name: 'documentId', description: 'The client to read' },
		simplifyProperty,
		readOptionsCollection,
	],
);
