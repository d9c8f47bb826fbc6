import type { INode, NodeApiError } from 'n8n-workflow';

import { serviceError } from './errors';
import { RateLimited, Redirected, TransportFailure } from './http';

/*
 * The failures every API shares, as the errors a user sees: no HTTP answer (a timeout, a lost connection, an
 * unreachable host), a redirect (never followed) and 429s past the policy. Each API's statuses are its own table
 * (storageApi.ts, dvsApi.ts, mcp/statusErrors.ts).
 */

/** The scheme and host of a URL, for messages (never its path or query, which may carry secrets). */
export function hostOf(url: string | undefined): string {
	if (!url) return 'an unnamed address';
	try {
		const parsed = new URL(url);
		return `${parsed.protocol}//${parsed.host}`;
	} catch {
		return 'an unreadable address';
	}
}

/** What a request that produced no HTTP answer says, by how it failed. */
function failureText(
	error: TransportFailure,
	context: { service: string; purpose: string; baseUrl: string; timeoutMs?: number },
): { message: string; description: string } {
	const { service, purpose } = context;
	const host = hostOf(context.baseUrl).replace(/^[a-z]+:\/\//, '');
	// The network error code goes in the description: n8n replaces a message that contains a
	// code such as ECONNRESET with its own generic text, which would lose what we were doing.
	const texts: Record<TransportFailure['kind'], { message: string; description: string }> = {
		timeout: {
			message:
				`${service} did not answer in time while trying to ${purpose}` +
				(context.timeoutMs ? ` (timeout ${context.timeoutMs} ms)` : ''),
			description:
				'The service may still have carried out the request. Raise the Timeout option if the service ' +
				'is slow, then run again.',
		},
		'connection-lost': {
			message: `The connection to ${service} was lost while trying to ${purpose}`,
			description:
				`The service may still have carried out the request. Check the network between n8n and the ` +
				`service, then run again. (Network error ${error.code})`,
		},
		unreachable: {
			message: `Could not reach ${service} at ${host} to ${purpose}`,
			description: `Check the credential's Base URL and that n8n can reach that host. (Network error ${error.code})`,
		},
		canceled: { message: `The request to ${purpose} was canceled`, description: 'The execution was stopped.' },
	};
	return texts[error.kind];
}

type TransportContext = { service: string; purpose: string; baseUrl: string; timeoutMs?: number; itemIndex?: number };

/** 429s past the policy: the service still refused after the retries, or asked for too long a wait. */
function rateLimitedError(
	node: INode,
	error: RateLimited,
	{ service, purpose, itemIndex }: TransportContext,
	secrets: readonly string[],
): NodeApiError {
	const capped =
		error.retryAfterSeconds !== undefined &&
		error.longestWaitSeconds !== undefined &&
		error.retryAfterSeconds > error.longestWaitSeconds;
	const cap = capped
		? `; the node waits at most ${error.longestWaitSeconds} s (the Longest Rate Limit Wait option)`
		: '';
	const after = error.retryAfterSeconds === undefined ? '' : ` It asked to wait ${error.retryAfterSeconds} s${cap}.`;
	return serviceError(
		node,
		{
			message:
				`${service} is rate-limiting requests (429) and still refused to ${purpose} after ${error.attempts} ` + `tries`,
			description:
				`The node waited as the service asked and retried.${after} Run the workflow again later, ` +
				`or slow it down (smaller batches, or a Wait node between items).`,
			httpCode: '429',
			itemIndex,
			cause: 'rate-limited',
			retryAfterSeconds: error.retryAfterSeconds,
		},
		secrets,
	);
}

/** A redirect, never followed: nothing went to the other host. */
function redirectedError(
	node: INode,
	error: Redirected,
	{ service, purpose, itemIndex }: TransportContext,
	secrets: readonly string[],
): NodeApiError {
	const from = hostOf(error.requestedUrl);
	const relative = error.location !== undefined && !/^[a-z][a-z0-9+.-]*:/i.test(error.location);
	const to = relative ? `${from} (another path)` : hostOf(error.location);
	return serviceError(
		node,
		{
			message: `${service} at ${from} answered with a redirect (${error.status}) to ${to} while trying to ${purpose}`,
			description:
				`The node follows no redirect, so nothing was sent to ${to}: credentials go to the Base URL's ` +
				`host only. Check the credential's Base URL (the exact scheme, host and path the service ` +
				`answers at).`,
			httpCode: String(error.status),
			itemIndex,
			cause: 'configuration-invalid',
			uncertain: true,
		},
		secrets,
	);
}

/** Errors for the failures every API shares: no HTTP answer, a redirect, or 429s past the policy. */
export function transportError(
	node: INode,
	error: unknown,
	context: TransportContext,
	secrets: readonly string[],
): NodeApiError | undefined {
	if (error instanceof RateLimited) return rateLimitedError(node, error, context, secrets);
	if (error instanceof Redirected) return redirectedError(node, error, context, secrets);
	const { itemIndex } = context;
	if (!(error instanceof TransportFailure)) return undefined;
	const { message, description } = failureText(error, context);
	return serviceError(
		node,
		{
			message,
			description,
			itemIndex,
			cause: error.kind === 'unreachable' ? 'configuration-invalid' : 'temporarily-unavailable',
			uncertain: error.uncertain,
			mayStillLand: error.kind === 'timeout',
		},
		secrets,
	);
}
