import type {
	ICredentialsDecrypted,
	IDataObject,
	IExecuteFunctions,
	IHttpRequestMethods,
	IHttpRequestOptions,
	ILoadOptionsFunctions,
	IN8nHttpFullResponse,
	IPollFunctions,
} from 'n8n-workflow';

import { bufferedBody, discardBody } from './streams';
import { noteServerDate } from './serverClock';
import { throttleIfAny, throttleOf } from './throttle';

/** Every kind of n8n function context that may call the service. */
export type ServiceContext = IExecuteFunctions | IPollFunctions | ILoadOptionsFunctions;

export type RequestBody = IHttpRequestOptions['body'];

export interface RateLimitPolicy {
	/** Retries after a 429 before giving up: with 3, a call is sent at most 4 times. */
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
	/** The request's timeout, as callTimeout gave it once for the call. */
	timeoutMs: number;
	rateLimit?: RateLimitPolicy;
	/** Seconds the service asks us to wait, read from a 429 response (default: Retry-After). */
	retryAfterSeconds?: (response: ServiceResponse) => number | undefined;
	/**
	 * The node's credential of `credentialType` as this run read it (not an OAuth2 one, which n8n reads and
	 * renews itself): n8n signs with it instead of decrypting the credential again for every request.
	 */
	credentials?: ICredentialsDecrypted;
}

export interface ServiceResponse {
	status: number;
	headers: Record<string, string>;
	body: unknown;
}

export type TransportFailureKind = 'timeout' | 'connection-lost' | 'unreachable' | 'canceled';

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
		/** The longest wait the node accepted (the policy's, or the Longest Rate Limit Wait option). */
		readonly longestWaitSeconds?: number,
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

/** n8n's request options for one attempt of a call: every status returned, no redirect followed. */
async function requestOptionsOf(call: ServiceCall): Promise<IHttpRequestOptions> {
	const options: IHttpRequestOptions = {
		method: call.method,
		url: call.url,
		headers: { ...(call.headers ?? {}) },
		returnFullResponse: true,
		ignoreHttpStatusErrors: true,
		disableFollowRedirect: true,
		timeout: call.timeoutMs,
		encoding: call.responseType === 'json' ? undefined : call.responseType,
		json: call.responseType === 'json' || call.responseType === undefined,
	};
	const body = call.body ? await call.body() : undefined;
	if (body !== undefined) options.body = body;
	return options;
}

/** A request helper's full response as a ServiceResponse; a failure without one as a TransportFailure. */
function responseOf(raw: IN8nHttpFullResponse): ServiceResponse {
	return { status: raw.statusCode, headers: lowerCaseHeaders(raw.headers), body: raw.body };
}

function failureOf(error: unknown): TransportFailure {
	return classifyFailure((error as { cause?: unknown }).cause ?? error);
}

const longestWaits = new WeakMap<object, number>();

/** A wait on a 429 this long or longer is logged, so a run that seems to hang says why. */
const LOGGED_WAIT_SECONDS = 5;

/** The longest wait on a 429 this execution accepts (the Longest Rate Limit Wait option), in seconds. */
export function setLongestRateLimitWait(ctx: object, seconds: number): void {
	if (Number.isFinite(seconds) && seconds >= 0) longestWaits.set(ctx, seconds);
}

/**
 * Sends one call through n8n's authenticated request helper (proxy, cancellation and credential
 * handling come with it) and returns every HTTP answer, whatever its status, for the API layer to
 * interpret: the one request loop of both APIs, REST (apiClient.ts) and MCP (streamableHttp.ts).
 * No redirect is followed: a 3xx becomes `Redirected`. 429s are waited out per the policy (3 retries:
 * at most 4 requests), the execution's requests one at a time from the first on (`Throttle`); anything that
 * produced no HTTP answer becomes a TransportFailure.
 */
export async function sendServiceCall(ctx: ServiceContext, call: ServiceCall): Promise<ServiceResponse> {
	const signing = call.credentials && { credentialsDecrypted: call.credentials };
	for (let attempt = 0; ; attempt++) {
		// Built before the try: a body that cannot be built (its file unreadable) is that error, and nothing was sent.
		const options = await requestOptionsOf(call);
		// Held until the answer is read: after a 429, no other request goes before its wait is set.
		const endTurn = await throttleIfAny(ctx)?.turn();
		let response: ServiceResponse;
		let waitMs: number | undefined;
		try {
			let raw: IN8nHttpFullResponse;
			try {
				raw = (await ctx.helpers.httpRequestWithAuthentication.call(
					ctx,
					call.credentialType,
					options,
					signing,
				)) as IN8nHttpFullResponse;
			} catch (error) {
				throw failureOf(error);
			}
			response = responseOf(raw);
			// A gateway's error answer may carry its own clock: only the service's answers tell the service's time.
			if (response.status >= 200 && response.status < 300) noteServerDate(ctx, response.headers.date, Date.now());
			waitMs = await retryWaitMs(ctx, call, response, attempt);
			if (waitMs !== undefined) throttleOf(ctx).pauseFor(waitMs);
		} finally {
			endTurn?.();
		}
		if (waitMs === undefined) return response;
	}
}

/**
 * What to do with an answer before it is interpreted: a 3xx becomes `Redirected` (never
 * followed), a 429 the wait before the next attempt (or RateLimited past the policy); any other
 * answer is the call's (undefined).
 */
export async function retryWaitMs(
	ctx: ServiceContext,
	call: ServiceCall,
	response: ServiceResponse,
	attempt: number,
): Promise<number | undefined> {
	if (response.status >= 300 && response.status < 400) {
		await discardBody(response.body);
		throw new Redirected(response.status, call.url, response.headers.location);
	}
	if (response.status !== 429) return undefined;
	// From now on the execution's requests go one at a time, also if this call gives up below.
	throttleOf(ctx);
	const policy = call.rateLimit ?? DEFAULT_RATE_LIMIT_POLICY;
	const requested = (call.retryAfterSeconds ?? retryAfterHeaderSeconds)({
		...response,
		body: await bufferedBody(response.body),
	});
	const wait = requested ?? policy.defaultWaitSeconds;
	const longest = longestWaits.get(ctx) ?? policy.maxWaitSeconds;
	if (attempt >= policy.maxRetries || wait > longest) throw new RateLimited(requested, attempt + 1, longest);
	if (wait >= LOGGED_WAIT_SECONDS) {
		ctx.logger?.info(
			`Svc answered 429 (rate limit): waiting ${Math.ceil(wait)} s before trying again (try ${attempt + 2} ` +
				`of ${policy.maxRetries + 1})`,
			{ url: new URL(call.url).origin },
		);
	}
	return Math.ceil(wait * 1000);
}
