import { getInfoOperation } from '../entryOperations';

export const { option, access, runsOver, returns, description, execute } = getInfoOperation(
	'file',
	"the file's name, hash, size, type, folder and dates",
);
