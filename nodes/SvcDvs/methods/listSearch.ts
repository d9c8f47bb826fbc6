import type { ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';

import type { DvsRegister } from '../../shared/adapters/dvs/port';
import { closingAfter, dvsServiceFor } from '../../shared/services/serviceFor';
import { OFFSET_PAGE_SIZE } from '../../shared/execution/paging';

function label(document: Record<string, unknown>): string {
	const name = typeof document.name === 'string' && document.name ? document.name : '';
	const number = typeof document.full_number === 'string' ? document.full_number : '';
	if (name && number) return `${name} (${number})`;
	return name || number || `#${String(document.dvs_document_id)}`;
}

/**
 * The newest documents of a register, one page of 200 per call, narrowed by the typed text
 * (the API has no text search); the pagination token is the next offset.
 */
async function searchDocuments(
	ctx: ILoadOptionsFunctions,
	register: DvsRegister,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	const offset = Number(paginationToken ?? 0) || 0;
	const page = await closingAfter(
		dvsServiceFor(ctx),
		async (dvs) => await dvs.listDocuments(register, { limit: OFFSET_PAGE_SIZE, offset, order: 'newest' }, 0),
	);
	const wanted = filter?.trim().toLowerCase() ?? '';
	const results = page.items
		.map((document) => ({ name: label(document), value: String(document.dvs_document_id) }))
		.filter((result) => !wanted || result.name.toLowerCase().includes(wanted) || result.value === wanted);
	const next = offset + page.items.length;
	return { results, paginationToken: page.items.length > 0 && next < page.total ? String(next) : undefined };
}

export async function searchTasks(
	this: ILoadOptionsFunctions,
	filter?: string,
	token?: string,
): Promise<INodeListSearchResult> {
	return await searchDocuments(this, 'task', filter, token);
}

export async function searchProjects(
	this: ILoadOptionsFunctions,
	filter?: string,
	token?: string,
): Promise<INodeListSearchResult> {
	return await searchDocuments(this, 'project_2', filter, token);
}

export async function searchContactPersons(
	this: ILoadOptionsFunctions,
	filter?: string,
	token?: string,
): Promise<INodeListSearchResult> {
	return await searchDocuments(this, 'contact_person', filter, token);
}

export async function searchClients(
	this: ILoadOptionsFunctions,
	filter?: string,
	token?: string,
): Promise<INodeListSearchResult> {
	return await searchDocuments(this, 'client', filter, token);
}
