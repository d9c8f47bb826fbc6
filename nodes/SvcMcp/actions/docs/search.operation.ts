import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { readSearch } from '../../../shared/parameters';
import { callOptions, optionsCollection } from '../common.descriptions';
import type { McpDeps } from '../node.type';

const properties: INodeProperties[] = [
	{
		displayName: 'Query',
		name: 'query',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. upload file',
		description: 'Keywords (not a semantic search); every word must occur. Latvian keywords such as mape or fails work too.',
	},
	{
		displayName: 'Limit',
		name: 'limit',
		type: 'number',
		typeOptions: { minValue: 1, maxValue: 20 },
		// eslint-disable-next-line n8n-nodes-base/node-param-default-wrong-for-limit -- the service's default is 5 and its maximum 20, so n8n's usual 50 cannot apply
		default: 5,
		description: 'Max number of results to return',
	},
	optionsCollection(),
];

export const description = updateDisplayOptions({ show: { resource: ['docs'], operation: ['search'] } }, properties);

export async function execute(this: IExecuteFunctions, itemIndex: number, { client }: McpDeps): Promise<INodeExecutionData[]> {
	const { query, limit } = readSearch(this, itemIndex, 20);
	const outcome = await client.callTool('search_docs', { query, limit }, callOptions(this, itemIndex));
	const results = Array.isArray(outcome.structured.results) ? (outcome.structured.results as IDataObject[]) : [];
	return results.map((result) => ({ json: { ...result, query }, pairedItem: { item: itemIndex } }));
}
