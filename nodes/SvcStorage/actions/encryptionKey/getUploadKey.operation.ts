import { getKeyOperation } from './keyOperations';

export const { description, execute } = getKeyOperation('upload');
