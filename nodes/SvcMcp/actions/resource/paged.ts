import type { IDataObject } from 'n8n-workflow';

import type { McpService } from '../../../shared/services/mcp/McpService';

/** Every entry of a list method, following nextCursor (bounded). */
export async function listAll(mcp: McpService, method: string, key: string, itemIndex: number): Promise<IDataObject[]> {
	const entries: IDataObject[] = [];
	let cursor: string | undefined;
	for (let page = 0; page < 50; page++) {
		const result = await mcp.request(method, cursor ? { cursor } : {}, itemIndex);
		const list = result[key];
		if (Array.isArray(list))
			entries.push(...list.filter((entry): entry is IDataObject => typeof entry === 'object' && entry !== null));
		cursor = typeof result.nextCursor === 'string' && result.nextCursor ? result.nextCursor : undefined;
		if (!cursor) break;
	}
	return entries;
}
