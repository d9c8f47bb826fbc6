import type { ILoadOptionsFunctions, INodePropertyOptions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { closingAfter, dvsServiceFor } from '../../shared/services/serviceFor';
import { asIdList } from '../../shared/services/mappedValues';
import {
	currentDocumentId,
	currentRegister,
	documentOptions,
	isRegister,
	projectOfTask,
	taskProject,
	userOptions,
} from './lookups';
import { TASK_PROJECT_FIELD } from '../../shared/adapters/dvs/port';

/** Fields of the resource's register that get_documents can filter on. */
export async function getFilterFields(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	const { fields } = await closingAfter(
		dvsServiceFor(this),
		async (dvs) => await dvs.getFields(currentRegister(this), 0),
	);
	return fields
		.filter((field) => field.filter)
		.map((field) => ({ name: field.label || field.name, value: field.name, description: field.name }));
}

/** The project a task filter already names, so that user values can come from that project. */
function chosenProject(ctx: ILoadOptionsFunctions): number | undefined {
	const entries = (ctx.getCurrentNodeParameter('filters.filter') ?? []) as Array<{ field?: string; values?: unknown }>;
	const project = entries.find((entry) => entry.field === TASK_PROJECT_FIELD);
	return asIdList(project?.values ?? [])?.[0];
}

/** Values of the filter's chosen field: the organization's options, documents or users. */
export async function getFilterValues(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	const fieldName = this.getCurrentNodeParameter('&field');
	if (typeof fieldName !== 'string' || !fieldName) return [];
	return await closingAfter(dvsServiceFor(this), async (dvs) => {
		const register = currentRegister(this);
		const field = (await dvs.getFields(register, 0)).fields.find((candidate) => candidate.name === fieldName);
		if (!field) return [];
		switch (field.type) {
			case 'dropdown':
			case 'dropdown_ids':
				return (field.options ?? []).map((option) => ({ name: option.display_name, value: option.id }));
			case 'relation':
			case 'relation_ids':
				return isRegister(field.section) ? ((await documentOptions(dvs, field.section)) ?? []) : [];
			case 'user_id':
			case 'user_ids': {
				// A task user list needs a project: the one filtered on, else the project register's users.
				const project = register === 'task' ? chosenProject(this) : undefined;
				return await userOptions(dvs, register === 'task' && project === undefined ? 'project_2' : register, project);
			}
			default:
				return [];
		}
	});
}

/** Users to mention on the chosen task: those assignable in its project. */
export async function getMentionUsers(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	const taskId = currentDocumentId(this, 'task');
	if (taskId === undefined) return [];
	return await closingAfter(
		dvsServiceFor(this),
		async (dvs) => await userOptions(dvs, 'task', await projectOfTask(dvs, taskId)),
	);
}

/** Users a task's user lists accept: those of its project (the chosen one, or the updated task's). */
export async function getTaskUsers(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	return await closingAfter(dvsServiceFor(this), async (dvs) => {
		const projectId = await taskProject(this, dvs);
		return projectId === undefined ? [] : await userOptions(dvs, 'task', projectId);
	});
}

/** The contact persons a task can notify (get_documents of contact_person). */
export async function getContactPersons(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	return await closingAfter(dvsServiceFor(this), async (dvs) => {
		if (!dvs.reaches('contact_person')) {
			throw new NodeOperationError(
				this.getNode(),
				'Contact persons are listed with a DVS API credential only (the MCP endpoint does not reach ' +
					'them): give their IDs with an expression',
			);
		}
		const options = await documentOptions(dvs, 'contact_person');
		if (!options)
			throw new NodeOperationError(
				this.getNode(),
				'There are too many contact persons to list: give their IDs with an expression',
			);
		return options;
	});
}
