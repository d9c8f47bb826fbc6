import { optionsCollection } from '../../../shared/description/common.descriptions';
import { restoreOperation } from '../entryOperations';
import type { Writes } from '../../../shared/description/operation';

export const writes: Writes = { kind: 'set', into: 'folderHash', named: undefined };

export const { option, access, runsOver, returns, description, execute } = restoreOperation(
	'folder',
	"the restored folder's hash and name",
	[
		{
			displayName: 'Folder Hash',
			name: 'folderHash',
			type: 'string',
			default: '',
			required: true,
			description: 'Hash of the deleted folder. Restoring is possible on PRO, BUSINESS and ENTERPRISE plans.',
		},
		optionsCollection,
	],
);
