import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import type { Access, OperationOption } from '../../../shared/operation';
import { OVER_MCP_ONLY } from '../../../shared/operation';
import { optionsCollection } from '../common.descriptions';
import type { McpDeps } from '../node.type';
import { listAll } from './paged';

export const option: OperationOption = {
	name: 'List',
	action: 'List resources',
	description: 'List the documentation resources the endpoint publishes',
};
export const access: Access = 'read';
export const runsOver = OVER_MCP_ONLY;

const properties: INodeProperties[] = [optionsCollection()];

export const description = updateDisplayOptions({ show: { resource: ['resource'], operation: ['list'] } }, properties);

export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
	{ mcp }: McpDeps,
): Promise<INodeExecutionData[]> {
	const resources = await listAll(mcp, 'resources/list', 'resources', itemIndex);
	return resources.map((json) => ({ json, pairedItem: { item: itemIndex } }));
}
