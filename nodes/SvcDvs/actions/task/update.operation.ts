import { optionsCollection } from '../../../shared/description/common.descriptions';
import { fieldsHintOnUpdate, fieldsOnUpdate, simplifyProperty, taskLocator } from '../common.descriptions';
import { registerOperation } from '../../registers/register';

export const { option, access, writes, runsOver, returns, description, execute } = registerOperation(
	'task',
	'update',
	'Change fields of a task',
	[
		{ ...taskLocator, name: 'documentId', description: 'The task to change' },
		fieldsHintOnUpdate,
		fieldsOnUpdate,
		/* eslint-disable n8n-nodes-base/node-param-display-name-wrong-for-dynamic-multi-options,
			n8n-nodes-base/node-param-description-missing-from-dynamic-multi-options --
			the names are the register's own fields' (docs/svc-dvs.md uses them); each description says what
			the list holds and what an empty pick does (the whole list is replaced) */
		{
			displayName: 'Followers',
			name: 'followers',
			type: 'multiOptions',
			typeOptions: { loadOptionsMethod: 'getTaskUsers', loadOptionsDependsOn: ['documentId.value'] },
			default: [],
			description:
				"Users who follow the task, from the project's users. The ones picked replace the whole list; left " +
				'empty, the list stays as it is (an expression giving [] empties it).',
			displayOptions: { hide: { '@tool': [true] } },
		},
		{
			displayName: 'External Notification Receivers',
			name: 'ext_notif_receiver',
			type: 'multiOptions',
			typeOptions: { loadOptionsMethod: 'getContactPersons', loadOptionsDependsOn: ['documentId.value'] },
			default: [],
			description:
				'Contact persons notified about the task (listed with a DVS API credential: the MCP endpoint does not ' +
				'reach contact persons). The ones picked replace the whole list; left empty, the list stays as it is ' +
				'(an expression giving [] empties it).',
			displayOptions: { hide: { '@tool': [true] } },
		},
		/* eslint-enable n8n-nodes-base/node-param-display-name-wrong-for-dynamic-multi-options,
			n8n-nodes-base/node-param-description-missing-from-dynamic-multi-options */
		simplifyProperty,
		optionsCollection,
	],
);
