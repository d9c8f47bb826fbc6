import { createDocumentOperation, TASK_PROJECT } from '../documents/create';

export const { description, execute } = createDocumentOperation('task', TASK_PROJECT);
