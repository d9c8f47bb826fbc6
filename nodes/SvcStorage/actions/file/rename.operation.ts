import { renameOperation } from '../entryOperations';

export const { option, access, runsOver, returns, description, execute } = renameOperation(
	'file',
	"the file's hash and new name",
);
