import { renameOperation } from '../entryOperations';

export const { option, access, runsOver, returns, description, execute } = renameOperation(
	'folder',
	"the folder's hash and new name",
);
