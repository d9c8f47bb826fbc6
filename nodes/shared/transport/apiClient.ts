import type { ICredentialsDecrypted, NodeApiError } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { mismatchOf, saysFailed } from './answers';
import { checkBaseUrl } from './baseUrl';
import { asWriteFailure, serviceError, serviceMessageOf } from './errors';
import { transportError } from './failures';
import type { RequestBody, ServiceCall, ServiceContext, ServiceResponse } from './http';
import { sendServiceCall } from './http';
import { callTimeout } from './timeouts';
import { excerptOf, secretsOf } from './redact';
import type { RestAction } from './restCatalogue';
import { runningNodeOf } from './runningNode';

export interface ApiConnection {
	baseUrl: string;
	/** The credential's secrets, for redacting anything shown to the user. */
	secrets: string[];
}

export interface ApiCallOptions {
	/** What the call is for, as the end of "while trying to …" (e.g. "create the folder"). */
	purpose: string;
	itemIndex?: number;
	timeoutMs?: number;
}

export interface ApiDefinition {
	credentialType: string;
	/** The credential's display name, for messages about its fields. */
	credentialLabel: string;
	/** The service's name in messages ("Svc", "Svc DVS"). */
	serviceName: string;
}

interface RunCredential {
	connection: ApiConnection;
	/** What n8n signs this run's requests with (http.ts `ServiceCall.credentials`). */
	credentials: ICredentialsDecrypted;
}

/**
 * Each run's credentials, by its execution context: n8n drops the context when the run ends, and with it
 * what was decrypted for it; nothing outlives the run. The items running at once share one reading.
 */
const runCredentials = new WeakMap<object, Map<string, Promise<RunCredential>>>();

/** The credential, decrypted once per run (a node's credential is the same for all its items). */
async function runCredentialOf(ctx: ServiceContext, api: ApiDefinition, itemIndex?: number): Promise<RunCredential> {
	const known = runCredentials.get(ctx) ?? new Map<string, Promise<RunCredential>>();
	runCredentials.set(ctx, known);
	let reading = known.get(api.credentialType);
	if (reading === undefined) {
		reading = readRunCredential(ctx, api, itemIndex);
		known.set(api.credentialType, reading);
		// A failed reading is each later item's own again (its message names its item).
		void reading.catch(() => known.delete(api.credentialType));
	}
	return await reading;
}

async function readRunCredential(ctx: ServiceContext, api: ApiDefinition, itemIndex?: number): Promise<RunCredential> {
	const credentials = await ctx.getCredentials(api.credentialType, itemIndex);
	const baseUrl = checkBaseUrl(credentials.baseUrl, api.credentialLabel);
	if (baseUrl.problem !== undefined) throw new NodeOperationError(ctx.getNode(), baseUrl.problem, { itemIndex });
	// Named as n8n names it: the node's credential details (getNode copies the whole node, so once a run).
	const { id, name } = runningNodeOf(ctx).credentials?.[api.credentialType] ?? {};
	return {
		connection: { baseUrl: baseUrl.url, secrets: secretsOf(credentials) },
		credentials: { id: id ?? '', name: name ?? '', type: api.credentialType, data: credentials },
	};
}

/** The credential's checked Base URL and secrets, read once per run. */
export async function connectionOf(
	ctx: ServiceContext,
	api: ApiDefinition,
	itemIndex?: number,
): Promise<ApiConnection> {
	return (await runCredentialOf(ctx, api, itemIndex)).connection;
}

/** What sendApiCall sends: the action's row and how its body, headers and answer are read. */
export interface ApiRequest {
	action: RestAction;
	body?: () => RequestBody | Promise<RequestBody>;
	responseType?: ServiceCall['responseType'];
	headers?: ServiceCall['headers'];
	/** The URL's query string (a GET script's fields). */
	query?: string;
}

/**
 * Sends one call of an API and returns its 2xx answer. Failures without an HTTP answer,
 * redirects and 429s past the policy become the shared transport errors; any other status goes
 * to the API's own `statusError`, which knows what that status means there. With an answer shape
 * in the action's row, the 2xx body is parsed and checked against it: the returned body is the
 * parsed JSON.
 */
export async function sendApiCall(
	ctx: ServiceContext,
	api: ApiDefinition,
	path: string,
	request: ApiRequest,
	options: ApiCallOptions,
	statusError: (response: ServiceResponse, connection: ApiConnection) => NodeApiError,
): Promise<ServiceResponse & { timeoutMs: number }> {
	const { connection, credentials } = await runCredentialOf(ctx, api, options.itemIndex);
	const { action } = request;
	const timeoutMs = callTimeout(ctx, options.timeoutMs);
	// A write's unknown outcome is reported as such (`asWriteFailure`), for the layer that knows the write.
	const reported = (error: unknown) => (action.write ? asWriteFailure(error) : error);
	let response: ServiceResponse;
	try {
		response = await sendServiceCall(ctx, {
			body: request.body,
			responseType: request.responseType,
			headers: request.headers,
			credentialType: api.credentialType,
			credentials,
			method: action.method,
			url: `${connection.baseUrl}${path}${request.query ? `?${request.query}` : ''}`,
			timeoutMs,
		});
	} catch (error) {
		const context = { service: api.serviceName, purpose: options.purpose, baseUrl: connection.baseUrl, timeoutMs };
		const mapped = transportError(
			ctx.getNode(),
			error,
			{ ...context, itemIndex: options.itemIndex },
			connection.secrets,
		);
		if (mapped) throw reported(mapped);
		throw new NodeOperationError(ctx.getNode(), error as Error, { itemIndex: options.itemIndex });
	}
	if (response.status >= 200 && response.status < 300) {
		if (!action.answer) return { ...response, timeoutMs };
		const checked = checkedAnswer(ctx, api, response, action, options, connection);
		if (checked.ok) return { ...response, body: checked.body, timeoutMs };
		// The service's own "success: false" is its refusal; only a reconciled write looks again.
		throw checked.refusal ? checked.error : reported(checked.error);
	}
	if (request.responseType === 'stream') response.body = await readErrorBody(response.body);
	const refused = statusError(response, connection);
	throw reported(refused);
}

/**
 * The 2xx body parsed and matched against the action's documented shape. Anything else is an
 * error with the status and a short redacted excerpt; after a write, an uncertain outcome.
 */
function checkedAnswer(
	ctx: ServiceContext,
	api: ApiDefinition,
	response: ServiceResponse,
	action: RestAction,
	options: ApiCallOptions,
	connection: ApiConnection,
): { ok: true; body: unknown } | { ok: false; error: NodeApiError; refusal: boolean } {
	const answer = action.answer!;
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
				? `${api.serviceName} did not ${options.purpose}${refusal ? `: ${refusal}` : ' (it answered success: false)'}`
				: `${api.serviceName} answered ${response.status} while trying to ${options.purpose}, but not ` +
					`with ${answer.expected}: ${problem}`,
			description: `${said ? `It sent: ${said}. ` : 'It sent an empty body. '}${
				action.write
					? 'Whether the change happened is unknown: the node checks before it does anything else.'
					: "Check that the credential's Base URL points at the service itself (not a proxy or login " +
						'page), then run again.'
			}`,
			httpCode: String(response.status),
			itemIndex: options.itemIndex,
			cause: 'temporarily-unavailable',
			uncertain: action.write,
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
