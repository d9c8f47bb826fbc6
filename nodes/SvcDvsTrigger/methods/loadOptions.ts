import type { ILoadOptionsFunctions, INodePropertyOptions } from 'n8n-workflow';

import { closingAfter, dvsServiceFor } from '../../shared/services/serviceFor';

/** The organization's task status options, from get_fields. */
export async function getStatuses(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	const schema = await closingAfter(dvsServiceFor(this), async (dvs) => await dvs.getFields('task', 0));
	const status = schema.fields.find((field) => field.name === 'dropdown_status');
	return (status?.options ?? []).map((option) => ({ name: option.display_name, value: option.id }));
}

/** Users who may be responsible for tasks of the chosen project (get_users needs the project). */
export async function getResponsibleUsers(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	const project = Number(this.getNodeParameter('project', '', { extractValue: true }));
	if (!Number.isInteger(project) || project < 1) return [];
	const users = await closingAfter(dvsServiceFor(this), async (dvs) => await dvs.getUsers('task', project, 0));
	return users.map((user) => ({ name: user.display_name, value: user.id }));
}

/** The task register's fields, for Task Updated's "Only When These Fields Change". */
export async function getTaskFields(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	const schema = await closingAfter(dvsServiceFor(this), async (dvs) => await dvs.getFields('task', 0));
	return schema.fields
		.filter((field) => field.name !== 'dvs_document_id' && field.type !== 'html')
		.map((field) => ({ name: field.label || field.name, value: field.name, description: field.name }));
}
