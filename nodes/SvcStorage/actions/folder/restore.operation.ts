import { restoreOperation } from '../entryOperations';

export const { option, access, runsOver, description, execute } = restoreOperation('folder');
