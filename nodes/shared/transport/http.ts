import type {
	IDataObject,
	IExecuteFunctions,
	IHttpRequestMethods,
	IHttpRequestOptions,
	ILoadOptionsFunctions,
	IN8nHttpFullResponse,
	IPollFunctions,
} from 'n8n-workflow';
import { sleep } from 'n8n-workflow';

/** Every kind of n8n function context that may call the service. */
export type ServiceContext = IExecuteFunctions | IPollFunctions | ILoadOptionsFunctions;

export type RequestBody = IHttpRequestOptions['body'];

export interface RateLimitPolicy {
	/** Retries after a 429 before giving up. */
	maxRetries: number;
	/** Longest wait honoured for one retry; a longer Retry-After gives up at once. */
	maxWaitSeconds: number;
	/** Wait when the service names none. */
	defaultWaitSeconds: number;
}

export const DEFAULT_RATE_LIMIT_POLICY: RateLimitPolicy = {
	maxRetries: 3,
	maxWaitSeconds: 60,
	defaultWaitSeconds: 2,
};

export interface ServiceCall {
	credentialType: string;
	method: IHttpRequestMethods;
	url: string;
	headers?: IDataObject;
	/** Built anew for every attempt, so a streamed body can be sent again after a 429. */
	body?: () => RequestBody | Promise<RequestBody>;
	responseType?: 'json' | 'text' | 'stream' | 'arraybuffer';
	timeoutMs?: number;
	rateLimit?: RateLimitPolicy;
	/** Seconds the service asks us to wait, read from a 429 response (default: Retry-After). */
	retryAfterSeconds?: (response: ServiceResponse) => number | undefined;
}

export interface ServiceResponse {
	status: number;
	headers: Record<string, string>;
	body: unknown;
}

export type TransportFailureKind = 'timeout' | 'connection-lost' | 'unreachable' | 'canceled';

/** Every request's timeout unless the call names one; also the default of the Timeout option. */
export const DEFAULT_TIMEOUT_MS = 120_000;
/** Editor lookups (list search, load options, resource mapping) give up sooner: a person is waiting. */
export const EDITOR_LOOKUP_TIMEOUT_MS = 30_000;

/** True for the editor's lookup contexts (list search, load options, resource mapping). */
export function isEditorLookup(ctx: ServiceContext): boolean {
	return typeof (ctx as ILoadOptionsFunctions).getCurrentNodeParameter === 'function';
}

/** The timeout of one request: the call's own, capped for editor lookups. */
export function timeoutFor(ctx: ServiceContext, requested: number | undefined): number {
	const timeout = requested && requested > 0 ? requested : DEFAULT_TIMEOUT_MS;
	return isEditorLookup(ctx) ? Math.min(timeout, EDITOR_LOOKUP_TIMEOUT_MS) : timeout;
}

/**
 * The request did not produce an HTTP response. `uncertain` is true when the request may have
 * reached the service (and a write may have committed), false when it certainly did not.
 */
export class TransportFailure extends Error {
	constructor(
		readonly kind: TransportFailureKind,
		readonly code: string,
		readonly uncertain: boolean,
	) {
		super(`${kind} (${code})`);
	}
}

/**
 * The service answered with a redirect. No request follows one (credentials go to the configured
 * origin only), so the other host received nothing. A redirect after a write says nothing about
 * whether the write happened: the outcome is uncertain.
 */
export class Redirected extends Error {
	constructor(
		readonly status: number,
		readonly requestedUrl: string,
		readonly location: string | undefined,
	) {
		super(`redirect ${status}`);
	}
}

/** The service kept answering 429 past the policy's retries or asked for too long a wait. */
export class RateLimited extends Error {
	constructor(
		readonly retryAfterSeconds: number | undefined,
		readonly attempts: number,
	) {
		super('rate limited');
	}
}

const UNREACHABLE_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);
const TIMEOUT_CODES = new Set(['ECONNABORTED', 'ETIMEDOUT', 'ESOCKETTIMEDOUT']);

function errorCode(error: unknown): string {
	const seen = new Set<unknown>();
	let current: unknown = error;
	while (current && typeof current === 'object' && !seen.has(current)) {
		seen.add(current);
		const code = (current as { code?: unknown }).code;
		if (typeof code === 'string' && code) return code;
		current = (current as { cause?: unknown }).cause;
	}
	const message = error instanceof Error ? error.message : String(error);
	if (/socket hang up/i.test(message)) return 'ECONNRESET';
	if (/timeout/i.test(message)) return 'ETIMEDOUT';
	if (/aborted|canceled/i.test(message)) return 'ERR_CANCELED';
	return 'UNKNOWN';
}

function classifyFailure(error: unknown): TransportFailure {
	const code = errorCode(error);
	if (code === 'ERR_CANCELED') return new TransportFailure('canceled', code, false);
	if (UNREACHABLE_CODES.has(code)) return new TransportFailure('unreachable', code, false);
	if (TIMEOUT_CODES.has(code)) return new TransportFailure('timeout', code, true);
	return new TransportFailure('connection-lost', code, true);
}

function lowerCaseHeaders(headers: unknown): Record<string, string> {
	const result: Record<string, string> = {};
	if (!headers || typeof headers !== 'object') return result;
	for (const [name, value] of Object.entries(headers as Record<string, unknown>)) {
		if (value === undefined || value === null) continue;
		result[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
	}
	return result;
}

export function retryAfterHeaderSeconds(response: ServiceResponse): number | undefined {
	const value = response.headers['retry-after'];
	if (!value) return undefined;
	const seconds = Number(value);
	if (Number.isFinite(seconds) && seconds >= 0) return seconds;
	const date = Date.parse(value);
	return Number.isNaN(date) ? undefined : Math.max(0, (date - Date.now()) / 1000);
}

/** How often a streamed answer is checked for progress. */
const IDLE_CHECK_MS = 1000;

/** A streamed answer watched for progress: `stalled` settles with an error when it brings no bytes for a while. */
export interface WatchedStream<T> {
	stream: T;
	/** Never rejects; resolves with the error to report when the stream stalled, and stays pending otherwise. */
	stalled: Promise<Error>;
}

/**
 * Watches a streamed answer (a download): when its body brings no new bytes for `idleMs`, the
 * stream is destroyed and `stalled` resolves, so a stalled transfer ends instead of hanging. n8n's
 * request timeout covers only the wait for the headers, and a wrapped response stream may not
 * end on destroy until its source moves again: the consumer races `stalled`. Progress is seen
 * through the stream's `push`, so the consumer still reads at its own pace.
 */
export function watchIdle<T>(body: T, idleMs: number): WatchedStream<T> {
	type Stream = {
		push?: (chunk: unknown, encoding?: unknown) => boolean;
		destroy?: (error: Error) => void;
		once?: (event: string, listener: () => void) => void;
	};
	const stream = body as unknown as Stream;
	if (!stream || typeof stream.push !== 'function' || typeof stream.once !== 'function') {
		return { stream: body, stalled: new Promise<Error>(() => undefined) };
	}
	// Measured on the clock, not by counting waits: a wait may end early (a test's warped timers).
	let lastProgress = Date.now();
	let ended = false;
	const push = stream.push.bind(stream);
	stream.push = (chunk: unknown, encoding?: unknown) => {
		if (chunk === null) ended = true;
		else if (chunk && typeof (chunk as Buffer).length === 'number' && (chunk as Buffer).length > 0) lastProgress = Date.now();
		return push(chunk, encoding);
	};
	for (const event of ['end', 'close', 'error']) stream.once(event, () => (ended = true));
	const step = Math.min(idleMs, IDLE_CHECK_MS);
	const stalled = new Promise<Error>((resolve) => {
		void (async () => {
			while (!ended) {
				await sleep(step);
				if (ended) return;
				if (Date.now() - lastProgress >= idleMs) {
					const error = new Error(`no data for ${idleMs} ms`);
					stream.destroy?.(error);
					resolve(error);
					return;
				}
			}
		})();
	});
	return { stream: body, stalled };
}

/** Drains a streamed error body so the connection is released. */
export async function discardBody(body: unknown): Promise<void> {
	if (body && typeof (body as AsyncIterable<unknown>)[Symbol.asyncIterator] === 'function') {
		const chunks = (body as AsyncIterable<unknown>)[Symbol.asyncIterator]();
		// reading to the end frees the socket
		while (!(await chunks.next()).done);
	}
}

/**
 * A streamed answer read to its end (the connection is released), keeping at most `limit` bytes;
 * an answer that is not a stream is returned as it is.
 */
export async function bufferedBody(body: unknown, limit = Infinity): Promise<unknown> {
	if (!body || typeof (body as AsyncIterable<unknown>)[Symbol.asyncIterator] !== 'function') return body;
	const chunks: Buffer[] = [];
	let size = 0;
	for await (const chunk of body as AsyncIterable<Buffer | string>) {
		const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
		if (size < limit) chunks.push(buffer);
		size += buffer.length;
	}
	return Buffer.concat(chunks);
}

async function sendOnce(ctx: ServiceContext, call: ServiceCall): Promise<ServiceResponse> {
	const options: IHttpRequestOptions = {
		method: call.method,
		url: call.url,
		headers: { ...(call.headers ?? {}) },
		returnFullResponse: true,
		ignoreHttpStatusErrors: true,
		disableFollowRedirect: true,
		timeout: timeoutFor(ctx, call.timeoutMs),
		encoding: call.responseType === 'json' ? undefined : call.responseType,
		json: call.responseType === 'json' || call.responseType === undefined,
	};
	const body = call.body ? await call.body() : undefined;
	if (body !== undefined) options.body = body;
	let raw: IN8nHttpFullResponse;
	try {
		raw = (await ctx.helpers.httpRequestWithAuthentication.call(
			ctx,
			call.credentialType,
			options,
		)) as IN8nHttpFullResponse;
	} catch (error) {
		throw classifyFailure((error as { cause?: unknown }).cause ?? error);
	}
	return { status: raw.statusCode, headers: lowerCaseHeaders(raw.headers), body: raw.body };
}

const throttled = new WeakSet<object>();

/** Whether the service has answered 429 during this execution (parallel items then go one at a time). */
export function wasThrottled(ctx: object): boolean {
	return throttled.has(ctx);
}

/**
 * Sends one call through n8n's authenticated request helper (proxy, cancellation and credential
 * handling come with it) and returns every HTTP answer, whatever its status, for the API layer to
 * interpret. No redirect is followed: a 3xx becomes `Redirected`. 429s are waited out with
 * `sleep` per the policy; anything that produced no HTTP answer becomes a TransportFailure.
 */
export async function sendServiceCall(ctx: ServiceContext, call: ServiceCall): Promise<ServiceResponse> {
	const policy = call.rateLimit ?? DEFAULT_RATE_LIMIT_POLICY;
	const readRetryAfter = call.retryAfterSeconds ?? retryAfterHeaderSeconds;
	for (let attempt = 0; ; attempt++) {
		const response = await sendOnce(ctx, call);
		if (response.status >= 300 && response.status < 400) {
			await discardBody(response.body);
			throw new Redirected(response.status, call.url, response.headers.location);
		}
		if (response.status !== 429) return response;
		throttled.add(ctx);
		const requested = readRetryAfter({ ...response, body: await bufferedBody(response.body) });
		const wait = requested ?? policy.defaultWaitSeconds;
		if (attempt >= policy.maxRetries || wait > policy.maxWaitSeconds) {
			throw new RateLimited(requested, attempt + 1);
		}
		await sleep(Math.ceil(wait * 1000));
	}
}
