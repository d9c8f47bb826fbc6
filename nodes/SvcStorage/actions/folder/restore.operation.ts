import { restoreOperation } from '../entryOperations';

export const { option, access, runsOver, returns, description, execute } = restoreOperation(
	'folder',
	"the restored folder's hash and name",
);
