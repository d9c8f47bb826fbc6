import { getKeyOperation } from './keyOperations';

export const { option, access, runsOver, returns, description, execute } = getKeyOperation(
	'file',
	"the file's wrapped key",
);
