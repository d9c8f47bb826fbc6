import { OVER_REST_ONLY } from '../../../shared/operation';
import { documentRegister } from '../documents/register';

const register = documentRegister({
	resource: 'contactPerson',
	displayName: 'Contact Person',
	noun: 'contact person',
	plural: 'contact persons',
	runsOver: OVER_REST_ONLY,
	operations: {
		create: 'Create an external notification receiver',
		get: 'Get a contact person',
		getFields: "Get the contact person register's fields and options",
		getMany: 'List contact persons, filtered by company or group',
		update: 'Change fields of a contact person',
	},
});

export const { description, operations } = register;
