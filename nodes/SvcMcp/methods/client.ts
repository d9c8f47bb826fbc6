import type { IExecuteFunctions, ILoadOptionsFunctions } from 'n8n-workflow';

import { closingAfter } from '../../shared/services/serviceFor';
import type { McpCredentialType, McpToolDescriptor } from '../../shared/transport/mcp';
import { McpClient } from '../../shared/transport/mcp';

/** The credential type the node's Authentication parameter picks. */
export function credentialTypeOf(ctx: IExecuteFunctions | ILoadOptionsFunctions): McpCredentialType {
	const authentication =
		'getInputData' in ctx
			? (ctx as IExecuteFunctions).getNodeParameter('authentication', 0, 'apiToken')
			: (ctx as ILoadOptionsFunctions).getNodeParameter('authentication', 'apiToken');
	return authentication === 'oAuth2' ? 'svcMcpOAuth2Api' : 'svcMcpApi';
}

/** The endpoint's tools, for the editor's lookups (the session, if any, is ended afterwards). */
export async function listEndpointTools(ctx: ILoadOptionsFunctions): Promise<McpToolDescriptor[]> {
	return await closingAfter(new McpClient(ctx, credentialTypeOf(ctx)), async (client) => await client.listTools());
}
