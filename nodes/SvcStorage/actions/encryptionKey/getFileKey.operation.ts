import { optionsCollection } from '../../../shared/description/common.descriptions';
import { fileHashProperty, isEncryptedFolderProperty, userIdProperty } from './fields';
import { getKeyOperation } from './keyOperations';

export const { option, access, runsOver, returns, description, execute } = getKeyOperation(
	'file',
	"the file's wrapped key",
	[userIdProperty, fileHashProperty, isEncryptedFolderProperty, optionsCollection],
);
