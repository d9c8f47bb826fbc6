import type { INodeExecutionData, INodeType, INodeTypeDescription, IPollFunctions } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { dvsCredentials } from '../shared/description/authentication.descriptions';
import { properties } from './description';
import { pollDvsTrigger } from './events';
import { searchProjects, searchTasks } from './methods/listSearch';
import { getResponsibleUsers, getStatuses, getTaskFields } from './methods/loadOptions';

export class SvcDvsTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Svc DVS Trigger',
		name: 'svcDvsTrigger',
		icon: { light: 'file:../../icons/svc-dvs.svg', dark: 'file:../../icons/svc-dvs.dark.svg' },
		group: ['trigger'],
		version: 1,
		subtitle:
			'={{ {"newTask": "New task", "taskUpdated": "Task updated", "newComment": "New comment"}[$parameter["event"]] }}',
		// n8n's node panel lists Svc DVS and this trigger as one entry with the trigger's description
		// (useActionsGeneration: "default to trigger description"), so it speaks for both.
		description:
			'Create and update tasks, comments and attachments in the Svc DVS register, or start a workflow ' +
			'when a task is created, changed or commented',
		defaults: { name: 'Svc DVS Trigger' },
		polling: true,
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: dvsCredentials,
		properties,
	};

	methods = {
		listSearch: { searchProjects, searchTasks },
		loadOptions: { getResponsibleUsers, getStatuses, getTaskFields },
	};

	async poll(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
		return await pollDvsTrigger.call(this);
	}
}
