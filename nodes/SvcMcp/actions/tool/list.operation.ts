import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { callOptions, optionsCollection } from '../common.descriptions';
import type { McpDeps } from '../node.type';

const properties: INodeProperties[] = [optionsCollection()];

export const description = updateDisplayOptions({ show: { resource: ['tool'], operation: ['list'] } }, properties);

export async function execute(this: IExecuteFunctions, itemIndex: number, { client }: McpDeps): Promise<INodeExecutionData[]> {
	const tools = await client.listTools(callOptions(this, itemIndex));
	return tools.map((tool) => ({
		json: {
			name: tool.name,
			title: tool.title ?? null,
			description: tool.description ?? null,
			inputSchema: tool.inputSchema,
			outputSchema: tool.outputSchema ?? null,
			annotations: tool.annotations ?? {},
			meta: tool._meta ?? {},
		},
		pairedItem: { item: itemIndex },
	}));
}
