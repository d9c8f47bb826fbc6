import { readOptionsCollection, returnAllProperty } from '../../../shared/description/common.descriptions';
import { listLimitProperty, simplifyProperty } from '../common.descriptions';
import { filtersProperty, orderProperty } from '../../registers/getMany';
import { registerOperation } from '../../registers/register';

export const { option, access, runsOver, returns, description, execute } = registerOperation(
	'task',
	'getMany',
	'List tasks, filtered and ordered',
	[returnAllProperty, listLimitProperty, filtersProperty, orderProperty, simplifyProperty, readOptionsCollection],
);
