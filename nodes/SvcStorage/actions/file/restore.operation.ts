import { optionsCollection } from '../../../shared/description/common.descriptions';
import { restoreOperation } from '../entryOperations';
import type { Writes } from '../../../shared/description/operation';

export const writes: Writes = { kind: 'set', into: 'fileHash', named: undefined };

export const { option, access, runsOver, returns, description, execute } = restoreOperation(
	'file',
	"the restored file's hash and name",
	[
		{
			displayName: 'File Hash',
			name: 'fileHash',
			type: 'string',
			default: '',
			required: true,
			description: 'Hash of the deleted file. Restoring is possible on PRO, BUSINESS and ENTERPRISE plans.',
		},
		optionsCollection,
	],
);
