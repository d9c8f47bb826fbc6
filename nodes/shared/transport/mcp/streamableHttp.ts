import type { IDataObject } from 'n8n-workflow';
import { NodeOperationError, sleep } from 'n8n-workflow';

import { transportError } from '../failures';
import type { ServiceContext, ServiceResponse } from '../http';
import { retryAfterHeaderSeconds, sendServiceCall, TransportFailure } from '../http';
import { bufferedBody, watchIdle } from '../streams';
import type { McpCredentialType, McpEndpoint } from './endpoint';
import { OAUTH_TYPE } from './endpoint';
import { MCP_SERVICE, rpcErrorOfBody } from './errors';
import { renewOAuthToken } from './oauthRenewal';
import type { StreamState } from './serverSentEvents';
import { answerFromEvents, isStream } from './serverSentEvents';

/** How one message goes out: what it is for, and whether it may be sent again after a lost connection. */
export interface PostOptions {
	itemIndex?: number;
	timeoutMs: number;
	/** What the request does, for error messages: "list the tools", "call the tool …". */
	purpose: string;
	/** A read: sent once more after a lost connection or a timeout. A write never is. */
	resend: boolean;
}

/** One JSON-RPC message as it goes out. */
export interface OutgoingMessage {
	headers: IDataObject;
	body: string;
	/** The request's id (undefined for a notification). */
	id?: number;
}

/** An HTTP answer to one JSON-RPC message: the JSON-RPC response for its id, or the body of a non-2xx. */
export interface HttpAnswer {
	status: number;
	headers: Record<string, string>;
	/** 2xx: the JSON-RPC message answering the request (undefined for a 202 or when none came). Else the parsed body. */
	body: unknown;
}

/** Reconnections of a response stream that ended before the answer (SSE resumption). */
const MAX_RESUMES = 3;
/** Wait before reconnecting when the stream named no `retry`. */
const DEFAULT_RETRY_MS = 1000;
/** Bytes kept of an error body. */
const ERROR_BODY_LIMIT = 64 * 1024;

/** Seconds a 429 asks for: the JSON-RPC message ("Retry after N seconds") or data, else Retry-After. */
export function mcpRetryAfterSeconds(response: ServiceResponse): number | undefined {
	const error = rpcErrorOfBody(parseJson(response.body));
	const data = error?.data as IDataObject | undefined;
	if (data && typeof data.retry_after_seconds === 'number' && data.retry_after_seconds >= 0)
		return data.retry_after_seconds;
	const named = error ? /retry after (\d+(?:\.\d+)?)\s*(?:s\b|sec|second)/i.exec(error.message) : null;
	if (named) return Number(named[1]);
	return retryAfterHeaderSeconds(response);
}

export function parseJson(body: unknown): unknown {
	if (Buffer.isBuffer(body)) body = body.toString('utf8');
	if (typeof body !== 'string') return body;
	const text = body.trim();
	if (!text) return undefined;
	try {
		return JSON.parse(text);
	} catch {
		return text;
	}
}

/**
 * The HTTP side of the MCP client: one POST per JSON-RPC message, its answer as JSON or as an
 * event stream read until the answer (resumed with GET and Last-Event-ID when the stream ends
 * first), the session's DELETE, and the OAuth token's renewal. No redirect is followed.
 */
export class StreamableHttpTransport {
	constructor(
		private readonly ctx: ServiceContext,
		readonly credentialType: McpCredentialType,
		private endpoint: McpEndpoint,
	) {}

	get secrets(): string[] {
		return this.endpoint.secrets;
	}

	get grantedScopes(): string[] | undefined {
		return this.endpoint.grantedScopes;
	}

	/**
	 * Sends one JSON-RPC message. After a 401 with an OAuth credential, `renewal` (a cheap read of
	 * the same revision) is sent the throwing way so that n8n renews the token; then the message
	 * is sent again (a 401 means nothing ran).
	 */
	async post(message: OutgoingMessage, options: PostOptions, renewal?: () => OutgoingMessage): Promise<HttpAnswer> {
		let answer = await this.send('POST', message.headers, message.body, message.id, options);
		if (
			answer.status === 401 &&
			this.credentialType === OAUTH_TYPE &&
			renewal &&
			(await this.renewedOAuthToken(renewal(), options))
		) {
			answer = await this.send('POST', message.headers, message.body, message.id, options);
		}
		return answer;
	}

	/** Ends a session (the server may answer 405: it keeps none to end). */
	async deleteSession(headers: IDataObject, options: PostOptions): Promise<void> {
		await this.send('DELETE', headers, undefined, undefined, { ...options, resend: false }).catch(() => undefined);
	}

	private async send(
		method: 'POST' | 'DELETE' | 'GET',
		headers: IDataObject,
		body: string | undefined,
		id: number | undefined,
		options: PostOptions,
	): Promise<HttpAnswer> {
		const response = await this.call(method, headers, body, options);
		const contentType = response.headers['content-type'] ?? '';
		if (response.status < 200 || response.status >= 300) {
			return { ...response, body: parseJson(await bufferedBody(response.body, ERROR_BODY_LIMIT)) };
		}
		if (!/text\/event-stream/i.test(contentType)) {
			return { ...response, body: parseJson(await bufferedBody(response.body)) };
		}
		const state: StreamState = {};
		let message = await this.readEvents(response.body, id, state, options);
		for (
			let resume = 0;
			message === undefined && id !== undefined && state.lastEventId !== undefined && resume < MAX_RESUMES;
			resume++
		) {
			await sleep(state.retryMs ?? DEFAULT_RETRY_MS);
			const resumeHeaders: IDataObject = {
				...headers,
				Accept: 'text/event-stream',
				'Last-Event-ID': state.lastEventId,
			};
			delete resumeHeaders['Content-Type'];
			const again = await this.call('GET', resumeHeaders, undefined, { ...options, resend: false });
			if (
				again.status < 200 ||
				again.status >= 300 ||
				!/text\/event-stream/i.test(again.headers['content-type'] ?? '')
			) {
				await bufferedBody(again.body, ERROR_BODY_LIMIT);
				break;
			}
			message = await this.readEvents(again.body, id, state, options);
		}
		return { ...response, body: message };
	}

	private async readEvents(
		body: unknown,
		id: number | undefined,
		state: StreamState,
		options: PostOptions,
	): Promise<unknown> {
		if (!isStream(body)) return undefined;
		const watched = watchIdle(body, options.timeoutMs);
		const stalled = watched.stalled.then((error) => {
			throw new TransportFailure('timeout', error.message, true);
		});
		try {
			return await Promise.race([answerFromEvents(body, id, state), stalled]);
		} catch (error) {
			throw this.failure(error, options);
		}
	}

	private async call(
		method: 'POST' | 'DELETE' | 'GET',
		headers: IDataObject,
		body: string | undefined,
		options: PostOptions,
	): Promise<ServiceResponse> {
		for (let attempt = 0; ; attempt++) {
			try {
				return await sendServiceCall(this.ctx, {
					credentialType: this.credentialType,
					method,
					url: this.endpoint.url,
					headers,
					body: body === undefined ? undefined : () => body,
					responseType: 'stream',
					timeoutMs: options.timeoutMs,
					retryAfterSeconds: mcpRetryAfterSeconds,
					credentials: this.endpoint.signing,
				});
			} catch (error) {
				const again =
					options.resend &&
					attempt === 0 &&
					error instanceof TransportFailure &&
					error.kind !== 'canceled' &&
					error.kind !== 'unreachable';
				if (!again) throw this.failure(error, options);
			}
		}
	}

	/** Renews the OAuth token (oauthRenewal.ts); true when a new one is in place. */
	private async renewedOAuthToken(message: OutgoingMessage, options: PostOptions): Promise<boolean> {
		const renewed = await renewOAuthToken(this.ctx, this.credentialType, this.endpoint, message, options);
		if (renewed) this.endpoint = renewed;
		return renewed !== undefined;
	}

	private failure(error: unknown, options: PostOptions): Error {
		const mapped = transportError(
			this.ctx.getNode(),
			error,
			{
				service: MCP_SERVICE,
				purpose: options.purpose,
				baseUrl: this.endpoint.url,
				timeoutMs: options.timeoutMs,
				itemIndex: options.itemIndex,
			},
			this.endpoint.secrets,
		);
		if (mapped) return mapped;
		// n8n's own errors around the request (e.g. an OAuth credential that must be reconnected).
		const message = error instanceof Error ? error.message : String(error);
		return new NodeOperationError(this.ctx.getNode(), message, {
			itemIndex: options.itemIndex,
			description: error instanceof NodeOperationError ? (error.description ?? undefined) : undefined,
		});
	}
}
