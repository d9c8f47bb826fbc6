import type { IN8nHttpFullResponse, NodeApiError } from 'n8n-workflow';
import { NodeOperationError, sleep } from 'n8n-workflow';

import type { AnswerShape } from './answers';
import { mismatchOf, saysFailed } from './answers';
import { checkBaseUrl } from './baseUrl';
import { sayingOutcomeUncertain, serviceError, serviceMessageOf, transportError } from './errors';
import type { RequestBody, ServiceCall, ServiceContext, ServiceResponse } from './http';
import { failureOf, requestOptionsOf, responseOf, retryWaitMs, timeoutFor } from './http';
import { excerptOf, secretsOf } from './redact';

export interface ApiConnection {
	baseUrl: string;
	/** The credential's secrets, for redacting anything shown to the user. */
	secrets: string[];
}

export interface ApiCallOptions {
	/** What the call does, as the end of "while trying to …" (e.g. "create the folder"). */
	action: string;
	itemIndex?: number;
	timeoutMs?: number;
	/**
	 * The call is a write settled by reconcile.ts, which reads back after an unknown outcome.
	 * Other writes say "Outcome uncertain" themselves.
	 */
	reconciled?: boolean;
}

export interface ApiDefinition {
	credentialType: string;
	/** The credential's display name, for messages about its fields. */
	credentialLabel: string;
	/** The service's name in messages ("Svc", "Svc DVS"). */
	serviceName: string;
}

const connections = new WeakMap<object, Map<string, ApiConnection>>();

/**
 * The credential's checked Base URL and secrets, read once per execution (a node's credential is
 * the same for all its items).
 */
export async function connectionOf(
	ctx: ServiceContext,
	api: ApiDefinition,
	itemIndex?: number,
): Promise<ApiConnection> {
	const known = connections.get(ctx)?.get(api.credentialType);
	if (known) return known;
	const credentials = await ctx.getCredentials(api.credentialType, itemIndex);
	const baseUrl = checkBaseUrl(credentials.baseUrl, api.credentialLabel);
	if (baseUrl.problem !== undefined) throw new NodeOperationError(ctx.getNode(), baseUrl.problem, { itemIndex });
	const connection = { baseUrl: baseUrl.url, secrets: secretsOf(credentials) };
	if (!connections.has(ctx)) connections.set(ctx, new Map());
	connections.get(ctx)!.set(api.credentialType, connection);
	return connection;
}

/**
 * Sends one call of an API and returns its 2xx answer. Failures without an HTTP answer,
 * redirects and 429s past the policy become the shared transport errors; any other status goes
 * to the API's own `statusError`, which knows what that status means there. With an `answer`
 * shape, the 2xx body is parsed and checked against it: the returned body is the parsed JSON.
 */
export async function sendApiCall(
	ctx: ServiceContext,
	api: ApiDefinition,
	path: string,
	request: {
		body?: () => RequestBody;
		responseType?: ServiceCall['responseType'];
		headers?: ServiceCall['headers'];
		retryAfterSeconds?: ServiceCall['retryAfterSeconds'];
		method?: ServiceCall['method'];
		answer?: AnswerShape;
	},
	options: ApiCallOptions,
	statusError: (response: ServiceResponse, connection: ApiConnection) => NodeApiError,
): Promise<ServiceResponse> {
	const connection = await connectionOf(ctx, api, options.itemIndex);
	const timeoutMs = timeoutFor(ctx, options.timeoutMs);
	const saysUncertain = request.answer?.write === true && options.reconciled !== true;
	const call: ServiceCall = {
		...request,
		credentialType: api.credentialType,
		method: request.method ?? 'POST',
		url: `${connection.baseUrl}${path}`,
		timeoutMs,
	};
	let response: ServiceResponse | undefined;
	try {
		// The loop of sendServiceCall, here so that a REST call is one frame above n8n's helper.
		for (let attempt = 0; response === undefined; attempt++) {
			let raw: IN8nHttpFullResponse;
			try {
				raw = (await ctx.helpers.httpRequestWithAuthentication.call(
					ctx,
					api.credentialType,
					await requestOptionsOf(ctx, call),
				)) as IN8nHttpFullResponse;
			} catch (error) {
				throw failureOf(error);
			}
			const answer = responseOf(raw);
			const waitMs = await retryWaitMs(ctx, call, answer, attempt);
			if (waitMs === undefined) response = answer;
			else await sleep(waitMs);
		}
	} catch (error) {
		const mapped = transportError(
			ctx.getNode(),
			error,
			{
				service: api.serviceName,
				action: options.action,
				baseUrl: connection.baseUrl,
				timeoutMs,
				itemIndex: options.itemIndex,
			},
			connection.secrets,
		);
		if (mapped) throw saysUncertain ? sayingOutcomeUncertain(mapped) : mapped;
		throw new NodeOperationError(ctx.getNode(), error as Error, { itemIndex: options.itemIndex });
	}
	if (response.status >= 200 && response.status < 300) {
		if (!request.answer) return response;
		const checked = checkedAnswer(ctx, api, response, request.answer, options, connection);
		if (checked.ok) return { ...response, body: checked.body };
		// The service's own "success: false" is its refusal; only a reconciled write looks again.
		throw saysUncertain && !checked.refusal ? sayingOutcomeUncertain(checked.error) : checked.error;
	}
	if (request.responseType === 'stream') response.body = await readErrorBody(response.body);
	const refused = statusError(response, connection);
	throw saysUncertain ? sayingOutcomeUncertain(refused) : refused;
}

/**
 * The 2xx body parsed and matched against the action's documented shape. Anything else is an
 * error with the status and a short redacted excerpt; after a write, an uncertain outcome.
 */
function checkedAnswer(
	ctx: ServiceContext,
	api: ApiDefinition,
	response: ServiceResponse,
	answer: AnswerShape,
	options: ApiCallOptions,
	connection: ApiConnection,
): { ok: true; body: unknown } | { ok: false; error: NodeApiError; refusal: boolean } {
	const raw = Buffer.isBuffer(response.body) ? response.body.toString('utf8') : response.body;
	let parsed: unknown = raw;
	let problem: string | undefined;
	if (typeof raw === 'string') {
		const text = raw.trim();
		try {
			parsed = text === '' ? undefined : JSON.parse(text);
		} catch {
			problem = 'the answer is not JSON';
		}
	}
	if (problem === undefined) {
		const checked = answer.schema.safeParse(parsed);
		if (checked.success) return { ok: true, body: checked.data };
		problem = mismatchOf(checked);
	}
	const said = excerptOf(raw, connection.secrets);
	const refusal = saysFailed(parsed) ? serviceMessageOf({ ...response, body: parsed }, connection.secrets) : undefined;
	const error = serviceError(
		ctx.getNode(),
		{
			message: saysFailed(parsed)
				? `${api.serviceName} did not ${options.action}${refusal ? `: ${refusal}` : ' (it answered success: false)'}`
				: `${api.serviceName} answered ${response.status} while trying to ${options.action}, but not ` +
					`with ${answer.expected}: ${problem}`,
			description: `${said ? `It sent: ${said}. ` : 'It sent an empty body. '}${
				answer.write
					? 'Whether the change happened is unknown: the node checks before it does anything else.'
					: "Check that the credential's Base URL points at the service itself (not a proxy or login " +
						'page), then run again.'
			}`,
			httpCode: String(response.status),
			itemIndex: options.itemIndex,
			cause: 'temporarily-unavailable',
			uncertain: answer.write,
		},
		connection.secrets,
	);
	return { ok: false, error, refusal: saysFailed(parsed) };
}

/** Reads at most 64 KiB of a streamed error body and drains the rest. */
async function readErrorBody(body: unknown): Promise<Buffer> {
	if (!body || typeof (body as AsyncIterable<Buffer>)[Symbol.asyncIterator] !== 'function') return Buffer.alloc(0);
	const chunks: Buffer[] = [];
	let size = 0;
	for await (const chunk of body as AsyncIterable<Buffer>) {
		if (size < 64 * 1024) chunks.push(Buffer.from(chunk));
		size += chunk.length;
	}
	return Buffer.concat(chunks);
}
