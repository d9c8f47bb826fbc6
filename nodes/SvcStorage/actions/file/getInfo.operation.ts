import { fileLocator, readOptionsCollection, withOptions } from '../../../shared/description/common.descriptions';
import { accessRightsOption } from '../common.descriptions';
import { getInfoOperation } from '../entryOperations';

export const { option, access, runsOver, returns, description, execute } = getInfoOperation(
	'file',
	"the file's name, hash, size, type, folder and dates",
	[fileLocator, withOptions(readOptionsCollection, [accessRightsOption])],
);
