import { readOptionsCollection } from '../../../shared/description/common.descriptions';
import { projectLocator, simplifyProperty } from '../common.descriptions';
import { registerOperation } from '../../registers/register';

export const { option, access, runsOver, returns, description, execute } = registerOperation(
	'project',
	'get',
	'Get a project',
	[
		{ ...projectLocator, name: 'documentId', description: 'The project to read' },
		simplifyProperty,
		readOptionsCollection,
	],
);
