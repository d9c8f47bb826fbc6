import { readOptionsCollection } from '../../../shared/descriptions';
import { clientLocator, simplifyProperty } from '../common.descriptions';
import { registerOperation } from '../documents/register';

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
