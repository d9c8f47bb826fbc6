import { readOptionsCollection } from '../../../shared/description/common.descriptions';
import { taskLocator, simplifyProperty } from '../common.descriptions';
import { registerOperation } from '../../registers/register';

export const { option, access, runsOver, returns, description, execute } = registerOperation(
	'task',
	'get',
	'Get a task with its description and attachment folder',
	[{ ...taskLocator, name: 'documentId', description: 'The task to read' }, simplifyProperty, readOptionsCollection],
);
