import type {
	ICredentialDataDecryptedObject,
	ICredentialTestRequest,
	ICredentialType,
	IHttpRequestOptions,
	INodeProperties,
	Icon,
} from 'n8n-workflow';

import { baseUrlProperty, REDIRECT_TEST_RULES, requestedAddress, withoutRedirects } from '../nodes/shared/credentialFields';
import { checkBaseUrl } from '../nodes/shared/transport/baseUrl';
import { MCP_REVISION_PROPERTY } from '../nodes/shared/transport/mcp/credentialFields';

export class SvcMcpApi implements ICredentialType {
	name = 'svcMcpApi';

	displayName = 'Svc MCP API';

	icon: Icon = { light: 'file:../icons/svc.svg', dark: 'file:../icons/svc.dark.svg' };

	documentationUrl = 'https://github.com/n8n-nodes-svc/n8n-nodes-svc#credentials';

	properties: INodeProperties[] = [
		baseUrlProperty('The node posts to {Base URL}/api/mcp.'),
		{
			displayName: 'User ID',
			name: 'userId',
			type: 'number',
			default: 0,
			required: true,
			description: "The account's numeric user ID, shown next to its API keys",
		},
		{
			displayName: 'API Token',
			name: 'apiToken',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			required: true,
			description: "A user access token of type API or ALL from the account's API key settings",
		},
		MCP_REVISION_PROPERTY,
	];

	async authenticate(
		credentials: ICredentialDataDecryptedObject,
		requestOptions: IHttpRequestOptions,
	): Promise<IHttpRequestOptions> {
		const target = checkBaseUrl(requestedAddress(requestOptions), 'Svc MCP API');
		if (target.problem !== undefined) throw new Error(target.problem);
		const headers = { ...(requestOptions.headers ?? {}) };
		const token = String(credentials.apiToken ?? '').trim();
		// Without a token only the public tools (documentation) work; an empty bearer would be refused as invalid.
		if (token) headers.Authorization = `Bearer ${String(credentials.userId ?? '').trim()}:${token}`;
		return withoutRedirects({ ...requestOptions, headers });
	}

	test: ICredentialTestRequest = {
		request: {
			baseURL: '={{$credentials.baseUrl.replace(/\\/+$/, "")}}',
			url: '/api/mcp',
			method: 'POST',
			headers: { 'Content-Type': 'application/json', Accept: 'application/json', 'MCP-Protocol-Version': '2025-06-18' },
			body: { jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} },
			json: true,
			disableFollowRedirect: true,
		},
		rules: REDIRECT_TEST_RULES,
	};
}
