import { updateDocumentOperation } from '../documents/update';

export const { description, execute } = updateDocumentOperation('task', 'Task', ['dvs_project_id']);
