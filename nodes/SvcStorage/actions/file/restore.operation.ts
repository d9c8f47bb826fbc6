import { restoreOperation } from '../entryOperations';

export const { description, execute } = restoreOperation('file');
