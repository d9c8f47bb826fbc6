import { getKeyOperation } from './keyOperations';

export const { option, access, runsOver, returns, description, execute } = getKeyOperation(
	'upload',
	"the upload's wrapped key",
);
