import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import type { Access, OperationOption } from '../../../shared/description/operation';
import { OVER_MCP_ONLY } from '../../../shared/description/operation';
import { optionsCollection } from '../../../shared/description/common.descriptions';
import type { McpDeps } from '../node.type';
import { listAll } from './paged';

export const option: OperationOption = {
	name: 'List',
	action: 'List resources',
	description: 'List the documentation resources the endpoint publishes',
};
export const access: Access = 'read';
export const runsOver = OVER_MCP_ONLY;

export const description = updateDisplayOptions({ show: { resource: ['resource'], operation: ['list'] } }, [
	optionsCollection,
]);

/** What it gives, for the model reading its tool description. */
export const returns = 'one item per resource with its URI, name and type';

/** Resource → List (resources/list): every resource the endpoint publishes, page after page. */
export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
	{ mcp }: McpDeps,
): Promise<INodeExecutionData[]> {
	const resources = await listAll(mcp, 'resources/list', 'resources', itemIndex);
	return resources.map((json) => ({ json, pairedItem: { item: itemIndex } }));
}
