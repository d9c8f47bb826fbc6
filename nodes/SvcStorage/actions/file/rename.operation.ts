import { renameOperation } from '../entryOperations';

export const { description, execute } = renameOperation('file');
