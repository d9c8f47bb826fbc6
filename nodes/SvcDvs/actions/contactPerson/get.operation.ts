import { getDocumentOperation } from '../documents/get';

export const { description, execute } = getDocumentOperation('contactPerson', 'Contact Person');
