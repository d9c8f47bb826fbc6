import { getInfoOperation } from '../entryOperations';

export const { option, access, runsOver, description, execute } = getInfoOperation('folder');
