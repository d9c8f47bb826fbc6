import type { ICredentialDataDecryptedObject, ICredentialsDecrypted, IDataObject, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { checkBaseUrl } from '../baseUrl';
import type { ServiceContext } from '../http';
import { secretsOf } from '../redact';
import { AUTO_REVISION, KNOWN_REVISIONS, MCP_PATH } from './protocol';
import { runningNodeOf } from '../runningNode';

export type McpCredentialType = 'svcMcpApi' | 'svcMcpOAuth2Api';

export const OAUTH_TYPE: McpCredentialType = 'svcMcpOAuth2Api';

/** The credential field that names the endpoint when it is not `{Base URL}/api/mcp`. */
export const MCP_ENDPOINT_PROPERTY: INodeProperties = {
	displayName: 'MCP Endpoint URL',
	name: 'endpointUrl',
	type: 'string',
	default: '',
	placeholder: 'https://your-svc-host.example/api/mcp',
	description:
		'Full address of the MCP endpoint, path and query string included, when it is not {Base URL}/api/mcp ' +
		'(a hosted connector, a gateway). Must start with https:// (http:// only for localhost).',
};

/** The endpoint a credential names, as an expression for credential tests and OAuth fields. */
export const ENDPOINT_EXPRESSION =
	'($credentials.endpointUrl || "").trim() || ($credentials.baseUrl || "").trim().replace(/\\/+$/, "") + "/api/mcp"';

/** Everything one execution needs to know about the endpoint, read once from the credential. */
export interface McpEndpoint {
	/** The full endpoint URL, path and query string kept. */
	url: string;
	secrets: string[];
	/** undefined = Auto. */
	pinned?: string;
	grantedScopes?: string[];
	/**
	 * The API-key credential as this client read it, which n8n signs every request with instead of decrypting it
	 * again (http.ts `ServiceCall.credentials`); none for OAuth2, whose token n8n reads and renews itself.
	 */
	signing?: ICredentialsDecrypted;
}

export function grantedScopesOf(credentials: ICredentialDataDecryptedObject): string[] | undefined {
	const tokens = credentials.oauthTokenData as IDataObject | undefined;
	const scope = tokens && typeof tokens.scope === 'string' ? tokens.scope : undefined;
	return scope ? scope.split(/\s+/).filter(Boolean) : undefined;
}

export function credentialLabel(type: McpCredentialType): string {
	return type === OAUTH_TYPE ? 'Svc MCP-Endpoint Sign-In OAuth2 API' : 'Svc MCP-Endpoint API';
}

/** The endpoint URL of a credential: its own field, else `{Base URL}/api/mcp`; or why it cannot be used. */
export function endpointUrlOf(
	credentials: ICredentialDataDecryptedObject,
	label: string,
): { url: string; problem?: undefined } | { url?: undefined; problem: string } {
	const own = typeof credentials.endpointUrl === 'string' ? credentials.endpointUrl.trim() : '';
	if (own) {
		const checked = checkBaseUrl(own, label, { field: 'MCP Endpoint URL', keepQuery: true });
		return checked.problem !== undefined ? { problem: checked.problem } : { url: checked.url };
	}
	const base = checkBaseUrl(credentials.baseUrl, label);
	return base.problem !== undefined ? { problem: base.problem } : { url: `${base.url}${MCP_PATH}` };
}

/**
 * Why the API key credential's User ID cannot go into `Authorization: Bearer <user_id>:<api_token>`
 * (the MCP endpoint's Authentication section), or undefined. Without a token only public tools run.
 */
export function userIdProblem(credentials: ICredentialDataDecryptedObject): string | undefined {
	const token = String(credentials.apiToken ?? '').trim();
	if (!token || /^\d+$/.test(String(credentials.userId ?? '').trim())) return undefined;
	return (
		"The Svc MCP-Endpoint API credential's User ID must be the account's numeric user ID, shown " +
		"next to its API keys in the account's API key settings (not the login)"
	);
}

export async function readEndpoint(
	ctx: ServiceContext,
	type: McpCredentialType,
	itemIndex?: number,
): Promise<McpEndpoint> {
	const credentials = await ctx.getCredentials(type, itemIndex);
	const label = credentialLabel(type);
	const endpoint = endpointUrlOf(credentials, label);
	if (endpoint.problem !== undefined) throw new NodeOperationError(ctx.getNode(), endpoint.problem, { itemIndex });
	const userId = type === OAUTH_TYPE ? undefined : userIdProblem(credentials);
	if (userId !== undefined)
		throw new NodeOperationError(ctx.getNode(), userId, {
			itemIndex,
			description: 'Open the credential and enter the number shown as the user ID next to the API keys.',
		});
	if (type === OAUTH_TYPE) {
		const tokens = credentials.oauthTokenData as IDataObject | undefined;
		if (!tokens || typeof tokens.access_token !== 'string' || !tokens.access_token) {
			throw new NodeOperationError(
				ctx.getNode(),
				'The Svc MCP-Endpoint Sign-In OAuth2 API credential is not connected',
				{
					itemIndex,
					description: 'Open the credential and click "Connect my account" to sign in to Svc and approve the scopes.',
				},
			);
		}
	}
	const raw = typeof credentials.protocolVersion === 'string' ? credentials.protocolVersion.trim() : '';
	const pinned = raw && raw !== AUTO_REVISION ? raw : undefined;
	if (pinned && !KNOWN_REVISIONS.includes(pinned)) {
		throw new NodeOperationError(
			ctx.getNode(),
			`The credential's Protocol Revision "${pinned}" is not one this node speaks`,
			{
				itemIndex,
				description: `Choose Auto or one of ${KNOWN_REVISIONS.join(', ')}.`,
			},
		);
	}
	const { id, name } = runningNodeOf(ctx).credentials?.[type] ?? {};
	const signing = type === OAUTH_TYPE ? undefined : { id: id ?? '', name: name ?? '', type, data: credentials };
	return {
		url: endpoint.url,
		secrets: secretsOf(credentials),
		pinned,
		grantedScopes: grantedScopesOf(credentials),
		signing,
	};
}
