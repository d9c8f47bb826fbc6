import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import type { Access, OperationOption } from '../../../shared/description/operation';
import { OVER_MCP_ONLY } from '../../../shared/description/operation';
import { readText, refuseInput } from '../../../shared/execution/parameters';
import { optionsCollection } from '../../../shared/description/common.descriptions';
import { MCP_TOOLS } from '../../../shared/transport/mcp/toolCatalogue';
import type { McpDeps } from '../node.type';

export const option: OperationOption = {
	name: 'Get',
	action: 'Get a document',
	description: 'Get the complete text of one published document',
};
export const access: Access = 'read';
export const runsOver = OVER_MCP_ONLY;

const properties: INodeProperties[] = [
	{
		displayName: 'Document URI',
		name: 'uri',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. svc-docs://storage-api',
		description: 'The svc-docs:// URI of a published document, as Docs → Search or Resource → List give it',
	},
	optionsCollection,
];

export const description = updateDisplayOptions({ show: { resource: ['docs'], operation: ['get'] } }, properties);

/** What it gives, for the model reading its tool description. */
export const returns = "the document's complete text";

export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
	{ mcp }: McpDeps,
): Promise<INodeExecutionData[]> {
	const uri = readText(this, 'uri', itemIndex, 'Document URI', { required: true });
	if (!uri.startsWith('svc-docs://')) {
		refuseInput(
			this,
			itemIndex,
			`The parameter "Document URI" must start with svc-docs:// (got "${uri}")`,
			'Search the documentation for the URI of a document.',
		);
	}
	const outcome = await mcp.callTool(MCP_TOOLS.getDoc, { uri }, itemIndex);
	return [{ json: outcome.structured, pairedItem: { item: itemIndex } }];
}
