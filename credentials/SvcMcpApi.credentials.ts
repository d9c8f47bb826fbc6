import type {
	ICredentialDataDecryptedObject,
	ICredentialTestRequest,
	ICredentialType,
	IHttpRequestOptions,
	INodeProperties,
	Icon,
} from 'n8n-workflow';

import {
	baseUrlProperty,
	foreignRequestProblem,
	REDIRECT_TEST_RULES,
	withoutRedirects,
} from './common/credentialFields';
import { MCP_REVISION_PROPERTY } from '../nodes/shared/transport/mcp/credentialFields';
import { ENDPOINT_EXPRESSION, MCP_ENDPOINT_PROPERTY, userIdProblem } from '../nodes/shared/transport/mcp/endpoint';
import { MCP_TEST_RULES, MCP_TEST_REQUEST } from '../nodes/shared/transport/mcp/initializeCheck';

export class SvcMcpApi implements ICredentialType {
	name = 'svcMcpApi';

	displayName = 'Svc MCP-Endpoint API';

	icon: Icon = { light: 'file:../icons/svc-mcp.svg', dark: 'file:../icons/svc-mcp.dark.svg' };

	documentationUrl = 'https://github.com/n8n-nodes-svc/n8n-nodes-svc/blob/main/docs/credentials.md';

	properties: INodeProperties[] = [
		baseUrlProperty('The node posts to {Base URL}/api/mcp unless MCP Endpoint URL names another address.'),
		MCP_ENDPOINT_PROPERTY,
		{
			displayName: 'User ID',
			name: 'userId',
			type: 'string',
			default: '',
			placeholder: 'e.g. 10234',
			required: true,
			description:
				"The account's numeric user ID (not its login): in Svc, open the account's API key settings; " +
				'the ID is shown next to the keys. The MCP endpoint takes it with the token as Bearer <user ' +
				'ID>:<API token>.',
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
		const problem = foreignRequestProblem(
			requestOptions,
			[credentials.baseUrl, credentials.endpointUrl],
			'Svc MCP-Endpoint API',
		);
		if (problem !== undefined) throw new Error(problem);
		const headers = { ...(requestOptions.headers ?? {}) };
		const token = String(credentials.apiToken ?? '').trim();
		const userId = String(credentials.userId ?? '').trim();
		const badUserId = userIdProblem(credentials);
		if (badUserId !== undefined) throw new Error(badUserId);
		// Without a token only the public tools (documentation) work; an empty bearer would be refused as invalid.
		if (token) headers.Authorization = `Bearer ${userId}:${token}`;
		return withoutRedirects({ ...requestOptions, headers });
	}

	test: ICredentialTestRequest = {
		request: {
			...MCP_TEST_REQUEST,
			url: `={{${ENDPOINT_EXPRESSION}}}`,
			// Sent even when the token is empty, so that the test checks the token: the endpoint takes
			// requests without one (its public tools), but refuses a token that is wrong.
			headers: {
				...MCP_TEST_REQUEST.headers,
				Authorization:
					'=Bearer {{String($credentials.userId ?? "").trim()}}:{{String($credentials.apiToken ?? "").trim()}}',
			},
		},
		rules: [...MCP_TEST_RULES, ...REDIRECT_TEST_RULES],
	};
}
