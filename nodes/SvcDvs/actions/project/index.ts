import { OVER_REST_AND_MCP } from '../../../shared/operation';
import { documentRegister } from '../documents/register';

const register = documentRegister({
	resource: 'project',
	displayName: 'Project',
	noun: 'project',
	plural: 'projects',
	runsOver: OVER_REST_AND_MCP,
	operations: {
		get: 'Get a project',
		getFields: "Get the project register's fields and options",
		getMany: 'List projects, filtered by status, client or project manager',
	},
});

export const { description, operations } = register;
