import { saveKeyOperation } from './keyOperations';

export const { option, access, runsOver, returns, description, execute } = saveKeyOperation(
	'upload',
	'whether the key was stored',
);
