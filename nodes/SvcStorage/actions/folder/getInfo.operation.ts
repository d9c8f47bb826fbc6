import { getInfoOperation } from '../entryOperations';

export const { description, execute } = getInfoOperation('folder');
