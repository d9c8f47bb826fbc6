import { getInfoOperation } from '../entryOperations';

export const { option, access, runsOver, returns, description, execute } = getInfoOperation(
	'folder',
	"the folder's name, hash, parent and dates",
);
