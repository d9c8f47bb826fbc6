import { updateDocumentOperation } from '../documents/update';

export const { description, execute } = updateDocumentOperation('contactPerson', 'Contact Person');
