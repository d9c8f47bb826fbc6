import { optionsCollection } from '../../../shared/description/common.descriptions';
import { encryptionKeyProperty, uploadHashProperty, keySignatureProperty, userIdProperty } from './fields';
import { saveKeyOperation } from './keyOperations';
import type { Writes } from '../../../shared/description/operation';

export const writes: Writes = { kind: 'set', into: 'uploadHash', named: undefined };

export const { option, access, runsOver, returns, description, execute } = saveKeyOperation(
	'upload',
	'whether the key was stored',
	[userIdProperty, uploadHashProperty, encryptionKeyProperty, keySignatureProperty, optionsCollection],
);
