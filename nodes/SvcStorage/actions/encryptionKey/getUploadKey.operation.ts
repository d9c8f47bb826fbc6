import { optionsCollection } from '../../../shared/description/common.descriptions';
import { uploadHashProperty, isEncryptedFolderProperty, userIdProperty } from './fields';
import { getKeyOperation } from './keyOperations';

export const { option, access, runsOver, returns, description, execute } = getKeyOperation(
	'upload',
	"the upload's wrapped key",
	[userIdProperty, uploadHashProperty, isEncryptedFolderProperty, optionsCollection],
);
