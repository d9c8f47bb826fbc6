import { getKeyOperation } from './keyOperations';

export const { option, access, runsOver, description, execute } = getKeyOperation('upload');
