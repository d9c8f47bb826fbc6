import type { NodeApiError } from 'n8n-workflow';

import type { StatusTable } from '../errors';
import { serviceError, statusErrorFrom } from '../errors';
import type { ServiceResponse } from '../http';
import { credentialLabel, OAUTH_TYPE } from './endpoint';
import type { ErrorContext } from './errors';
import { CLIENT_CODES, MCP_SERVICE, rpcErrorOfBody, withMcpCode } from './errors';

/** The MCP endpoint's HTTP statuses other than 2xx, a missing OAuth scope among them. */

function shortText(body: unknown): string | undefined {
	if (typeof body === 'string' && body.trim()) return body.trim().slice(0, 300);
	return undefined;
}

function saidOf(body: unknown): string {
	const said = rpcErrorOfBody(body)?.message ?? shortText(body);
	return said ? `: ${said}` : '';
}

/** `Bearer error="insufficient_scope", scope="files:read files:write"` → the scopes, or undefined. */
export function insufficientScopes(response: ServiceResponse): string[] | undefined {
	const header = response.headers['www-authenticate'];
	if (!header || !/error="?insufficient_scope"?/i.test(header)) return undefined;
	const scope = /scope="([^"]*)"/i.exec(header)?.[1] ?? '';
	return scope.split(/\s+/).filter(Boolean);
}

function scopeList(scopes: string[]): string {
	if (scopes.length <= 1) return scopes.join('');
	return `${scopes.slice(0, -1).join(', ')} and ${scopes[scopes.length - 1]}`;
}

/** A 403 that names the OAuth scopes the call needs: which are missing, and how to get them. */
function missingScopesError(needed: string[], ctx: ErrorContext, credential: string): NodeApiError {
	const { node, purpose, itemIndex, secrets } = ctx;
	const granted = ctx.grantedScopes;
	const missing = granted
		? needed.filter((scope) => !granted.includes(scope))
		: needed.filter((scope) => scope !== 'files:read');
	const shown = missing.length ? missing : needed;
	const error = serviceError(
		node,
		{
			httpCode: '403',
			itemIndex,
			message:
				`The OAuth token lacks the ${scopeList(shown)} scope${shown.length > 1 ? 's' : ''}: reconnect ` +
				`the credential with ${shown.length > 1 ? 'them' : 'it'}`,
			description:
				`To ${purpose} the token needs ${needed.join(' ')}. Open the ${credential} credential, tick ` +
				`${scopeList(shown)} under Scopes and reconnect: existing grants are not upgraded, and renewing ` +
				`a token cannot add scopes.`,
			cause: 'credential-invalid',
		},
		secrets,
	);
	return withMcpCode(error, CLIENT_CODES.insufficientScope);
}

/** An HTTP answer other than 2xx, in words a user can act on. */
export function httpStatusError(response: ServiceResponse, body: unknown, ctx: ErrorContext): NodeApiError {
	const credential = credentialLabel(ctx.oauth ? OAUTH_TYPE : 'svcMcpApi');
	const needed = response.status === 403 ? insufficientScopes(response) : undefined;
	if (needed) return missingScopesError(needed, ctx, credential);
	return statusTableError(response, saidOf(body), ctx, credential);
}

const INVALID =
	'Check the arguments given to the node. If this keeps happening, set the Protocol Revision ' +
	'in the credential explicitly.';
const TOO_LARGE =
	'Requests may be up to 1 MB, upload tools up to 16 MiB (10 MiB of decoded content). Send ' +
	'a smaller file, or import it from a public HTTPS URL instead.';
const SERVICE_FAILED =
	'A problem on the service side: a read can be run again later. A write may still have been carried out: the ' +
	'node reads the destination back to settle it, and says what to check where it cannot (a tool it cannot map is ' +
	'never sent again by itself).';

/** What each status means at the MCP endpoint. */
function statusTableError(
	response: ServiceResponse,
	said: string,
	ctx: ErrorContext,
	credential: string,
): NodeApiError {
	const { node, purpose, itemIndex, secrets } = ctx;
	const table: StatusTable = {
		400: () => ({
			message: `${MCP_SERVICE} refused the request to ${purpose} as invalid (400)${said}`,
			description: INVALID,
			cause: 'configuration-invalid',
		}),
		401: () => ({
			message: `${MCP_SERVICE} did not accept the credential (401) while trying to ${purpose}`,
			description: ctx.oauth
				? `The OAuth access token was refused and could not be renewed. Reconnect the ${credential} credential.`
				: `Check the User ID and the API Token in the ${credential} credential. The token must be of ` +
					`type API or ALL (the account's API key settings); web and other tokens are refused.`,
			cause: 'credential-invalid',
		}),
		403: () => ({
			message: `${MCP_SERVICE} refused access while trying to ${purpose} (403)${said}`,
			description:
				'The account may not do this. Its e-mail address must be confirmed, and the account needs ' +
				'the rights the action requires.',
			cause: 'credential-invalid',
		}),
		404: () => ({
			message: `No MCP endpoint answered at the credential's endpoint (404) while trying to ${purpose}`,
			description:
				`The node posts to the credential's MCP Endpoint URL, or {Base URL}/api/mcp when that is ` +
				`empty. Check both in the ${credential} credential.`,
			cause: 'configuration-invalid',
		}),
		405: () => ({
			message: `${MCP_SERVICE} refused the HTTP method (405) while trying to ${purpose}`,
			description:
				`The endpoint takes JSON-RPC over POST only. A proxy in front of it may have changed the ` +
				`request; check the ${credential} credential's MCP Endpoint URL and Base URL.`,
			cause: 'configuration-invalid',
		}),
		413: () => ({
			message: `The request to ${purpose} is too large for ${MCP_SERVICE} (413)${said}`,
			description: TOO_LARGE,
			cause: 'configuration-invalid',
		}),
		server: (status) => ({
			message: `${MCP_SERVICE} failed while trying to ${purpose} (${status})${said}`,
			description: SERVICE_FAILED,
			cause: 'temporarily-unavailable',
			uncertain: true,
		}),
		other: (status) => ({ message: `${MCP_SERVICE} answered ${status} while trying to ${purpose}${said}` }),
	};
	return statusErrorFrom(node, table, response.status, itemIndex, secrets);
}
