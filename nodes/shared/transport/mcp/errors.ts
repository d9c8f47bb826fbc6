import type { INode } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { serviceError } from '../errors';
import { redactText } from '../redact';
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
	/** What the request did: "call the tool …", "list the tools". */
	purpose: string;
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
			(/discover/.test(ctx.purpose) ? `: server/discover exists only in revision ${MODERN_REVISION}.` : '.'),
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
			message: `${MCP_SERVICE} could not ${ctx.purpose}: ${detail} (JSON-RPC ${error.code})`,
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
		`The request to ${ctx.purpose} would be ${mb(size)}, more than the ${mb(limit)} the MCP endpoint takes`,
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
			message: `The MCP server no longer knew the session while trying to ${ctx.purpose}`,
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
			message: `The MCP server asked for input while trying to ${ctx.purpose}${asked ? ` (${asked})` : ''}`,
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
			message: `${MCP_SERVICE} sent an unexpected answer while trying to ${ctx.purpose}: ${what}`,
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
