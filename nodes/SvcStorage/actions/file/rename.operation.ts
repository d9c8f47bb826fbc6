import { renameOperation } from '../entryOperations';

export const { option, access, runsOver, description, execute } = renameOperation('file');
