import { readOptionsCollection, returnAllProperty } from '../../../shared/description/common.descriptions';
import { listLimitProperty, simplifyProperty } from '../common.descriptions';
import { filtersProperty, orderProperty } from '../../registers/getMany';
import { registerOperation } from '../../registers/register';

export const { option, access, runsOver, returns, description, execute } = registerOperation(
	'client',
	'getMany',
	'List clients, filtered by type, group or project manager',
	[returnAllProperty, listLimitProperty, filtersProperty, orderProperty, simplifyProperty, readOptionsCollection],
);
