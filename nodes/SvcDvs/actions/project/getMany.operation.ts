import { getManyDocumentsOperation } from '../documents/getMany';

export const { description, execute } = getManyDocumentsOperation('project');
