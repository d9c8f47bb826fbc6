import { getFieldsOperation } from '../documents/getFields';

export const { description, execute } = getFieldsOperation('task');
