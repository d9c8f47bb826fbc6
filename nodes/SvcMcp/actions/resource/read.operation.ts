import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import type { Access, OperationOption } from '../../../shared/description/operation';
import { OVER_MCP_ONLY } from '../../../shared/description/operation';
import { readText, refuseInput } from '../../../shared/execution/parameters';
import { readResourceResultSchema } from '../../../shared/transport/mcp/schemas';
import { optionsCollection, withOptions } from '../../../shared/description/common.descriptions';
import { binaryFieldOption, readBinaryField } from '../common.descriptions';
import type { McpDeps } from '../node.type';
import { resourceContentItem } from '../output';

export const option: OperationOption = {
	name: 'Read',
	action: 'Read a resource',
	description: 'Read a resource by its URI',
};
export const access: Access = 'read';
export const runsOver = OVER_MCP_ONLY;

const properties: INodeProperties[] = [
	{
		displayName: 'URI',
		name: 'uri',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. svc-docs://storage-api',
		description:
			'The resource URI: svc-docs://&lt;document&gt; for published documentation (Resource → List ' +
			'names them), svc-file://&lt;file hash&gt; or svc-folder://&lt;folder hash&gt; for private ' +
			'content',
	},
	withOptions(optionsCollection, [binaryFieldOption]),
];

export const description = updateDisplayOptions({ show: { resource: ['resource'], operation: ['read'] } }, properties);

/** What it gives, for the model reading its tool description. */
export const returns = "the resource's text or bytes";

export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
	{ mcp }: McpDeps,
): Promise<INodeExecutionData[]> {
	const uri = readText(this, 'uri', itemIndex, 'URI', { required: true });
	if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(uri)) {
		refuseInput(
			this,
			itemIndex,
			`The parameter "URI" is not a resource URI: "${uri}"`,
			'Use a URI such as svc-docs://storage-api or svc-file://<file hash>.',
		);
	}
	const result = await mcp.request('resources/read', { uri }, itemIndex);
	const parsed = readResourceResultSchema.safeParse(result);
	const contents = parsed.success ? parsed.data.contents : [];
	const binaryField = readBinaryField(this, itemIndex);
	const items: INodeExecutionData[] = [];
	for (const content of contents) items.push(await resourceContentItem(this, content, itemIndex, binaryField));
	return items;
}
