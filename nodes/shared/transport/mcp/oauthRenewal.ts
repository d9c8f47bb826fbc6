import type { IDataObject } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { ServiceContext } from '../http';
import { secretsOf } from '../redact';
import type { McpCredentialType, McpEndpoint } from './endpoint';
import { grantedScopesOf } from './endpoint';
import { withMcpCode } from './errors';

/**
 * n8n renews an OAuth token only when its request helper sees a 401 thrown, and our requests
 * take every status as an answer. So after a 401 a cheap read is sent the throwing way: n8n
 * refreshes the token (saving it to the credential) and repeats it. The endpoint with the new token's secrets
 * and scopes, or undefined when no new token is in place.
 */
export async function renewOAuthToken(
	ctx: ServiceContext,
	credentialType: McpCredentialType,
	endpoint: McpEndpoint,
	{ headers, body }: { headers: IDataObject; body: string },
	options: { itemIndex?: number; timeoutMs: number },
): Promise<McpEndpoint | undefined> {
	const before = await ctx.getCredentials(credentialType, options.itemIndex);
	const oldToken = (before.oauthTokenData as IDataObject | undefined)?.access_token;
	try {
		await ctx.helpers.httpRequestWithAuthentication.call(ctx, credentialType, {
			method: 'POST',
			url: endpoint.url,
			headers,
			body,
			json: false,
			disableFollowRedirect: true,
			timeout: options.timeoutMs,
		});
	} catch (error) {
		const inner = (error as { cause?: unknown }).cause ?? error;
		if (inner instanceof NodeOperationError && /reconnect/i.test(inner.message)) {
			throw withMcpCode(
				new NodeOperationError(
					ctx.getNode(),
					'The Svc MCP-Endpoint Sign-In OAuth2 API credential needs to be reconnected',
					{
						itemIndex: options.itemIndex,
						description:
							'The access token expired and renewing it failed: the grant was revoked or its refresh token ' +
							'expired (unused for 90 days). Open the credential and reconnect it.',
					},
				),
				undefined,
			);
		}
	}
	const after = await ctx.getCredentials(credentialType, options.itemIndex);
	const newToken = (after.oauthTokenData as IDataObject | undefined)?.access_token;
	if (!newToken || newToken === oldToken) return undefined;
	return {
		...endpoint,
		secrets: [...new Set([...endpoint.secrets, ...secretsOf(after)])].sort((a, b) => b.length - a.length),
		grantedScopes: grantedScopesOf(after) ?? endpoint.grantedScopes,
	};
}
