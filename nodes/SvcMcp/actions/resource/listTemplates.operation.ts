import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import type { Access, OperationOption } from '../../../shared/description/operation';
import { OVER_MCP_ONLY } from '../../../shared/description/operation';
import { optionsCollection } from '../../../shared/description/common.descriptions';
import type { McpDeps } from '../node.type';
import { listAll } from './paged';

export const option: OperationOption = {
	name: 'List Templates',
	action: 'List resource templates',
	description: 'List the URI templates of private resources (files and folders)',
};
export const access: Access = 'read';
export const runsOver = OVER_MCP_ONLY;

export const description = updateDisplayOptions({ show: { resource: ['resource'], operation: ['listTemplates'] } }, [
	optionsCollection,
]);

/** What it gives, for the model reading its tool description. */
export const returns = 'one item per URI template with its name and description';

/** Resource → List Templates (resources/templates/list): every URI template, page after page. */
export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
	{ mcp }: McpDeps,
): Promise<INodeExecutionData[]> {
	const templates = await listAll(mcp, 'resources/templates/list', 'resourceTemplates', itemIndex);
	return templates.map((json) => ({ json, pairedItem: { item: itemIndex } }));
}
