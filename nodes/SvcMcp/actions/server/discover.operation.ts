import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import type { Access, OperationOption } from '../../../shared/description/operation';
import { OVER_MCP_ONLY } from '../../../shared/description/operation';
import { optionsCollection } from '../../../shared/description/common.descriptions';
import type { McpDeps } from '../node.type';

export const option: OperationOption = {
	name: 'Discover',
	action: 'Discover the server',
	description: 'Supported revisions, capabilities, server information and instructions (revision 2026-07-28 only)',
};
export const access: Access = 'read';
export const runsOver = OVER_MCP_ONLY;

export const description = updateDisplayOptions({ show: { resource: ['server'], operation: ['discover'] } }, [
	optionsCollection,
]);

/** What it gives, for the model reading its tool description. */
export const returns = "the server's revisions, capabilities, information and instructions";

/** Server → Discover (server/discover): the answer as it is, with the revision the session speaks. */
export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
	{ mcp }: McpDeps,
): Promise<INodeExecutionData[]> {
	const result = await mcp.request('server/discover', {}, itemIndex);
	return [{ json: { ...result, revision: mcp.revision ?? null }, pairedItem: { item: itemIndex } }];
}
