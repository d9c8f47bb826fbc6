import type { IDataObject, INode } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { MCP_TOOLS } from '../../transport/mcp/toolCatalogue';
import { listField, type McpTools } from '../mcpTools';

/** Raw entries asked for per svc_list_folder page (the simulator's maximum; larger values are capped). */
const LIST_PAGE = 200;
/** A listing that never ends is a service fault, not a folder: stop after this many pages. */
const MAX_LIST_PAGES = 10_000;

/**
 * Every visible item of a folder, as MCP objects, paged as the MCP endpoint defines it: `limit` and
 * `offset`, where offsets address the raw sequence and a page may be short after access
 * filtering. The next offset is the raw window the server says it scanned (its `limit`), or
 * the visible count when it does not say (never skipping an entry; repeats are dropped by
 * hash); an empty page ends the listing. A server's own `has_more` / `next_offset` are
 * followed when present. A listing that does not end within MAX_LIST_PAGES is an error.
 */
export async function listEveryPage(
	node: INode,
	pageAt: (offset: number, limit: number) => Promise<IDataObject>,
	itemIndex: number,
): Promise<IDataObject[]> {
	const items: IDataObject[] = [];
	const seen = new Set<string>();
	let offset = 0;
	for (let page = 0; page < MAX_LIST_PAGES; page++) {
		const structured = await pageAt(offset, LIST_PAGE);
		const pageItems = listField(structured, 'items');
		for (const item of pageItems) {
			const hash = String(item.hash);
			if (seen.has(hash)) continue;
			seen.add(hash);
			items.push(item);
		}
		const scanned = typeof structured.limit === 'number' && structured.limit > 0 ? structured.limit : pageItems.length;
		if (typeof structured.has_more === 'boolean') {
			if (!structured.has_more) return items;
			const next = typeof structured.next_offset === 'number' ? structured.next_offset : offset + Math.max(scanned, 1);
			offset = next > offset ? next : offset + Math.max(scanned, 1);
			continue;
		}
		if (pageItems.length === 0) return items;
		offset += scanned;
	}
	throw new NodeApiError(
		node,
		{ message: 'listing did not end' },
		{
			message: `Svc's MCP endpoint kept listing the folder past ${MAX_LIST_PAGES} pages`,
			description:
				'The listing was stopped rather than returned incomplete. Try again; if it persists, list ' +
				'the folder with the Svc Storage API credential.',
			itemIndex,
		},
	);
}

/** Every visible item of a folder, as MCP objects: svc_list_folder page after page (`listEveryPage`). */
export async function listFolderItems(
	tools: McpTools,
	node: INode,
	folderHash: string,
	itemIndex: number,
): Promise<IDataObject[]> {
	const args = (offset: number, limit: number) => ({ folder_hash: folderHash, limit, offset });
	const page = async (offset: number, limit: number) =>
		await tools.structured(MCP_TOOLS.getFolderContent, args(offset, limit), { purpose: 'list the folder', itemIndex });
	return await listEveryPage(node, page, itemIndex);
}
