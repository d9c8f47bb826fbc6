import { saveKeyOperation } from './keyOperations';

export const { option, access, runsOver, description, execute } = saveKeyOperation('upload');
