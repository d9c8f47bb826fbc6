import type { IDataObject } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { ServiceResponse } from '../http';
import type { McpEndpoint } from './endpoint';
import type { ErrorContext } from './errors';
import {
	inputRequiredError,
	requestTooLargeError,
	revisionRefusedError,
	rpcError,
	rpcErrorOfBody,
	sessionLostError,
	unexpectedAnswerError,
	unknownRevisionAnswerError,
} from './errors';
import { messageOf, withoutResultType } from './envelope';
import { httpStatusError } from './statusErrors';
import { LIFECYCLES, revisionRefusal } from './lifecycles';
import type { NegotiatedRevision } from './protocol';
import {
	CLIENT_INFO,
	FALLBACK_INITIALIZE_REVISION,
	INITIALIZATION_REVISIONS,
	MODERN_REVISION,
	requestLimitOf,
} from './protocol';
import type { JsonRpcError } from './schemas';
import { initializeResultSchema, jsonRpcResponseSchema } from './schemas';
import type { StreamableHttpTransport, PostOptions } from './streamableHttp';

export type Exchange =
	| { kind: 'result'; result: IDataObject }
	| { kind: 'rpcError'; error: JsonRpcError }
	| { kind: 'status'; response: ServiceResponse; body: unknown };

export interface ExchangeOptions {
	itemIndex?: number;
	timeoutMs: number;
	action: string;
	/** A tools/call that changes something: never sent twice; an unknown outcome is thrown as uncertain. */
	write: boolean;
}

/**
 * The session and lifecycle of one client: which revision is spoken, the lifecycle it needs, and the
 * JSON-RPC envelope of each message.
 *
 * Auto sends the first request as modern (2026-07-28); a 400 refusing that revision (or asking
 * for initialization first), or a result in the old shape, makes it initialize and remember the
 * endpoint's lifecycle for the process. Initialization-based revisions: initialize →
 * notifications/initialized → calls (with Mcp-Session-Id when one was issued) → DELETE in
 * `close()`. A 404 on a request bearing a session id re-initializes once.
 */
export class McpSession {
	private negotiated?: NegotiatedRevision;
	private probe?: Promise<void>;
	private initializing?: Promise<NegotiatedRevision>;
	private sessionRenewed = false;
	private nextId = 1;

	/** What the server said about itself in initialize, when one was sent. */
	serverInfo?: IDataObject;

	constructor(
		private readonly transport: StreamableHttpTransport,
		private readonly endpoint: McpEndpoint,
		private readonly errorContext: (action: string, itemIndex?: number) => ErrorContext,
		private readonly pinnedRevision?: string,
	) {}

	get revision(): string | undefined {
		return this.negotiated?.revision;
	}

	private get pinned(): string | undefined {
		return this.pinnedRevision ?? this.endpoint.pinned;
	}

	/** One JSON-RPC request in the negotiated revision; HTTP statuses and JSON-RPC errors are returned, not thrown. */
	async exchange(method: string, params: IDataObject, options: ExchangeOptions): Promise<Exchange> {
		for (;;) {
			const pinned = this.pinned;
			if (
				method === 'server/discover' &&
				((this.negotiated && !this.negotiated.modern) ||
					(pinned !== undefined && pinned !== MODERN_REVISION) ||
					LIFECYCLES.get(this.endpoint.url) === 'initialize')
			) {
				throw this.discoverNeedsModern(options);
			}
			if (this.negotiated) {
				const negotiated = this.negotiated;
				const outcome = await this.send(method, params, negotiated, options);
				if (
					outcome.kind === 'status' &&
					outcome.response.status === 404 &&
					negotiated.sessionId &&
					!this.sessionRenewed
				) {
					this.sessionRenewed = true;
					this.negotiated = undefined;
					this.initializing = undefined;
					await this.initialize(negotiated.revision, options);
					// The server forgot the session: a read is sent again; a write is left to the caller's read-back.
					if (options.write) throw sessionLostError(this.errorContext(options.action, options.itemIndex));
					continue;
				}
				return outcome;
			}
			if (pinned === MODERN_REVISION) {
				this.negotiated = { revision: MODERN_REVISION, modern: true };
				continue;
			}
			if (pinned !== undefined || LIFECYCLES.get(this.endpoint.url) === 'initialize') {
				await this.initialize(pinned ?? FALLBACK_INITIALIZE_REVISION, options);
				continue;
			}
			if (this.probe) {
				await this.probe;
				continue;
			}
			const probed = await this.probeModern(method, params, options);
			if (probed) return probed;
		}
	}

	/**
	 * Auto's first request, sent as modern. Undefined when the endpoint turned out to be initialization-based
	 * and the request must be sent again.
	 */
	private async probeModern(
		method: string,
		params: IDataObject,
		options: ExchangeOptions,
	): Promise<Exchange | undefined> {
		let release = () => {};
		this.probe = new Promise<void>((resolve) => (release = resolve));
		try {
			const modern: NegotiatedRevision = { revision: MODERN_REVISION, modern: true };
			const outcome = await this.send(method, params, modern, options, true);
			if (outcome.kind === 'status' && revisionRefusal(outcome.response, outcome.body, MODERN_REVISION)) {
				LIFECYCLES.set(this.endpoint.url, 'initialize');
				return undefined;
			}
			if (outcome.kind === 'result' && outcome.result.resultType === undefined) {
				// The server ignored the modern envelope and answered in the old shape: it speaks the
				// initialization-based revisions. A read is sent again after initialize; a write ran.
				LIFECYCLES.set(this.endpoint.url, 'initialize');
				if (!options.write) return undefined;
				return { kind: 'result', result: outcome.result };
			}
			if (outcome.kind !== 'status') LIFECYCLES.set(this.endpoint.url, 'modern');
			if (outcome.kind !== 'status' || outcome.response.status < 500) this.negotiated = modern;
			return outcome.kind === 'result' ? { kind: 'result', result: withoutResultType(outcome.result) } : outcome;
		} finally {
			this.probe = undefined;
			release();
		}
	}

	private discoverNeedsModern(options: ExchangeOptions): NodeOperationError {
		const pinned = this.pinned;
		return new NodeOperationError(
			this.errorContext(options.action).node,
			`Server → Discover needs the modern protocol revision ${MODERN_REVISION}, but ${
				pinned ? `the credential is set to ${pinned}` : 'the server refused that revision'
			}`,
			{
				itemIndex: options.itemIndex,
				description: pinned
					? "Set the credential's Protocol Revision to Auto or 2026-07-28. With initialization-based " +
						'revisions, Tool → List and Resource → List describe the server.'
					: 'This server speaks only initialization-based revisions; Tool → List and Resource → List describe it.',
			},
		);
	}

	/** Sends the one initialize of this session (shared by every caller), then notifications/initialized. */
	private async initialize(requested: string, options: ExchangeOptions): Promise<NegotiatedRevision> {
		this.initializing ??= (async () => {
			const action = 'initialize the MCP session';
			const ctx = this.errorContext(action, options.itemIndex);
			const initialize = { revision: requested, modern: false };
			const params = { protocolVersion: requested, capabilities: {}, clientInfo: CLIENT_INFO };
			const outcome = await this.send('initialize', params, initialize, { ...options, action, write: false });
			if (outcome.kind === 'status') {
				const supported =
					outcome.response.status === 400
						? (rpcErrorOfBody(outcome.body)?.data as IDataObject | undefined)?.supported
						: undefined;
				if (supported !== undefined) throw revisionRefusedError(requested, supported, ctx);
				throw httpStatusError(outcome.response, outcome.body, ctx);
			}
			if (outcome.kind === 'rpcError') throw rpcError(outcome.error, ctx);
			const parsed = initializeResultSchema.safeParse(outcome.result);
			if (!parsed.success) throw unexpectedAnswerError('initialize returned no protocolVersion', ctx);
			const revision = parsed.data.protocolVersion;
			if (!(INITIALIZATION_REVISIONS as readonly string[]).includes(revision))
				throw unknownRevisionAnswerError(revision, ctx);
			this.serverInfo = parsed.data.serverInfo as IDataObject | undefined;
			const negotiated: NegotiatedRevision = { revision, modern: false, sessionId: this.issuedSessionId };
			await this.transport.post(
				messageOf('notifications/initialized', {}, negotiated, undefined),
				this.postOptions({ ...options, action: 'send notifications/initialized' }),
			);
			this.negotiated = negotiated;
			return negotiated;
		})();
		const pending = this.initializing;
		pending.catch((error: unknown) => {
			// A certain refusal (bad credential, unknown revision) holds for the whole execution;
			// a lost connection or a service failure may pass, so the next caller tries again.
			const status = Number((error as { httpCode?: unknown }).httpCode);
			const certain = status >= 400 && status < 500 && status !== 429;
			if (!certain && this.initializing === pending) this.initializing = undefined;
		});
		return await pending;
	}

	private issuedSessionId?: string;

	/** Ends the session, if the server issued one (DELETE; a server that keeps none may answer 405). */
	async close(): Promise<void> {
		const negotiated = this.negotiated;
		this.negotiated = undefined;
		this.initializing = undefined;
		if (!negotiated?.sessionId) return;
		const { headers } = messageOf('tools/list', {}, negotiated, undefined);
		delete headers['Content-Type'];
		await this.transport.deleteSession(
			headers,
			this.postOptions({ timeoutMs: 10_000, action: 'end the MCP session', write: false }),
		);
	}

	private postOptions(options: ExchangeOptions): PostOptions {
		return {
			itemIndex: options.itemIndex,
			timeoutMs: options.timeoutMs,
			action: options.action,
			resend: !options.write,
		};
	}

	/** Sends one request and classifies the answer; `probe` keeps a result's `resultType` for the caller to judge. */
	private async send(
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
				this.errorContext(options.action, options.itemIndex),
			);
		const renewal = () => messageOf('tools/list', {}, revision, this.nextId++);
		const answer = await this.transport.post(message, this.postOptions(options), renewal);
		if (initialize) this.issuedSessionId = answer.headers['mcp-session-id'];
		if (answer.status < 200 || answer.status >= 300)
			return {
				kind: 'status',
				response: { status: answer.status, headers: answer.headers, body: answer.body },
				body: answer.body,
			};
		const ctx = this.errorContext(options.action, options.itemIndex);
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
}
