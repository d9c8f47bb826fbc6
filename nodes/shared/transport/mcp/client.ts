import type { IDataObject } from 'n8n-workflow';

import type { ServiceContext } from '../http';
import { callTimeout } from '../timeouts';
import { ToolList } from './toolList';
import type { McpCredentialType, McpEndpoint } from './endpoint';
import { OAUTH_TYPE, readEndpoint } from './endpoint';
import { type ErrorContext, isSessionLost, revisionRefusedError, rpcError } from './errors';
import { toolUnavailableError, type ToolErrorHints } from './toolErrors';
import type { McpToolDescriptor } from './schemas';
import { toolAttemptOf, unknownToolOf, type McpToolOutcome, type ToolAttempt } from './toolResult';
import { revisionRefusal } from './lifecycles';
import { httpStatusError } from './statusErrors';
import type { Exchange } from './messages';
import { McpSession } from './session';
import { StreamableHttpTransport } from './streamableHttp';
import { runningNodeOf } from '../runningNode';

export type { McpCredentialType } from './endpoint';
export type { McpToolOutcome } from './toolResult';

export interface McpCallOptions {
	itemIndex?: number;
	timeoutMs?: number;
	/**
	 * The call changes something (a write without idempotency key). Such a call is never sent
	 * twice: an uncertain failure (timeout, dropped connection, 5xx, `status: "uncertain"`, a
	 * forgotten session) throws an error marked uncertain (`isUncertainOutcome`) for the caller to
	 * reconcile.
	 */
	write?: boolean;
	/**
	 * The tool's content is data (a file read): only structuredContent is protocol. Its text is
	 * never parsed for a result or a status.
	 */
	contentIsData?: boolean;
	/** What a tool error code means for this call (toolErrors.ts `ToolErrorHints`). */
	toolErrorHints?: ToolErrorHints;
	/** Called as a write's tools/call goes, after any handshake the session needed first. */
	leaving?: () => void;
}

export interface McpClientOptions {
	/** A revision to use instead of the credential's setting (e.g. "2025-06-18" or "2026-07-28"). */
	revision?: string;
}

interface ClientParts {
	endpoint: McpEndpoint;
	session: McpSession;
	tools: ToolList;
	contextOf: (purpose: string, itemIndex?: number) => ErrorContext;
}

function purposeOf(method: string, params: IDataObject): string {
	const purposes: Record<string, string> = {
		'tools/list': 'list the tools',
		'resources/list': 'list the resources',
		'resources/templates/list': 'list the resource templates',
		'server/discover': 'discover the server',
	};
	if (method === 'resources/read') return `read the resource ${String(params.uri ?? '')}`;
	return purposes[method] ?? `send ${method}`;
}

/**
 * A client of an MCP endpoint for one node execution (or one editor lookup): the calls and how
 * their results read. The HTTP transport (HTTP and SSE), the session and revision, and the tool list are
 * its parts. `close()` ends the session; callers run it when the execution ends, also after an
 * error.
 *
 * Tools are called by their documented name first (under the prefix learned for the endpoint);
 * only an "unknown tool" answer makes the client look the name up (in the error's list of
 * available tools, else tools/list).
 */
export class McpClient {
	private parts?: Promise<ClientParts>;

	constructor(
		private readonly ctx: ServiceContext,
		readonly credentialType: McpCredentialType,
		private readonly options: McpClientOptions = {},
	) {}

	private session?: McpSession;

	/** The revision in use once negotiated ("2026-07-28", "2025-06-18", …). */
	get revision(): string | undefined {
		return this.session?.revision;
	}

	/** What the server said about itself in initialize, when one was sent. */
	get serverInfo(): IDataObject | undefined {
		return this.session?.serverInfo;
	}

	/**
	 * Calls the tool whose name ends with `nameSuffix` (`list_folder` → `svc_list_folder`,
	 * `acme_list_folder`).
	 */
	async callTool(nameSuffix: string, args: IDataObject, options: McpCallOptions = {}): Promise<McpToolOutcome> {
		const { tools } = await this.ready(options.itemIndex);
		const guess = tools.guess(nameSuffix);
		const first = await this.attemptTool(guess, args, options);
		if (first.kind === 'outcome') {
			tools.confirm(nameSuffix, guess);
			return first.outcome;
		}
		// "Unknown tool" means nothing ran: looking the name up and sending again is safe, writes included.
		const { match, names } = await tools.lookUp(nameSuffix, first.available);
		if (!match || match === guess)
			throw toolUnavailableError(guess, nameSuffix, names, await this.errorContext(`call ${guess}`, options.itemIndex));
		const second = await this.attemptTool(match, args, options);
		if (second.kind === 'outcome') {
			tools.confirm(nameSuffix, match);
			return second.outcome;
		}
		throw toolUnavailableError(
			match,
			nameSuffix,
			second.available ?? names,
			await this.errorContext(`call ${match}`, options.itemIndex),
		);
	}

	/** Calls a tool by its exact name (as tools/list gives it). */
	async callToolNamed(name: string, args: IDataObject, options: McpCallOptions = {}): Promise<McpToolOutcome> {
		const attempt = await this.attemptTool(name, args, options).catch(async (error: unknown) => {
			// The server forgot the session before answering: a tool it (or the MCP endpoint's documentation)
			// declares read-only
			// changes nothing, so it is sent again in the new session; any other stays unsent.
			if (options.write && isSessionLost(error) && (await this.isReadOnlyTool(name, options)))
				return await this.attemptTool(name, args, { ...options, write: false });
			return await Promise.reject(error);
		});
		if (attempt.kind === 'outcome') return attempt.outcome;
		const names = attempt.available ?? (await this.listTools(options)).map((tool) => tool.name);
		const suffix = name.replace(/^[A-Za-z0-9-]+_/, '');
		throw toolUnavailableError(name, suffix, names, await this.errorContext(`call ${name}`, options.itemIndex));
	}

	/** Whether a tool is read-only (toolCatalogue.ts isReadOnlyTool); false when tools/list cannot be read. */
	private async isReadOnlyTool(name: string, options: McpCallOptions): Promise<boolean> {
		const { tools } = await this.ready(options.itemIndex);
		return await tools.isReadOnly(name).catch(() => false);
	}

	/** Whether the endpoint lists a tool with this suffix (fetches tools/list once). */
	async hasTool(nameSuffix: string, options: McpCallOptions = {}): Promise<boolean> {
		const { tools } = await this.ready(options.itemIndex);
		return (await tools.lookUp(nameSuffix)).match !== undefined;
	}

	/** tools/list, every page, fetched once per client (or reused while the server allows). */
	async listTools(options: McpCallOptions = {}): Promise<McpToolDescriptor[]> {
		const { tools } = await this.ready(options.itemIndex);
		return await tools.list();
	}

	/** One JSON-RPC request; returns its result (without the modern `resultType`). */
	async request(method: string, params: IDataObject = {}, options: McpCallOptions = {}): Promise<IDataObject> {
		const purpose = purposeOf(method, params);
		const exchange = await this.exchange(method, params, options, purpose);
		const ctx = await this.errorContext(purpose, options.itemIndex);
		if (exchange.kind === 'rpcError') throw rpcError(exchange.error, ctx);
		if (exchange.kind === 'status') throw this.statusError(exchange, ctx);
		return exchange.result;
	}

	/** Ends the session (DELETE) if one was started. Never throws. */
	async close(): Promise<void> {
		const parts = await this.parts?.catch(() => undefined);
		await parts?.session.close().catch(() => undefined);
	}

	private async ready(itemIndex?: number): Promise<ClientParts> {
		this.parts ??= (async () => {
			const endpoint = await readEndpoint(this.ctx, this.credentialType, itemIndex);
			const http = new StreamableHttpTransport(this.ctx, this.credentialType, endpoint);
			const contextOf = (purpose: string, index?: number): ErrorContext => ({
				node: runningNodeOf(this.ctx),
				purpose,
				itemIndex: index,
				secrets: http.secrets,
				oauth: this.credentialType === OAUTH_TYPE,
				grantedScopes: http.grantedScopes,
			});
			const session = new McpSession(http, endpoint, contextOf, this.options.revision);
			this.session = session;
			const tools = new ToolList(
				endpoint,
				async (cursor) => await this.request('tools/list', cursor ? { cursor } : {}, { itemIndex }),
				() => contextOf('list the tools', itemIndex),
			);
			return { endpoint, session, tools, contextOf };
		})();
		return await this.parts;
	}

	private async errorContext(purpose: string, itemIndex?: number): Promise<ErrorContext> {
		return (await this.ready(itemIndex)).contextOf(purpose, itemIndex);
	}

	private async exchange(
		method: string,
		params: IDataObject,
		options: McpCallOptions,
		purpose: string,
	): Promise<Exchange> {
		const { session } = await this.ready(options.itemIndex);
		const timeoutMs = callTimeout(this.ctx, options.timeoutMs);
		return await session.exchange(method, params, {
			itemIndex: options.itemIndex,
			timeoutMs,
			purpose,
			write: options.write === true && method === 'tools/call',
			leaving: method === 'tools/call' ? options.leaving : undefined,
		});
	}

	private async attemptTool(name: string, args: IDataObject, options: McpCallOptions): Promise<ToolAttempt> {
		const purpose = `call ${name}`;
		const exchange = await this.exchange('tools/call', { name, arguments: args }, options, purpose);
		const ctx = await this.errorContext(purpose, options.itemIndex);
		if (exchange.kind === 'status') throw this.statusError(exchange, ctx);
		if (exchange.kind === 'rpcError') {
			const unknown = unknownToolOf(exchange.error);
			if (unknown) return { kind: 'unknown', available: unknown.available };
			throw rpcError(exchange.error, ctx);
		}
		return toolAttemptOf(name, exchange.result, ctx, options);
	}

	/** A non-2xx answer; a refusal of the revision in use says so (and what the server supports). */
	private statusError(exchange: Extract<Exchange, { kind: 'status' }>, ctx: ErrorContext) {
		const revision = this.session?.revision;
		const refusal = revision ? revisionRefusal(exchange.response, exchange.body, revision) : undefined;
		if (revision && refusal) return revisionRefusedError(revision, refusal.supported, ctx);
		return httpStatusError(exchange.response, exchange.body, ctx);
	}
}
