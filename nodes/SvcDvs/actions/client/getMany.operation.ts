import { readOptionsCollection, returnAllProperty } from '../../../shared/descriptions';
import { listLimitProperty, simplifyProperty } from '../common.descriptions';
import { filtersProperty, orderProperty } from '../documents/getMany';
import { registerOperation } from '../documents/register';

export const { option, access, runsOver, returns, description, execute } = registerOperation(
	'client',
	'getMany',
	'List clients, filtered by type, group or project manager',
	[returnAllProperty, listLimitProperty, filtersProperty, orderProperty, simplifyProperty, readOptionsCollection],
);
