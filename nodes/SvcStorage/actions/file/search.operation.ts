import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import type { Access, OperationOption } from '../../../shared/description/operation';
import { OVER_MCP_ONLY } from '../../../shared/description/operation';
import { readSearch } from '../../../shared/execution/parameters';
import { jsonItem } from '../../../shared/execution/items';
import { optionsCollection, queryProperty } from '../../../shared/description/common.descriptions';
import type { StorageDeps } from '../node.type';

export const option: OperationOption = {
	name: 'Search',
	action: 'Search files',
	description: "Search names and indexed metadata with the web UI's central search",
};
export const access: Access = 'read';
export const runsOver = OVER_MCP_ONLY;

/** svc_search_files accepts 1 to 100 results per query (the simulator's choice for "not shown"). */
const MAX_RESULTS = 100;

const properties: INodeProperties[] = [
	{
		...queryProperty,
		placeholder: 'e.g. invoice 2026',
		description:
			"Words to look for with the web UI's central search: file and folder names and indexed metadata " +
			'(descriptions, tags, text in images, object labels). Only with an MCP credential.',
	},
	{
		displayName: 'Limit',
		name: 'limit',
		type: 'number',
		typeOptions: { minValue: 1, maxValue: MAX_RESULTS },
		default: 50,
		description: 'Max number of results to return',
	},
	optionsCollection,
];

export const description = updateDisplayOptions({ show: { resource: ['file'], operation: ['search'] } }, properties);

/** What it gives, for the model reading its tool description. */
export const returns = 'one item per matching file with its name, hash, size and folder';

/** Search (svc_search_files): one item per match, in the folder-content fields of Folder → Get Content. */
export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
	{ storage }: StorageDeps,
): Promise<INodeExecutionData[]> {
	const { query, limit } = readSearch(this, itemIndex, MAX_RESULTS);
	const items = await storage.searchFiles(query, limit, itemIndex);
	return items.map((item) => jsonItem(item, itemIndex));
}
