import { optionsCollection } from '../../../shared/description/common.descriptions';
import { fieldsHintOnCreate, fieldsOnCreate, projectLocator, simplifyProperty } from '../common.descriptions';
import { registerOperation } from '../../registers/register';

export const { option, access, writes, runsOver, returns, description, execute } = registerOperation(
	'task',
	'create',
	'Create a task in a project',
	[
		{ ...projectLocator, description: 'The project the task belongs to; it cannot change later' },
		fieldsHintOnCreate,
		{ ...fieldsOnCreate, typeOptions: { ...fieldsOnCreate.typeOptions, loadOptionsDependsOn: ['project.value'] } },
		/* eslint-disable n8n-nodes-base/node-param-display-name-wrong-for-dynamic-multi-options,
			n8n-nodes-base/node-param-description-missing-from-dynamic-multi-options --
			the names are the register's own fields' (docs/svc-dvs.md uses them); each description says what
			the list holds, then n8n's sentence, which lint cannot read in a joined string */
		{
			displayName: 'Followers',
			name: 'followers',
			type: 'multiOptions',
			typeOptions: { loadOptionsMethod: 'getTaskUsers', loadOptionsDependsOn: ['project.value'] },
			default: [],
			description: `Users who follow the task, from the project's users.
					Choose from the list, or specify IDs using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.`,
			displayOptions: { hide: { '@tool': [true] } },
		},
		{
			displayName: 'External Notification Receivers',
			name: 'ext_notif_receiver',
			type: 'multiOptions',
			typeOptions: { loadOptionsMethod: 'getContactPersons', loadOptionsDependsOn: ['project.value'] },
			default: [],
			description:
				'Contact persons notified about the task (listed with a DVS API credential: the MCP endpoint ' +
				`does not reach contact persons).
					Choose from the list, or specify IDs using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.`,
			displayOptions: { hide: { '@tool': [true] } },
		},
		/* eslint-enable n8n-nodes-base/node-param-display-name-wrong-for-dynamic-multi-options,
			n8n-nodes-base/node-param-description-missing-from-dynamic-multi-options */
		simplifyProperty,
		optionsCollection,
	],
);
