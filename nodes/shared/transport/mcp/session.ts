import type { IDataObject } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { McpEndpoint } from './endpoint';
import type { ErrorContext } from './errors';
import {
	revisionRefusedError,
	rpcError,
	rpcErrorOfBody,
	sessionLostError,
	unexpectedAnswerError,
	unknownRevisionAnswerError,
} from './errors';
import { withoutResultType } from './envelope';
import { McpMessages, type Exchange, type ExchangeOptions } from './messages';
import { httpStatusError } from './statusErrors';
import { LIFECYCLES, revisionRefusal } from './lifecycles';
import type { NegotiatedRevision } from './protocol';
import { CLIENT_INFO, FALLBACK_INITIALIZE_REVISION, INITIALIZATION_REVISIONS, MODERN_REVISION } from './protocol';
import { initializeResultSchema } from './schemas';
import type { StreamableHttpTransport } from './streamableHttp';

export type { Exchange } from './messages';

/**
 * The session and lifecycle of one client: which revision is spoken and the lifecycle it needs (each message, its
 * envelope and its answer are messages.ts).
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
	private readonly messages: McpMessages;

	/** What the server said about itself in initialize, when one was sent. */
	serverInfo?: IDataObject;

	constructor(
		transport: StreamableHttpTransport,
		private readonly endpoint: McpEndpoint,
		private readonly errorContext: (purpose: string, itemIndex?: number) => ErrorContext,
		private readonly pinnedRevision?: string,
	) {
		this.messages = new McpMessages(transport, errorContext);
	}

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
				const outcome = await this.messages.send(method, params, negotiated, options);
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
					if (options.write) throw sessionLostError(this.errorContext(options.purpose, options.itemIndex));
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
			const outcome = await this.messages.send(method, params, modern, options, true);
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
			this.errorContext(options.purpose).node,
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
			const purpose = 'initialize the MCP session';
			const ctx = this.errorContext(purpose, options.itemIndex);
			const initialize = { revision: requested, modern: false };
			const params = { protocolVersion: requested, capabilities: {}, clientInfo: CLIENT_INFO };
			const outcome = await this.messages.send('initialize', params, initialize, { ...options, purpose, write: false });
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
			const negotiated: NegotiatedRevision = { revision, modern: false, sessionId: this.messages.issuedSessionId };
			await this.messages.notify('notifications/initialized', negotiated, options);
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

	/** Ends the session, if the server issued one (DELETE; a server that keeps none may answer 405). */
	async close(): Promise<void> {
		const negotiated = this.negotiated;
		this.negotiated = undefined;
		this.initializing = undefined;
		if (!negotiated?.sessionId) return;
		await this.messages.endSession(negotiated);
	}
}
