import { documentRegister } from '../documents/register';

const register = documentRegister({
	resource: 'contactPerson',
	displayName: 'Contact Person',
	noun: 'contact person',
	plural: 'contact persons',
	operations: {
		create: 'Create an external notification receiver',
		get: 'Get a contact person',
		getFields: "Get the contact person register's fields and options",
		getMany: 'List contact persons, filtered by company or group',
		update: 'Change fields of a contact person',
	},
});

export const { description } = register;
export const { create, get, getFields, getMany, update } = register.operations;
