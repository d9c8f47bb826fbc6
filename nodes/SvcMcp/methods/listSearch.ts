import type { ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';

import { listEndpointTools } from './client';

/** The endpoint's tools for the Tool picker, filtered by name, title or description. */
export async function searchTools(this: ILoadOptionsFunctions, filter?: string): Promise<INodeListSearchResult> {
	const tools = await listEndpointTools(this);
	const needle = (filter ?? '').trim().toLowerCase();
	const results = tools
		.filter(
			(tool) =>
				!needle ||
				[tool.name, tool.title ?? '', tool.description ?? ''].some((text) => text.toLowerCase().includes(needle)),
		)
		.map((tool) => ({
			name: tool.title ? `${tool.title} (${tool.name})` : tool.name,
			value: tool.name,
			description: tool.description,
		}));
	return { results };
}
