import { optionsCollection } from '../../../shared/description/common.descriptions';
import { encryptionKeyProperty, uploadHashProperty, keySignatureProperty, userIdProperty } from './fields';
import { saveKeyOperation } from './keyOperations';

export const { option, access, runsOver, returns, description, execute } = saveKeyOperation(
	'upload',
	'whether the key was stored',
	[userIdProperty, uploadHashProperty, encryptionKeyProperty, keySignatureProperty, optionsCollection],
);
