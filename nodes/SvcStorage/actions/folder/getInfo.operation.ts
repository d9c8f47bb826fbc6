import { folderLocator, readOptionsCollection, withOptions } from '../../../shared/descriptions';
import { accessRightsOption } from '../common.descriptions';
import { getInfoOperation } from '../entryOperations';

export const { option, access, runsOver, returns, description, execute } = getInfoOperation(
	'folder',
	"the folder's name, hash, parent and dates",
	[folderLocator, withOptions(readOptionsCollection, [accessRightsOption])],
);
