import { restoreOperation } from '../entryOperations';

export const { option, access, runsOver, returns, description, execute } = restoreOperation(
	'file',
	"the restored file's hash and name",
);
