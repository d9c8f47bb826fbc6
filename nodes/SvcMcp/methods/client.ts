import type { IExecuteFunctions, ILoadOptionsFunctions } from 'n8n-workflow';

import type { McpCredentialType } from '../../shared/transport/mcp';

/** The credential type the node's Authentication parameter picks. */
export function credentialTypeOf(ctx: IExecuteFunctions | ILoadOptionsFunctions): McpCredentialType {
	const authentication =
		'getInputData' in ctx
			? (ctx as IExecuteFunctions).getNodeParameter('authentication', 0, 'apiToken')
			: (ctx as ILoadOptionsFunctions).getNodeParameter('authentication', 'apiToken');
	return authentication === 'oAuth2' ? 'svcMcpOAuth2Api' : 'svcMcpApi';
}
