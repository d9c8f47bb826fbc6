import { documentRegister } from '../documents/register';

const register = documentRegister({
	resource: 'client',
	displayName: 'Client',
	noun: 'client',
	plural: 'clients',
	operations: {
		get: 'Get a client',
		getFields: "Get the client register's fields and options",
		getMany: 'List clients, filtered by type, group or project manager',
	},
});

export const { description } = register;
export const { get, getFields, getMany } = register.operations;
