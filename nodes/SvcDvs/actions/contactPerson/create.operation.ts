import { createDocumentOperation } from '../documents/create';

export const { description, execute } = createDocumentOperation('contactPerson');
