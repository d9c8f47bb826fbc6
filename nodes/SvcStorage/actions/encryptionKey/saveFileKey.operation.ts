import { optionsCollection, withOptions } from '../../../shared/description/common.descriptions';
import { encryptionKeyProperty, fileHashProperty, keySignatureProperty, userIdProperty } from './fields';
import { saveKeyOperation } from './keyOperations';
import type { Writes } from '../../../shared/description/operation';

export const writes: Writes = { kind: 'set', into: 'fileHash', named: undefined };

export const { option, access, runsOver, returns, description, execute } = saveKeyOperation(
	'file',
	'whether the key was stored',
	[
		userIdProperty,
		fileHashProperty,
		{ ...encryptionKeyProperty, description: 'The wrapped content key of the file' },
		keySignatureProperty,
		withOptions(optionsCollection, [
			{
				displayName: 'File Signature',
				name: 'fileSignature',
				type: 'string',
				default: '',
				description: 'Signature of the file content',
			},
		]),
	],
);
