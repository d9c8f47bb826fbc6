import type { ICredentialDataDecryptedObject, IDataObject } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { DEFAULT_TIMEOUT_MS } from '../../descriptions';
import { checkBaseUrl } from '../baseUrl';
import { secretsOf } from '../redact';
import { transportError } from '../errors';
import type { ServiceContext, ServiceResponse } from '../http';
import { retryAfterHeaderSeconds, sendServiceCall, timeoutFor, TransportFailure } from '../http';
import type { ErrorContext } from './errors';
import {
	httpStatusError,
	MCP_SERVICE,
	revisionRefusedError,
	rpcError,
	rpcErrorOfBody,
	toolError,
	toolUnavailableError,
	unknownRevisionAnswerError,
	uncertainWriteError,
	unexpectedAnswerError,
	withMcpCode,
} from './errors';
import type { NegotiatedRevision } from './protocol';
import {
	AUTO_REVISION,
	CLIENT_INFO,
	FALLBACK_INITIALIZE_REVISION,
	headerSafe,
	INITIALIZATION_REVISIONS,
	KNOWN_REVISIONS,
	MCP_PATH,
	mcpNameOf,
	META_CLIENT_CAPABILITIES,
	META_CLIENT_INFO,
	META_PROTOCOL_VERSION,
	MODERN_REVISION,
	sendsVersionHeader,
} from './protocol';
import type { JsonRpcError, McpContent, McpToolDescriptor } from './schemas';
import {
	callToolResultSchema,
	initializeResultSchema,
	jsonRpcResponseSchema,
	toolErrorPayloadSchema,
	toolsListResultSchema,
} from './schemas';

export type McpCredentialType = 'svcMcpApi' | 'svcMcpOAuth2Api';

/** The most tools/list pages read before the list counts as never ending. */
const MAX_TOOL_LIST_PAGES = 50;

export interface McpCallOptions {
	itemIndex?: number;
	timeoutMs?: number;
	/**
	 * The call changes something (a write without idempotency key). Such a call is never sent
	 * twice: an uncertain failure (timeout, dropped connection, 5xx, `status: "uncertain"`)
	 * throws an error marked uncertain (`isUncertainOutcome`) for the caller to reconcile.
	 */
	write?: boolean;
	/**
	 * The tool's content is data (a file read): only structuredContent is protocol. Its text is
	 * never parsed for a result or a status.
	 */
	contentIsData?: boolean;
}

export interface McpToolOutcome {
	/** structuredContent; without it, the JSON object of the text content; else {}. */
	structured: IDataObject;
	content: McpContent[];
	/** `structured.status` (created | updated | unchanged …) when the tool reports one. */
	status?: string;
	/** The tool name called, prefix included. */
	toolName: string;
	/** Whether the result carried structuredContent (rather than a parsed or empty object). */
	hasStructuredContent: boolean;
}

export interface McpClientOptions {
	/** A revision to use instead of the credential's setting (e.g. "2025-06-18" or "2026-07-28"). */
	revision?: string;
}

interface Connection {
	baseUrl: string;
	secrets: string[];
	/** undefined = Auto. */
	pinned?: string;
	grantedScopes?: string[];
}

type Exchange =
	| { kind: 'result'; result: IDataObject }
	| { kind: 'rpcError'; error: JsonRpcError }
	| { kind: 'status'; response: ServiceResponse; body: unknown };

type ToolAttempt = { kind: 'outcome'; outcome: McpToolOutcome } | { kind: 'unknown'; available?: string[] };

const OAUTH_TYPE: McpCredentialType = 'svcMcpOAuth2Api';

function grantedScopesOf(credentials: ICredentialDataDecryptedObject): string[] | undefined {
	const tokens = credentials.oauthTokenData as IDataObject | undefined;
	const scope = tokens && typeof tokens.scope === 'string' ? tokens.scope : undefined;
	return scope ? scope.split(/\s+/).filter(Boolean) : undefined;
}

/** Seconds a 429 asks for: the JSON-RPC message ("Retry after N seconds") or data, else Retry-After. */
export function mcpRetryAfterSeconds(response: ServiceResponse): number | undefined {
	const error = rpcErrorOfBody(parseBody(response.body));
	const data = error?.data as IDataObject | undefined;
	if (data && typeof data.retry_after_seconds === 'number' && data.retry_after_seconds >= 0) return data.retry_after_seconds;
	const named = error ? /retry after (\d+(?:\.\d+)?)\s*(?:s\b|sec|second)/i.exec(error.message) : null;
	if (named) return Number(named[1]);
	return retryAfterHeaderSeconds(response);
}

function parseBody(body: unknown): unknown {
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

/** A JSON-RPC answer sent as Server-Sent Events: the `data:` of the event answering `id`. */
function parseEventStream(text: string, id: number): unknown {
	let last: unknown;
	for (const event of text.split(/\r?\n\r?\n/)) {
		const data = event
			.split(/\r?\n/)
			.filter((line) => line.startsWith('data:'))
			.map((line) => line.slice(5).replace(/^ /, ''))
			.join('\n');
		if (!data) continue;
		try {
			const message = JSON.parse(data) as IDataObject;
			if (message.id === id) return message;
			last = message;
		} catch {
			// not JSON: skip
		}
	}
	return last;
}

/** A 400 that refuses the revision itself (not a malformed request of ours). */
function refusesRevision(response: ServiceResponse, body: unknown, revision: string): { supported?: unknown } | undefined {
	if (response.status !== 400) return undefined;
	const error = rpcErrorOfBody(body);
	const data = (error?.data ?? {}) as IDataObject;
	if (Array.isArray(data.supported)) {
		return (data.supported as unknown[]).includes(revision) ? undefined : { supported: data.supported };
	}
	if (typeof data.header === 'string' && /protocol-version/i.test(data.header) && data.expected !== revision) {
		return {};
	}
	const text = error?.message ?? (typeof body === 'string' ? body : '');
	if (/protocol[ -]?version/i.test(text) && /unsupported|not supported|unknown|invalid/i.test(text)) return {};
	return undefined;
}

function isUnknownTool(error: JsonRpcError): { available?: string[] } | undefined {
	const data = (error.data ?? {}) as IDataObject;
	const available = Array.isArray(data.available) ? data.available.filter((name): name is string => typeof name === 'string') : undefined;
	if (error.code !== -32602 && error.code !== -32601) return undefined;
	if (!/unknown tool|tool not found|no such tool|tool .* (not found|does not exist)/i.test(error.message) && !available) return undefined;
	return { available };
}

/**
 * The tool whose name ends with `_${suffix}` (or is `suffix`): the one with the expected prefix,
 * else the shortest prefix (so `upload_file` picks `svc_upload_file`, not `svc_dvs_upload_file`).
 */
export function matchToolSuffix(names: string[], suffix: string, preferredPrefix?: string): string | undefined {
	if (preferredPrefix !== undefined && names.includes(`${preferredPrefix}${suffix}`)) return `${preferredPrefix}${suffix}`;
	const candidates = names.filter((name) => name === suffix || name.endsWith(`_${suffix}`));
	return candidates.sort((a, b) => a.length - b.length)[0];
}

function textOf(content: McpContent[]): string {
	return content
		.filter((block): block is McpContent & { type: 'text'; text: string } => block.type === 'text' && typeof block.text === 'string')
		.map((block) => block.text)
		.join('\n');
}

function jsonObjectOf(text: string): IDataObject | undefined {
	try {
		const parsed: unknown = JSON.parse(text);
		return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as IDataObject) : undefined;
	} catch {
		return undefined;
	}
}

/**
 * A client of the Svc MCP endpoint for one node execution (or one load-options call).
 *
 * Revisions: with Auto the first request goes out as modern (2026-07-28: `_meta` and headers,
 * no initialize); a recognized refusal of that revision makes it send ONE `initialize`
 * (asking for 2025-06-18, accepting whichever initialization-based revision the server names)
 * and resend the refused request. A pinned initialization-based revision sends that one
 * initialize first. tools/list is fetched at most once, and only when a name must be resolved:
 * tools are called by the expected name first, and only an "unknown tool" answer makes the
 * client look the suffix up (in the error's list of available tools, else tools/list).
 */
export class McpClient {
	private connectionPromise?: Promise<Connection>;

	private negotiated?: NegotiatedRevision;

	/** Auto mode: the first (modern) request is in flight; others wait for its verdict. */
	private probe?: Promise<void>;

	private modernRefused = false;

	private initializing?: Promise<NegotiatedRevision>;

	private toolsPromise?: Promise<McpToolDescriptor[]>;

	/** Full tool names learned from an "unknown tool" answer or tools/list. */
	private knownNames?: string[];

	private readonly resolved = new Map<string, string>();

	private prefix = 'svc_';

	private nextId = 1;

	/** What the server said about itself in initialize, when one was sent. */
	serverInfo?: IDataObject;

	constructor(
		private readonly ctx: ServiceContext,
		readonly credentialType: McpCredentialType,
		private readonly options: McpClientOptions = {},
	) {}

	/** The revision in use once negotiated ("2026-07-28", "2025-06-18", …). */
	get revision(): string | undefined {
		return this.negotiated?.revision;
	}

	// ---- public API -------------------------------------------------------------------------

	/** Calls the tool whose name ends with `nameSuffix` (`create_folder` → `svc_create_folder`, `acme_create_folder`). */
	async callTool(nameSuffix: string, args: IDataObject, options: McpCallOptions = {}): Promise<McpToolOutcome> {
		const guess = this.resolved.get(nameSuffix) ?? `${this.prefix}${nameSuffix}`;
		const first = await this.attemptTool(guess, args, options);
		if (first.kind === 'outcome') {
			this.resolved.set(nameSuffix, guess);
			return first.outcome;
		}
		// "Unknown tool" means nothing ran: looking the name up and sending again is safe, writes included.
		const names = first.available ?? this.knownNames ?? (await this.listTools(options)).map((tool) => tool.name);
		this.knownNames ??= names;
		const match = matchToolSuffix(names, nameSuffix);
		if (!match || match === guess) throw toolUnavailableError(guess, nameSuffix, names, await this.errorContext(`call ${guess}`, options));
		this.resolved.set(nameSuffix, match);
		this.prefix = match.slice(0, match.length - nameSuffix.length);
		const second = await this.attemptTool(match, args, options);
		if (second.kind === 'outcome') return second.outcome;
		throw toolUnavailableError(match, nameSuffix, second.available ?? names, await this.errorContext(`call ${match}`, options));
	}

	/** Calls a tool by its exact name (as tools/list gives it). */
	async callToolNamed(name: string, args: IDataObject, options: McpCallOptions = {}): Promise<McpToolOutcome> {
		const attempt = await this.attemptTool(name, args, options);
		if (attempt.kind === 'outcome') return attempt.outcome;
		const names = attempt.available ?? (await this.listTools(options)).map((tool) => tool.name);
		const suffix = name.replace(/^[A-Za-z0-9-]+_/, '');
		throw toolUnavailableError(name, suffix, names, await this.errorContext(`call ${name}`, options));
	}

	/** Whether the endpoint lists a tool with this suffix (fetches tools/list once). */
	async hasTool(nameSuffix: string, options: McpCallOptions = {}): Promise<boolean> {
		const names = this.knownNames ?? (await this.listTools(options)).map((tool) => tool.name);
		return matchToolSuffix(names, nameSuffix, this.prefix) !== undefined;
	}

	/** tools/list, every page, fetched once per client. */
	async listTools(options: McpCallOptions = {}): Promise<McpToolDescriptor[]> {
		this.toolsPromise ??= (async () => {
			const tools: McpToolDescriptor[] = [];
			let cursor: string | undefined;
			for (let page = 0; ; page++) {
				// A server whose cursor never ends is faulty: stop and say so rather than use part of the list.
				if (page === MAX_TOOL_LIST_PAGES) {
					throw unexpectedAnswerError(`tools/list was still not complete after ${MAX_TOOL_LIST_PAGES} pages`, await this.errorContext('list the tools', options));
				}
				const result = await this.request('tools/list', cursor ? { cursor } : {}, options);
				const parsed = toolsListResultSchema.safeParse(result);
				if (!parsed.success) throw unexpectedAnswerError('tools/list did not return a list of tools', await this.errorContext('list the tools', options));
				tools.push(...parsed.data.tools);
				cursor = parsed.data.nextCursor;
				if (!cursor) break;
			}
			this.knownNames = tools.map((tool) => tool.name);
			return tools;
		})();
		const pending = this.toolsPromise;
		pending.catch(() => {
			if (this.toolsPromise === pending) this.toolsPromise = undefined;
		});
		return await pending;
	}

	/** One JSON-RPC request; returns its result (without the modern `resultType`). */
	async request(method: string, params: IDataObject = {}, options: McpCallOptions = {}): Promise<IDataObject> {
		const action = actionOf(method, params);
		const exchange = await this.exchange(method, params, options, action);
		const ctx = await this.errorContext(action, options);
		if (exchange.kind === 'rpcError') throw rpcError(exchange.error, ctx);
		if (exchange.kind === 'status') throw this.statusError(exchange, ctx);
		return exchange.result;
	}

	// ---- tools ------------------------------------------------------------------------------

	private async attemptTool(name: string, args: IDataObject, options: McpCallOptions): Promise<ToolAttempt> {
		const action = `call ${name}`;
		const exchange = await this.exchange('tools/call', { name, arguments: args }, options, action);
		const ctx = await this.errorContext(action, options);
		if (exchange.kind === 'status') throw this.statusError(exchange, ctx);
		if (exchange.kind === 'rpcError') {
			const unknown = isUnknownTool(exchange.error);
			if (unknown) return { kind: 'unknown', available: unknown.available };
			throw rpcError(exchange.error, ctx);
		}
		const parsed = callToolResultSchema.safeParse(exchange.result);
		if (!parsed.success) throw unexpectedAnswerError('the tool result has no content list', ctx, options.write === true);
		const { content, structuredContent, isError } = parsed.data;
		const text = textOf(content);
		if (isError) {
			const payload = toolErrorPayloadSchema.safeParse(structuredContent);
			const code = payload.success ? payload.data.error.code : /^([a-z_]+):\s/.exec(text)?.[1];
			if (!code && /unknown tool/i.test(text)) return { kind: 'unknown' };
			const message = payload.success && payload.data.error.message ? payload.data.error.message : text.replace(/^[a-z_]+:\s*/, '');
			throw toolError(name, code, message, ctx);
		}
		const structured = (structuredContent as IDataObject | undefined) ?? (options.contentIsData ? undefined : jsonObjectOf(text)) ?? {};
		const status = typeof structured.status === 'string' ? structured.status : undefined;
		if (status === 'uncertain') {
			throw uncertainWriteError(name, typeof structured.message === 'string' ? structured.message : undefined, ctx);
		}
		return {
			kind: 'outcome',
			outcome: { structured, content, status, toolName: name, hasStructuredContent: structuredContent !== undefined },
		};
	}

	/** A non-2xx answer; a refusal of the revision in use says so (and what the server supports). */
	private statusError(exchange: Extract<Exchange, { kind: 'status' }>, ctx: ErrorContext) {
		const refusal = this.negotiated ? refusesRevision(exchange.response, exchange.body, this.negotiated.revision) : undefined;
		if (refusal && this.negotiated) return revisionRefusedError(this.negotiated.revision, refusal.supported, ctx);
		return httpStatusError(exchange.response, exchange.body, ctx);
	}

	// ---- revision negotiation ----------------------------------------------------------------

	private async exchange(method: string, params: IDataObject, options: McpCallOptions, action: string): Promise<Exchange> {
		const connection = await this.connection(options.itemIndex);
		for (;;) {
			const pinned = this.options.revision ?? connection.pinned;
			if (method === 'server/discover' && ((this.negotiated && !this.negotiated.modern) || (pinned !== undefined && pinned !== MODERN_REVISION) || this.modernRefused)) {
				throw await this.discoverNeedsModern(options);
			}
			if (this.negotiated) return await this.send(method, params, this.negotiated, options, action);
			if (pinned === MODERN_REVISION) {
				this.negotiated = { revision: MODERN_REVISION, modern: true };
				continue;
			}
			if (pinned !== undefined || this.modernRefused) {
				await this.initialize(pinned ?? FALLBACK_INITIALIZE_REVISION, options);
				continue;
			}
			if (this.probe) {
				await this.probe;
				continue;
			}
			// Auto: this request is the modern probe.
			let release = () => {};
			this.probe = new Promise<void>((resolve) => (release = resolve));
			try {
				const modern: NegotiatedRevision = { revision: MODERN_REVISION, modern: true };
				const outcome = await this.send(method, params, modern, options, action);
				if (outcome.kind === 'status') {
					const refusal = refusesRevision(outcome.response, outcome.body, MODERN_REVISION);
					if (refusal) {
						this.modernRefused = true;
						continue;
					}
				}
				if (outcome.kind !== 'status' || outcome.response.status < 500) this.negotiated = modern;
				return outcome;
			} finally {
				this.probe = undefined;
				release();
			}
		}
	}

	private async discoverNeedsModern(options: McpCallOptions): Promise<NodeOperationError> {
		const pinned = this.options.revision ?? (await this.connection(options.itemIndex)).pinned;
		return new NodeOperationError(
			this.ctx.getNode(),
			`Server → Discover needs the modern protocol revision ${MODERN_REVISION}, but ${
				pinned ? `the credential is set to ${pinned}` : 'the service refused that revision'
			}`,
			{
				itemIndex: options.itemIndex,
				description: pinned
					? "Set the credential's Protocol Revision to Auto or 2026-07-28. With initialization-based revisions, Tool → List and Resource → List describe the server."
					: 'This deployment speaks only initialization-based revisions; Tool → List and Resource → List describe it.',
			},
		);
	}

	/** Sends the one initialize of this client (shared by every caller). */
	private async initialize(requested: string, options: McpCallOptions): Promise<NegotiatedRevision> {
		this.initializing ??= (async () => {
			const action = 'initialize the MCP session';
			const outcome = await this.send(
				'initialize',
				{ protocolVersion: requested, capabilities: {}, clientInfo: CLIENT_INFO },
				{ revision: requested, modern: false },
				options,
				action,
				true,
			);
			const ctx = await this.errorContext(action, options);
			if (outcome.kind === 'status') {
				const refusal = outcome.response.status === 400 ? rpcErrorOfBody(outcome.body) : undefined;
				const supported = (refusal?.data as IDataObject | undefined)?.supported;
				if (supported !== undefined) throw revisionRefusedError(requested, supported, ctx);
				throw httpStatusError(outcome.response, outcome.body, ctx);
			}
			if (outcome.kind === 'rpcError') throw rpcError(outcome.error, ctx);
			const parsed = initializeResultSchema.safeParse(outcome.result);
			if (!parsed.success) throw unexpectedAnswerError('initialize returned no protocolVersion', ctx);
			const revision = parsed.data.protocolVersion;
			if (!(INITIALIZATION_REVISIONS as readonly string[]).includes(revision)) {
				throw unknownRevisionAnswerError(revision, ctx);
			}
			this.serverInfo = parsed.data.serverInfo as IDataObject | undefined;
			this.negotiated = { revision, modern: false, sessionId: this.lastSessionId };
			// A stateful server (one that issued a session) expects the initialized notification;
			// the stateless Svc endpoint issues none, so no request is spent on it there.
			if (this.negotiated.sessionId) await this.notify('notifications/initialized', this.negotiated, options);
			return this.negotiated;
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

	private lastSessionId?: string;

	// ---- transport ---------------------------------------------------------------------------

	private async connection(itemIndex?: number): Promise<Connection> {
		this.connectionPromise ??= this.readConnection(itemIndex);
		return await this.connectionPromise;
	}

	private async readConnection(itemIndex?: number): Promise<Connection> {
		const credentials = await this.ctx.getCredentials(this.credentialType, itemIndex);
		const label = this.credentialType === OAUTH_TYPE ? 'Svc MCP OAuth2 API' : 'Svc MCP API';
		const checked = checkBaseUrl(credentials.baseUrl, label);
		if (checked.problem !== undefined) throw new NodeOperationError(this.ctx.getNode(), checked.problem, { itemIndex });
		if (this.credentialType === OAUTH_TYPE) {
			const tokens = credentials.oauthTokenData as IDataObject | undefined;
			if (!tokens || typeof tokens.access_token !== 'string' || !tokens.access_token) {
				throw new NodeOperationError(this.ctx.getNode(), 'The Svc MCP OAuth2 API credential is not connected', {
					itemIndex,
					description: 'Open the credential and click "Connect my account" to sign in to Svc and approve the scopes.',
				});
			}
		}
		const raw = typeof credentials.protocolVersion === 'string' ? credentials.protocolVersion.trim() : '';
		const pinned = raw && raw !== AUTO_REVISION ? raw : undefined;
		if (pinned && !KNOWN_REVISIONS.includes(pinned)) {
			throw new NodeOperationError(this.ctx.getNode(), `The credential's Protocol Revision "${pinned}" is not one this node speaks`, {
				itemIndex,
				description: `Choose Auto or one of ${KNOWN_REVISIONS.join(', ')}.`,
			});
		}
		return { baseUrl: checked.url, secrets: secretsOf(credentials), pinned, grantedScopes: grantedScopesOf(credentials) };
	}

	private async errorContext(action: string, options: McpCallOptions): Promise<ErrorContext> {
		const connection = await this.connection(options.itemIndex);
		return {
			node: this.ctx.getNode(),
			action,
			itemIndex: options.itemIndex,
			secrets: connection.secrets,
			oauth: this.credentialType === OAUTH_TYPE,
			grantedScopes: connection.grantedScopes,
		};
	}

	private buildRequest(method: string, params: IDataObject, revision: NegotiatedRevision, id: number | undefined, initialize = false) {
		const headers: IDataObject = { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' };
		let finalParams: IDataObject = params;
		if (revision.modern) {
			const meta = (params._meta as IDataObject | undefined) ?? {};
			finalParams = {
				...params,
				_meta: {
					...meta,
					[META_PROTOCOL_VERSION]: MODERN_REVISION,
					[META_CLIENT_CAPABILITIES]: {},
					[META_CLIENT_INFO]: CLIENT_INFO,
				},
			};
			headers['MCP-Protocol-Version'] = MODERN_REVISION;
			headers['Mcp-Method'] = headerSafe(method);
			const name = mcpNameOf(method, params);
			if (name !== undefined) headers['Mcp-Name'] = headerSafe(name);
		} else if (!initialize) {
			if (sendsVersionHeader(revision.revision)) headers['MCP-Protocol-Version'] = revision.revision;
			if (revision.sessionId) headers['Mcp-Session-Id'] = revision.sessionId;
		}
		const message: IDataObject = { jsonrpc: '2.0', method, params: finalParams };
		if (id !== undefined) message.id = id;
		return { headers, body: JSON.stringify(message) };
	}

	private async notify(method: string, revision: NegotiatedRevision, options: McpCallOptions): Promise<void> {
		const request = this.buildRequest(method, {}, revision, undefined);
		await this.post(request, options, `send ${method}`, false).catch(() => undefined);
	}

	/**
	 * Sends one JSON-RPC request and classifies the answer. Transport failures and 429s past the
	 * policy throw (marked uncertain when a write may have landed); a read is sent once more after
	 * a lost connection or timeout; an expired OAuth token is renewed once and the request resent
	 * (a 401 means nothing ran).
	 */
	private async send(
		method: string,
		params: IDataObject,
		revision: NegotiatedRevision,
		options: McpCallOptions,
		action: string,
		initialize = false,
	): Promise<Exchange> {
		const id = this.nextId++;
		const request = this.buildRequest(method, params, revision, id, initialize);
		const isWrite = options.write === true && method === 'tools/call';
		let response = await this.post(request, options, action, !isWrite);
		if (response.status === 401 && this.credentialType === OAUTH_TYPE && (await this.renewOAuthToken(options, revision))) {
			response = await this.post(request, options, action, !isWrite);
		}
		if (initialize) this.lastSessionId = response.headers['mcp-session-id'];
		const contentType = response.headers['content-type'] ?? '';
		const text = Buffer.isBuffer(response.body) ? response.body.toString('utf8') : response.body;
		const body = typeof text === 'string' && /text\/event-stream/i.test(contentType) ? parseEventStream(text, id) : parseBody(text);
		if (response.status < 200 || response.status >= 300) return { kind: 'status', response, body };
		const ctx = await this.errorContext(action, options);
		const parsed = jsonRpcResponseSchema.safeParse(body);
		if (!parsed.success) throw unexpectedAnswerError('the answer is not a JSON-RPC response', ctx, isWrite);
		if ('error' in parsed.data) return { kind: 'rpcError', error: parsed.data.error };
		const { resultType, ...result } = parsed.data.result as IDataObject;
		if (revision.modern && resultType !== undefined && resultType !== 'complete') {
			throw unexpectedAnswerError(`the result is "${String(resultType)}", not complete`, ctx, isWrite);
		}
		return { kind: 'result', result };
	}

	private async post(
		request: { headers: IDataObject; body: string },
		options: McpCallOptions,
		action: string,
		retryOnTransportFailure: boolean,
	): Promise<ServiceResponse> {
		const connection = await this.connection(options.itemIndex);
		const timeoutMs = timeoutFor(this.ctx, options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
		for (let attempt = 0; ; attempt++) {
			try {
				return await sendServiceCall(this.ctx, {
					credentialType: this.credentialType,
					method: 'POST',
					url: `${connection.baseUrl}${MCP_PATH}`,
					headers: request.headers,
					body: () => request.body,
					responseType: 'text',
					timeoutMs,
					retryAfterSeconds: mcpRetryAfterSeconds,
				});
			} catch (error) {
				const retry = retryOnTransportFailure && attempt === 0 && error instanceof TransportFailure && error.kind !== 'canceled' && error.kind !== 'unreachable';
				if (retry) continue;
				const mapped = transportError(
					this.ctx.getNode(),
					error,
					{ service: MCP_SERVICE, action, baseUrl: connection.baseUrl, timeoutMs, itemIndex: options.itemIndex },
					connection.secrets,
				);
				if (mapped) throw mapped;
				throw this.credentialFailure(error, options);
			}
		}
	}

	/** n8n's own errors around the request (e.g. an OAuth credential that must be reconnected). */
	private credentialFailure(error: unknown, options: McpCallOptions): NodeOperationError {
		const message = error instanceof Error ? error.message : String(error);
		const failure = new NodeOperationError(this.ctx.getNode(), message, {
			itemIndex: options.itemIndex,
			description: error instanceof NodeOperationError ? error.description ?? undefined : undefined,
		});
		return failure;
	}

	/**
	 * n8n renews an OAuth token only when its request helper sees a 401 thrown, and our requests
	 * take every status as an answer. So after a 401 a cheap tools/list is sent the throwing way:
	 * n8n refreshes the token (saving it to the credential) and repeats it. True when a new token
	 * is in place.
	 */
	private async renewOAuthToken(options: McpCallOptions, revision: NegotiatedRevision): Promise<boolean> {
		const connection = await this.connection(options.itemIndex);
		const before = await this.ctx.getCredentials(this.credentialType, options.itemIndex);
		const oldToken = (before.oauthTokenData as IDataObject | undefined)?.access_token;
		const probe = this.buildRequest('tools/list', {}, revision, this.nextId++);
		try {
			await this.ctx.helpers.httpRequestWithAuthentication.call(this.ctx, this.credentialType, {
				method: 'POST',
				url: `${connection.baseUrl}${MCP_PATH}`,
				headers: probe.headers,
				body: probe.body,
				json: false,
				timeout: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
			});
		} catch (error) {
			const inner = (error as { cause?: unknown }).cause ?? error;
			if (inner instanceof NodeOperationError && /reconnect/i.test(inner.message)) {
				const ctx = await this.errorContext('renew the OAuth token', options);
				throw withMcpCode(
					new NodeOperationError(ctx.node, 'The Svc MCP OAuth2 API credential needs to be reconnected', {
						itemIndex: options.itemIndex,
						description:
							'The access token expired and renewing it failed: the grant was revoked or its refresh token expired (unused for 90 days). Open the credential and reconnect it.',
					}),
					undefined,
				);
			}
			return false;
		}
		const after = await this.ctx.getCredentials(this.credentialType, options.itemIndex);
		const newToken = (after.oauthTokenData as IDataObject | undefined)?.access_token;
		if (!newToken || newToken === oldToken) return false;
		this.connectionPromise = Promise.resolve({
			...connection,
			secrets: [...new Set([...connection.secrets, ...secretsOf(after)])].sort((a, b) => b.length - a.length),
			grantedScopes: grantedScopesOf(after) ?? connection.grantedScopes,
		});
		return true;
	}
}

function actionOf(method: string, params: IDataObject): string {
	switch (method) {
		case 'tools/list':
			return 'list the tools';
		case 'resources/list':
			return 'list the resources';
		case 'resources/templates/list':
			return 'list the resource templates';
		case 'resources/read':
			return `read the resource ${String(params.uri ?? '')}`;
		case 'server/discover':
			return 'discover the server';
		default:
			return `send ${method}`;
	}
}


