import { saveKeyOperation } from './keyOperations';

export const { option, access, runsOver, returns, description, execute } = saveKeyOperation(
	'file',
	'whether the key was stored',
);
