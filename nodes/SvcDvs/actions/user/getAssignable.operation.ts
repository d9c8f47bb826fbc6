import type { INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import type { Access, OperationOption } from '../../../shared/description/operation';
import { OVER_REST_AND_MCP } from '../../../shared/description/operation';
import type { DvsRegister } from '../../../shared/adapters/dvs/port';
import { mcpOnly, restOnly } from '../../../shared/description/authentication.descriptions';
import { jsonItem } from '../../../shared/execution/items';
import { optionsCollection } from '../../../shared/description/common.descriptions';
import { projectLocator } from '../common.descriptions';
import type { DvsExecute } from '../node.type';
import { readDocument } from '../parameters';
import { parameterOf } from '../../../shared/execution/parameters';

export const option: OperationOption = {
	name: 'Get Assignable',
	action: 'Get assignable users',
	description: "List the users a project's tasks (or projects, clients) accept",
};
export const access: Access = 'read';
export const runsOver = OVER_REST_AND_MCP;

/** Over REST every register; over MCP without clients (the MCP endpoint's DVS tools cover tasks and projects). */
const register: INodeProperties = {
	displayName: 'Register',
	name: 'register',
	type: 'options',
	noDataExpression: true,
	options: [
		{ name: 'Tasks', value: 'task', description: 'Users who may be responsible for or follow tasks of a project' },
		{ name: 'Projects', value: 'project_2', description: 'Users who may be project managers' },
		{ name: 'Clients', value: 'client', description: 'Users who may be account managers of clients' },
	],
	default: 'task',
	description: 'Which register to list the assignable users of',
	displayOptions: restOnly('svcDvsApi'),
};

const properties: INodeProperties[] = [
	register,
	{
		...register,
		options: register.options?.filter((choice) => 'value' in choice && choice.value !== 'client'),
		description: 'Which register to list the assignable users of (clients need the Svc DVS API credential)',
		displayOptions: mcpOnly,
	},
	{
		...projectLocator,
		description: 'The project whose task users to list',
		displayOptions: { show: { register: ['task'] } },
	},
	optionsCollection,
];

export const description = updateDisplayOptions(
	{ show: { resource: ['user'], operation: ['getAssignable'] } },
	properties,
);

/** What it gives, for the model reading its tool description. */
export const returns = 'one item per user with ID and name';

/** One item per user the register accepts in its user fields (get_users): not an organization directory. */
export const execute: DvsExecute = async function (itemIndex, { dvs }) {
	const register = parameterOf(this, 'register', itemIndex, 'task') as DvsRegister;
	const projectId =
		register === 'task'
			? await readDocument(this, dvs, { name: 'project', label: 'Project', register: 'project_2' }, itemIndex)
			: undefined;
	const users = await dvs.getUsers(register, projectId, itemIndex);
	return users.map((user) => jsonItem({ ...user }, itemIndex));
};
