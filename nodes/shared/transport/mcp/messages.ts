import type { IDataObject } from 'n8n-workflow';

import type { ServiceResponse } from '../http';
import type { ErrorContext } from './errors';
import { inputRequiredError, requestTooLargeError, unexpectedAnswerError } from './errors';
import { messageOf, withoutResultType } from './envelope';
import type { NegotiatedRevision } from './protocol';
import { requestLimitOf } from './protocol';
import type { JsonRpcError } from './schemas';
import { jsonRpcResponseSchema } from './schemas';
import type { PostOptions, StreamableHttpTransport } from './streamableHttp';

/** One request's answer: its result, its JSON-RPC error, or an HTTP status that is no answer. */
export type Exchange =
	| { kind: 'result'; result: IDataObject }
	| { kind: 'rpcError'; error: JsonRpcError }
	| { kind: 'status'; response: ServiceResponse; body: unknown };

export interface ExchangeOptions {
	itemIndex?: number;
	timeoutMs: number;
	purpose: string;
	/** A tools/call that changes something: never sent twice; an unknown outcome is thrown as uncertain. */
	write: boolean;
	/** Called as the message goes (never for initialize): a write's send time (exactlyOnce/executor.ts). */
	leaving?: () => void;
}

/**
 * The messages of one session over the HTTP transport, as the MCP SDK's Protocol sends them: each request's id,
 * envelope (envelope.ts) and size limit, and its answer read as a result, a JSON-RPC error or an HTTP status;
 * notifications; the session's end. Which revision and lifecycle is the session's (session.ts).
 */
export class McpMessages {
	private nextId = 1;

	/** The session id the server issued in its answer to initialize, if any. */
	issuedSessionId?: string;

	constructor(
		private readonly transport: StreamableHttpTransport,
		private readonly errorContext: (purpose: string, itemIndex?: number) => ErrorContext,
	) {}

	/** Sends one request and classifies the answer; `probe` keeps a result's `resultType` for the caller to judge. */
	async send(
		method: string,
		params: IDataObject,
		revision: NegotiatedRevision,
		options: ExchangeOptions,
		probe = false,
	): Promise<Exchange> {
		const initialize = method === 'initialize';
		const message = messageOf(method, params, revision, this.nextId++, initialize);
		const size = Buffer.byteLength(message.body);
		if (size > requestLimitOf(method, params))
			throw requestTooLargeError(
				size,
				requestLimitOf(method, params),
				this.errorContext(options.purpose, options.itemIndex),
			);
		const renewal = () => messageOf('tools/list', {}, revision, this.nextId++);
		if (!initialize) options.leaving?.();
		const answer = await this.transport.post(message, this.postOptions(options), renewal);
		if (initialize) this.issuedSessionId = answer.headers['mcp-session-id'];
		if (answer.status < 200 || answer.status >= 300)
			return {
				kind: 'status',
				response: { status: answer.status, headers: answer.headers, body: answer.body },
				body: answer.body,
			};
		const ctx = this.errorContext(options.purpose, options.itemIndex);
		if (answer.body === undefined)
			throw unexpectedAnswerError('the answer to the request never came', ctx, options.write);
		const parsed = jsonRpcResponseSchema.safeParse(answer.body);
		if (!parsed.success) throw unexpectedAnswerError('the answer is not a JSON-RPC response', ctx, options.write);
		if ('error' in parsed.data) return { kind: 'rpcError', error: parsed.data.error };
		const result = parsed.data.result as IDataObject;
		if (!revision.modern) return { kind: 'result', result };
		const resultType = result.resultType;
		if (resultType === 'input_required') throw inputRequiredError(result, ctx);
		if (resultType !== undefined && resultType !== 'complete')
			throw unexpectedAnswerError(`the result is "${String(resultType)}", not complete`, ctx, options.write);
		return { kind: 'result', result: probe ? result : withoutResultType(result) };
	}

	/** A notification (no id, no answer read). */
	async notify(method: string, revision: NegotiatedRevision, options: ExchangeOptions): Promise<void> {
		await this.transport.post(
			messageOf(method, {}, revision, undefined),
			this.postOptions({ ...options, purpose: `send ${method}` }),
		);
	}

	/** Ends a session the server issued (DELETE; a server that keeps none may answer 405). */
	async endSession(revision: NegotiatedRevision): Promise<void> {
		const { headers } = messageOf('tools/list', {}, revision, undefined);
		delete headers['Content-Type'];
		await this.transport.deleteSession(
			headers,
			this.postOptions({ timeoutMs: 10_000, purpose: 'end the MCP session', write: false }),
		);
	}

	private postOptions(options: ExchangeOptions): PostOptions {
		return {
			itemIndex: options.itemIndex,
			timeoutMs: options.timeoutMs,
			purpose: options.purpose,
			resend: !options.write,
		};
	}
}
