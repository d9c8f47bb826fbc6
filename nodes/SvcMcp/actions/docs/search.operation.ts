import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import type { Access, OperationOption } from '../../../shared/description/operation';
import { OVER_MCP_ONLY } from '../../../shared/description/operation';
import { readSearch } from '../../../shared/execution/parameters';
import { optionsCollection, queryProperty } from '../../../shared/description/common.descriptions';
import { MCP_TOOLS } from '../../../shared/transport/mcp/toolCatalogue';
import type { McpDeps } from '../node.type';

export const option: OperationOption = {
	name: 'Search',
	action: 'Search the documentation',
	description: 'Keyword search of the published API documentation',
};
export const access: Access = 'read';
export const runsOver = OVER_MCP_ONLY;

const properties: INodeProperties[] = [
	{
		...queryProperty,
		placeholder: 'e.g. upload file',
		description:
			'Keywords (not a semantic search); every word must occur. Latvian keywords such as mape or fails work too.',
	},
	{
		displayName: 'Limit',
		name: 'limit',
		type: 'number',
		typeOptions: { minValue: 1, maxValue: 20 },
		// eslint-disable-next-line n8n-nodes-base/node-param-default-wrong-for-limit -- the endpoint's, at most 20
		default: 5,
		description: 'Max number of results to return',
	},
	optionsCollection,
];

export const description = updateDisplayOptions({ show: { resource: ['docs'], operation: ['search'] } }, properties);

/** What it gives, for the model reading its tool description. */
export const returns = 'one item per matching document with its URI, title and an excerpt';

export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
	{ mcp }: McpDeps,
): Promise<INodeExecutionData[]> {
	const { query, limit } = readSearch(this, itemIndex, 20);
	const outcome = await mcp.callTool(MCP_TOOLS.searchDocs, { query, limit }, itemIndex);
	const results = Array.isArray(outcome.structured.results) ? (outcome.structured.results as IDataObject[]) : [];
	return results.map((result) => ({ json: { ...result, query }, pairedItem: { item: itemIndex } }));
}
