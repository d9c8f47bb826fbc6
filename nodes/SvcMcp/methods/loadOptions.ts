import type { ILoadOptionsFunctions, INodePropertyOptions } from 'n8n-workflow';

import { listEndpointTools } from './client';

/** The endpoint's tools as options (for expressions and older editors). */
export async function getTools(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	const tools = await listEndpointTools(this);
	return tools
		.map((tool) => ({ name: tool.title ? `${tool.title} (${tool.name})` : tool.name, value: tool.name, description: tool.description }))
		.sort((a, b) => a.name.localeCompare(b.name));
}
