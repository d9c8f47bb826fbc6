import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { readText, refuseInput } from '../../../shared/parameters';
import { callOptions, optionsCollection } from '../common.descriptions';
import type { McpDeps } from '../node.type';

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
	optionsCollection(),
];

export const description = updateDisplayOptions({ show: { resource: ['docs'], operation: ['get'] } }, properties);

export async function execute(this: IExecuteFunctions, itemIndex: number, { client }: McpDeps): Promise<INodeExecutionData[]> {
	const uri = readText(this, 'uri', itemIndex, 'Document URI', { required: true });
	if (!uri.startsWith('svc-docs://')) {
		refuseInput(this, itemIndex, `The parameter "Document URI" must start with svc-docs:// (got "${uri}")`, 'Search the documentation for the URI of a document.');
	}
	const outcome = await client.callTool('get_doc', { uri }, callOptions(this, itemIndex));
	return [{ json: outcome.structured, pairedItem: { item: itemIndex } }];
}
