import type { ILoadOptionsFunctions, INodePropertyOptions } from 'n8n-workflow';

import type { DvsService } from '../../shared/services/dvs/DvsService';
import type { DvsRegister } from '../../shared/adapters/dvs/port';
import { OFFSET_PAGE_SIZE } from '../../shared/execution/paging';
import { asId } from '../../shared/services/mappedValues';
import { isRegister, registerOfResource } from '../registers/names';

/** The register of the node's chosen resource (the task register for comments and attachments). */
export function currentRegister(ctx: ILoadOptionsFunctions): DvsRegister {
	return registerOfResource(ctx.getCurrentNodeParameter('resource')) ?? 'task';
}

/** The ID chosen in a document locator of the node, if any. */
export function currentDocumentId(ctx: ILoadOptionsFunctions, name: string): number | undefined {
	try {
		return asId(ctx.getCurrentNodeParameter(name, { extractValue: true }));
	} catch {
		return undefined;
	}
}

export { isRegister };

/** The project a task belongs to, from get_document. */
export async function projectOfTask(dvs: DvsService, taskId: number): Promise<number | undefined> {
	return await dvs.projectOfTask(taskId, 0);
}

/** The project whose users a task's user fields accept: the chosen one (create), or the updated task's. */
export async function taskProject(ctx: ILoadOptionsFunctions, dvs: DvsService): Promise<number | undefined> {
	if (ctx.getCurrentNodeParameter('operation') === 'create') return currentDocumentId(ctx, 'project');
	const taskId = currentDocumentId(ctx, 'documentId');
	return taskId === undefined ? undefined : await projectOfTask(dvs, taskId);
}

/** Assignable users as options; a task register's list needs the project. */
export async function userOptions(
	dvs: DvsService,
	register: DvsRegister,
	projectId: number | undefined,
): Promise<INodePropertyOptions[]> {
	if (register === 'contact_person' || (register === 'task' && projectId === undefined)) return [];
	const users = await dvs.getUsers(register, projectId, 0);
	return users.map((user) => ({ name: user.display_name, value: user.id }));
}

/** The newest documents of a register as options (one page), or undefined when there are more. */
export async function documentOptions(
	dvs: DvsService,
	register: DvsRegister,
): Promise<INodePropertyOptions[] | undefined> {
	const page = await dvs.listDocuments(register, { limit: OFFSET_PAGE_SIZE, offset: 0, order: 'newest' }, 0);
	if (page.total > page.items.length) return undefined;
	return page.items.map((document) => ({
		name:
			typeof document.name === 'string' && document.name
				? document.name
				: String(document.full_number ?? document.dvs_document_id),
		value: Number(document.dvs_document_id),
	}));
}
