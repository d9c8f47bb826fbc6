import { folderLocator, optionsCollection } from '../../../shared/description/common.descriptions';
import { newNameProperty } from '../common.descriptions';
import { renameOperation } from '../entryOperations';
import type { Writes } from '../../../shared/description/operation';

export const writes: Writes = { kind: 'set', into: 'folder', named: undefined };

export const { option, access, runsOver, returns, description, execute } = renameOperation(
	'folder',
	"the folder's hash and new name",
	[
		{ ...folderLocator, description: 'Folder to rename (the ROOT folder cannot be renamed)' },
		newNameProperty,
		optionsCollection,
	],
);
