import { OVER_REST_ONLY } from '../../../shared/operation';
import { documentRegister } from '../documents/register';

const register = documentRegister({
	resource: 'client',
	displayName: 'Client',
	noun: 'client',
	plural: 'clients',
	runsOver: OVER_REST_ONLY,
	operations: {
		get: 'Get a client',
		getFields: "Get the client register's fields and options",
		getMany: 'List clients, filtered by type, group or project manager',
	},
});

export const { description, operations } = register;
