import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import type { Access, OperationOption } from '../../../shared/description/operation';
import { OVER_MCP_ONLY } from '../../../shared/description/operation';
import { optionsCollection } from '../../../shared/description/common.descriptions';
import type { McpDeps } from '../node.type';

export const option: OperationOption = {
	name: 'List',
	action: 'List tools',
	description: 'List the tools the endpoint offers, with their input and output schemas',
};
export const access: Access = 'read';
export const runsOver = OVER_MCP_ONLY;

export const description = updateDisplayOptions({ show: { resource: ['tool'], operation: ['list'] } }, [
	optionsCollection,
]);

/** What it gives, for the model reading its tool description. */
export const returns = 'one item per tool with its name, description and input and output schemas';

/** Tool → List (tools/list): one item per tool, its schemas and annotations as the endpoint gives them. */
export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
	{ mcp }: McpDeps,
): Promise<INodeExecutionData[]> {
	const tools = await mcp.listTools(itemIndex);
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
