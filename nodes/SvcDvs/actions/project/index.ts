import { documentRegister } from '../documents/register';

const register = documentRegister({
	resource: 'project',
	displayName: 'Project',
	noun: 'project',
	plural: 'projects',
	operations: {
		get: 'Get a project',
		getFields: "Get the project register's fields and options",
		getMany: 'List projects, filtered by status, client or project manager',
	},
});

export const { description } = register;
export const { get, getFields, getMany } = register.operations;
