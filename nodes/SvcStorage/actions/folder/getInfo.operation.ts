import { folderLocator, readOptionsCollection, withOptions } from '../../../shared/description/common.descriptions';
import { accessRightsOption } from '../common.descriptions';
import { getInfoOperation } from '../entryOperations';

export const { option, access, runsOver, returns, description, execute } = getInfoOperation(
	'folder',
	"the folder's name, hash, parent and dates",
	[folderLocator, withOptions(readOptionsCollection, [accessRightsOption])],
);
