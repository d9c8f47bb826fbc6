import { saveKeyOperation } from './keyOperations';

export const { description, execute } = saveKeyOperation('upload');
