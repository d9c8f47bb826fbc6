import type { ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';

import { closingAfter, dvsServiceFor } from '../../shared/services/serviceFor';
import type { DvsRegister } from '../../shared/adapters/dvs/port';

/** Documents shown in a list: the newest 200, filtered by the typed text. */
async function search(
	ctx: ILoadOptionsFunctions,
	register: DvsRegister,
	filter?: string,
): Promise<INodeListSearchResult> {
	const page = await closingAfter(
		dvsServiceFor(ctx),
		async (dvs) => await dvs.listDocuments(register, { limit: 200, offset: 0, order: 'newest' }, 0),
	);
	const wanted = filter?.trim().toLowerCase() ?? '';
	const results = page.items
		.map((doc) => {
			const label = [doc.full_number, doc.name].filter((part) => typeof part === 'string' && part).join(' ');
			return { name: label || String(doc.dvs_document_id), value: String(doc.dvs_document_id) };
		})
		.filter((entry) => !wanted || entry.name.toLowerCase().includes(wanted));
	return { results };
}

export async function searchProjects(this: ILoadOptionsFunctions, filter?: string): Promise<INodeListSearchResult> {
	return await search(this, 'project_2', filter);
}

export async function searchTasks(this: ILoadOptionsFunctions, filter?: string): Promise<INodeListSearchResult> {
	return await search(this, 'task', filter);
}
