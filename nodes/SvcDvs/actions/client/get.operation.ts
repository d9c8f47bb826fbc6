import { registerOperation } from '../documents/register';

export const { option, access, runsOver, description, execute } = registerOperation('client', 'get', 'Get a client');
