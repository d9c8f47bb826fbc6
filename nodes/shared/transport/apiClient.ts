import type { NodeApiError } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { checkBaseUrl } from './baseUrl';
import { transportError } from './errors';
import type { RequestBody, ServiceCall, ServiceContext, ServiceResponse } from './http';
import { sendServiceCall } from './http';
import { secretsOf } from './redact';

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
}

export interface ApiDefinition {
	credentialType: string;
	/** The credential's display name, for messages about its fields. */
	credentialLabel: string;
	/** The service's name in messages ("Svc", "Svc DVS"). */
	serviceName: string;
}

/** The credential's checked Base URL and secrets. */
export async function connectionOf(
	ctx: ServiceContext,
	api: ApiDefinition,
	itemIndex?: number,
): Promise<ApiConnection> {
	const credentials = await ctx.getCredentials(api.credentialType, itemIndex);
	const baseUrl = checkBaseUrl(credentials.baseUrl, api.credentialLabel);
	if (baseUrl.problem !== undefined) throw new NodeOperationError(ctx.getNode(), baseUrl.problem, { itemIndex });
	return { baseUrl: baseUrl.url, secrets: secretsOf(credentials) };
}

/**
 * Sends one call of an API and returns its 2xx answer. Failures without an HTTP answer and
 * 429s past the policy become the shared transport errors; any other status goes to the
 * API's own `statusError`, which knows what that status means there.
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
	},
	options: ApiCallOptions,
	statusError: (response: ServiceResponse, connection: ApiConnection) => NodeApiError,
): Promise<ServiceResponse> {
	const connection = await connectionOf(ctx, api, options.itemIndex);
	let response: ServiceResponse;
	try {
		response = await sendServiceCall(ctx, {
			credentialType: api.credentialType,
			method: 'POST',
			url: `${connection.baseUrl}${path}`,
			headers: request.headers,
			body: request.body,
			responseType: request.responseType,
			retryAfterSeconds: request.retryAfterSeconds,
			timeoutMs: options.timeoutMs,
		});
	} catch (error) {
		const mapped = transportError(
			ctx.getNode(),
			error,
			{
				service: api.serviceName,
				action: options.action,
				baseUrl: connection.baseUrl,
				timeoutMs: options.timeoutMs,
				itemIndex: options.itemIndex,
			},
			connection.secrets,
		);
		if (mapped) throw mapped;
		throw new NodeOperationError(ctx.getNode(), error as Error, { itemIndex: options.itemIndex });
	}
	if (response.status >= 200 && response.status < 300) return response;
	if (request.responseType === 'stream') response.body = await readErrorBody(response.body);
	throw statusError(response, connection);
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

/** A JSON body as an object, whether axios parsed it already or left it as text. */
export function parseJsonBody(body: unknown): unknown {
	if (Buffer.isBuffer(body)) body = body.toString('utf8');
	if (typeof body !== 'string') return body;
	const text = body.trim();
	if (!text) return {};
	try {
		return JSON.parse(text);
	} catch {
		return text;
	}
}
