import { registerOperation } from '../documents/register';

export const { option, access, runsOver, description, execute } = registerOperation('project', 'get', 'Get a project');
