import type { INode } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import type { StatusTable } from '../errors';
import { serviceError, statusErrorFrom } from '../errors';
import type { ServiceResponse } from '../http';
import { redactText } from '../redact';
import { credentialLabel, OAUTH_TYPE } from './endpoint';
import { KNOWN_REVISIONS, MODERN_REVISION } from './protocol';
import type { JsonRpcError } from './schemas';

export const MCP_SERVICE = 'Svc MCP';

const CODE_KEY = 'mcpErrorCode';

/** Codes the client itself attaches (besides the service's tool error codes). */
export const CLIENT_CODES = {
	/** The tool is not offered by this deployment (writes or DVS switched off, or no such tool). */
	toolUnavailable: 'tool_unavailable',
	/** An OAuth token without a scope the call needs (403 insufficient_scope). */
	insufficientScope: 'insufficient_scope',
	/** A write whose outcome the service could not confirm (`status: "uncertain"`). */
	uncertain: 'uncertain',
} as const;

/** Marks an error with its MCP code, so `mcpErrorCode` can read it back. */
export function withMcpCode<T extends NodeApiError | NodeOperationError>(error: T, code: string | undefined): T {
	if (code) error.context[CODE_KEY] = code;
	return error;
}

/**
 * The MCP code of an error the client threw: a tool error code (`name_conflict`,
 * `permission_denied`, `quota_exceeded`, …, `not_found`, `invalid_argument`), or one of
 * CLIENT_CODES; undefined for other failures (HTTP, transport, JSON-RPC).
 */
export function mcpErrorCode(error: unknown): string | undefined {
	if (!(error instanceof NodeApiError) && !(error instanceof NodeOperationError)) return undefined;
	const code = (error.context as Record<string, unknown> | undefined)?.[CODE_KEY];
	return typeof code === 'string' ? code : undefined;
}

export interface ErrorContext {
	node: INode;
	/** "call the tool svc_create_folder", "list the tools", … */
	action: string;
	itemIndex?: number;
	secrets: readonly string[];
	oauth: boolean;
	/** Scopes the OAuth token was granted, when known. */
	grantedScopes?: string[];
}

/** What the service said in a JSON-RPC error body, if anything. */
export function rpcErrorOfBody(body: unknown): JsonRpcError | undefined {
	if (!body || typeof body !== 'object') return undefined;
	const error = (body as Record<string, unknown>).error;
	if (!error || typeof error !== 'object') return undefined;
	const { code, message, data } = error as Record<string, unknown>;
	if (typeof code !== 'number' || typeof message !== 'string') return undefined;
	return { code, message, data };
}

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
	const { node, action, itemIndex, secrets } = ctx;
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
				`To ${action} the token needs ${needed.join(' ')}. Open the ${credential} credential, tick ` +
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
	const { node, action, itemIndex, secrets } = ctx;
	const said = saidOf(body);
	const credential = credentialLabel(ctx.oauth ? OAUTH_TYPE : 'svcMcpApi');
	const needed = response.status === 403 ? insufficientScopes(response) : undefined;
	if (needed) return missingScopesError(needed, ctx, credential);
	const table: StatusTable = {
		400: () => ({
			message: `${MCP_SERVICE} refused the request to ${action} as invalid (400)${said}`,
			description:
				'Check the arguments given to the node. If this keeps happening, set the Protocol Revision ' +
				'in the credential explicitly.',
			cause: 'configuration-invalid',
		}),
		401: () => ({
			message: `${MCP_SERVICE} did not accept the credential (401) while trying to ${action}`,
			description: ctx.oauth
				? `The OAuth access token was refused and could not be renewed. Reconnect the ${credential} credential.`
				: `Check the User ID and the API Token in the ${credential} credential. The token must be of ` +
					`type API or ALL (the account's API key settings); web and other tokens are refused.`,
			cause: 'credential-invalid',
		}),
		403: () => ({
			message: `${MCP_SERVICE} refused access while trying to ${action} (403)${said}`,
			description:
				'The account may not do this. Its e-mail address must be confirmed, and the account needs ' +
				'the rights the action requires.',
			cause: 'credential-invalid',
		}),
		404: () => ({
			message: `No MCP endpoint answered at the credential's endpoint (404) while trying to ${action}`,
			description:
				`The node posts to the credential's MCP Endpoint URL, or {Base URL}/api/mcp when that is ` +
				`empty. Check both in the ${credential} credential.`,
			cause: 'configuration-invalid',
		}),
		405: () => ({
			message: `${MCP_SERVICE} refused the HTTP method (405) while trying to ${action}`,
			description:
				`The endpoint takes JSON-RPC over POST only. A proxy in front of it may have changed the ` +
				`request; check the ${credential} credential's MCP Endpoint URL and Base URL.`,
			cause: 'configuration-invalid',
		}),
		413: () => ({
			message: `The request to ${action} is too large for ${MCP_SERVICE} (413)${said}`,
			description:
				'Requests may be up to 1 MB, upload tools up to 16 MiB (10 MiB of decoded content). Send ' +
				'a smaller file, or import it from a public HTTPS URL instead.',
			cause: 'configuration-invalid',
		}),
		server: (status) => ({
			message: `${MCP_SERVICE} failed while trying to ${action} (${status})${said}`,
			description:
				'A problem on the service side. A write may still have been carried out: the node checks ' +
				'the destination before any retry; run again later.',
			cause: 'temporarily-unavailable',
			uncertain: true,
		}),
		other: (status) => ({ message: `${MCP_SERVICE} answered ${status} while trying to ${action}${said}` }),
	};
	return statusErrorFrom(node, table, response.status, itemIndex, secrets);
}

/** The modern revision refused, or a pinned revision the server does not know. */
export function revisionRefusedError(revision: string, supported: unknown, ctx: ErrorContext): NodeApiError {
	const list = Array.isArray(supported) ? supported.map(String).join(', ') : undefined;
	return serviceError(
		ctx.node,
		{
			httpCode: '400',
			itemIndex: ctx.itemIndex,
			message: `${MCP_SERVICE} does not support protocol revision ${revision}${list ? ` (it supports ${list})` : ''}`,
			description:
				"Set the credential's Protocol Revision to Auto, or to a revision the service lists. Auto " +
				'tries the modern revision and falls back to initialize.',
			cause: 'configuration-invalid',
		},
		ctx.secrets,
	);
}

/** An initialize answer naming a revision this client does not speak. */
export function unknownRevisionAnswerError(answered: string, ctx: ErrorContext): NodeApiError {
	return serviceError(
		ctx.node,
		{
			itemIndex: ctx.itemIndex,
			message: `${MCP_SERVICE} answered initialize with protocol revision ${answered}, which this node does not speak`,
			description:
				`The node speaks ${KNOWN_REVISIONS.join(', ')}. Update the node, or pin one of these in the ` +
				`credential if the service supports it.`,
			cause: 'configuration-invalid',
		},
		ctx.secrets,
	);
}

/** JSON-RPC errors answered with HTTP 200 (unknown method, bad params, resource not found…). */
export function rpcError(error: JsonRpcError, ctx: ErrorContext): NodeApiError {
	const detail = redactText(error.message, ctx.secrets);
	const descriptions: Record<number, string> = {
		[-32601]:
			'The endpoint does not offer this method' +
			(/discover/.test(ctx.action) ? `: server/discover exists only in revision ${MODERN_REVISION}.` : '.'),
		[-32602]:
			"Check the arguments: names, types and required fields come from the tool's input schema (Tool → List shows it).",
		[-32002]:
			'Only published documents and files or folders the account can see are readable. Search the ' +
			'documentation or list the resources for valid URIs.',
	};
	return serviceError(
		ctx.node,
		{
			itemIndex: ctx.itemIndex,
			message: `${MCP_SERVICE} could not ${ctx.action}: ${detail} (JSON-RPC ${error.code})`,
			description: descriptions[error.code],
			cause: error.code === -32603 ? 'temporarily-unavailable' : 'configuration-invalid',
		},
		ctx.secrets,
	);
}

/** A request larger than the MCP endpoint lets one be: refused before it is sent. */
export function requestTooLargeError(size: number, limit: number, ctx: ErrorContext): NodeOperationError {
	const mb = (bytes: number) => `${(bytes / 1048576).toFixed(2)} MiB`;
	return new NodeOperationError(
		ctx.node,
		`The request to ${ctx.action} would be ${mb(size)}, more than the ${mb(limit)} the MCP endpoint takes`,
		{
			itemIndex: ctx.itemIndex,
			description:
				'Nothing was sent. Requests to the MCP endpoint may be up to 1 MiB, upload tools up to 16 ' +
				'MiB (10 MiB of decoded content). Send less at once, or use the REST credential for large ' +
				'content.',
		},
	);
}

/**
 * A server that forgot the session (404) after a write was sent: the new session is in place, the write's
 * outcome is not known.
 */
const SESSION_LOST = new WeakSet<object>();

/** Whether an error is the server having forgotten the session before it answered (sessionLostError). */
export function isSessionLost(error: unknown): boolean {
	return typeof error === 'object' && error !== null && SESSION_LOST.has(error);
}

export function sessionLostError(ctx: ErrorContext): NodeApiError {
	const error = serviceError(
		ctx.node,
		{
			httpCode: '404',
			itemIndex: ctx.itemIndex,
			message: `The MCP server no longer knew the session while trying to ${ctx.action}`,
			description:
				'The server was restarted or ended the session. A new session was started; check the destination ' +
				'before running again, so nothing is written twice.',
			cause: 'temporarily-unavailable',
			uncertain: true,
		},
		ctx.secrets,
	);
	SESSION_LOST.add(error);
	return error;
}

/** A modern result asking the client for input (sampling, roots, elicitation) a workflow node cannot give. */
export function inputRequiredError(result: Record<string, unknown>, ctx: ErrorContext): NodeApiError {
	const requests =
		result.inputRequests && typeof result.inputRequests === 'object'
			? Object.values(result.inputRequests as Record<string, unknown>)
			: [];
	const asked = requests
		.map((request) => {
			const { method, params } = (request ?? {}) as { method?: unknown; params?: { message?: unknown } };
			const message =
				typeof params?.message === 'string' ? `: "${redactText(params.message, ctx.secrets).slice(0, 200)}"` : '';
			return `${typeof method === 'string' ? method : 'input'}${message}`;
		})
		.join('; ');
	return serviceError(
		ctx.node,
		{
			itemIndex: ctx.itemIndex,
			message: `The MCP server asked for input while trying to ${ctx.action}${asked ? ` (${asked})` : ''}`,
			description:
				'A workflow node cannot answer questions from the server (elicitation, sampling or roots). ' +
				'Give the tool every argument it needs up front, or use a client that can ask a person.',
			cause: 'configuration-invalid',
		},
		ctx.secrets,
	);
}

/** An answer that is not what the protocol promises (not JSON-RPC, wrong shape). */
export function unexpectedAnswerError(what: string, ctx: ErrorContext, uncertain = false): NodeApiError {
	return serviceError(
		ctx.node,
		{
			itemIndex: ctx.itemIndex,
			message: `${MCP_SERVICE} sent an unexpected answer while trying to ${ctx.action}: ${what}`,
			description:
				"Check that the credential's MCP Endpoint URL (or Base URL) points at the MCP endpoint itself, " +
				`not a web page or proxy. ${
					uncertain ? 'A write may still have been carried out: check the destination before running again.' : ''
				}`.trim(),
			uncertain,
		},
		ctx.secrets,
	);
}
