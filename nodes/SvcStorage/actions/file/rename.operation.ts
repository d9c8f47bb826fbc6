import { fileLocator, optionsCollection } from '../../../shared/description/common.descriptions';
import { newNameProperty } from '../common.descriptions';
import { renameOperation } from '../entryOperations';
import type { Writes } from '../../../shared/description/operation';

export const writes: Writes = { kind: 'set', into: 'file', named: undefined };

export const { option, access, runsOver, returns, description, execute } = renameOperation(
	'file',
	"the file's hash and new name",
	[fileLocator, newNameProperty, optionsCollection],
);
