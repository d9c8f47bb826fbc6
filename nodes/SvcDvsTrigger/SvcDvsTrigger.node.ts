import type { INodeExecutionData, INodeType, INodeTypeDescription, IPollFunctions } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { closingAfter, credentialEntries, dvsServiceFor } from '../shared/services/select';
import { pollBudgetOf } from '../shared/polling/budget';
import { properties } from './description';
import { pollNewCommentOnTask } from './events/newCommentOnTask';
import { pollNewCommentOnTasks } from './events/newCommentOnTasks';
import { pollNewTask } from './events/newTask';
import { pollTaskUpdated } from './events/taskUpdated';
import { searchProjects, searchTasks } from './methods/listSearch';
import { getResponsibleUsers, getStatuses, getTaskFields } from './methods/loadOptions';
import { readDvsTriggerSettings } from './settings';

/** Requests one poll may make whatever n8n's time budget (paging, comment checks). */
const MAX_REQUESTS_PER_POLL = 1000;

export class SvcDvsTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Svc DVS Trigger',
		name: 'svcDvsTrigger',
		icon: { light: 'file:../../icons/svc.svg', dark: 'file:../../icons/svc.dark.svg' },
		group: ['trigger'],
		version: 1,
		subtitle: '={{ {"newTask": "New task", "taskUpdated": "Task updated", "newComment": "New comment"}[$parameter["event"]] }}',
		description: 'Starts the workflow when a task is created, changed or commented in the Svc DVS register',
		defaults: { name: 'Svc DVS Trigger' },
		polling: true,
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: credentialEntries('svcDvsApi'),
		properties,
	};

	methods = {
		listSearch: { searchProjects, searchTasks },
		loadOptions: { getResponsibleUsers, getStatuses, getTaskFields },
	};

	async poll(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
		const settings = readDvsTriggerSettings(this);
		const budget = pollBudgetOf(this, MAX_REQUESTS_PER_POLL);
		return await closingAfter(dvsServiceFor(this, () => settings.timeoutMs), async (backend) => {
			if (settings.event === 'newTask') return await pollNewTask(this, backend, settings, budget);
			if (settings.event === 'taskUpdated') return await pollTaskUpdated(this, backend, settings, budget);
			if (settings.taskId !== undefined) return await pollNewCommentOnTask(this, backend, settings, budget);
			return await pollNewCommentOnTasks(this, backend, settings, budget);
		});
	}
}
