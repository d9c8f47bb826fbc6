/* eslint-disable @n8n/community-nodes/no-restricted-imports, @typescript-eslint/no-explicit-any -- this file runs in Node under the test tools, never inside n8n; it reads service answers of every shape */
import { connect } from 'node:net';

import { FormData, request } from 'undici';

/** A minimal HTTP client for simulator tests (undici, independent of n8n). */
export interface ClientResponse {
	status: number;
	headers: Record<string, string | string[] | undefined>;
	bytes: Buffer;
	text: string;
	/** Parsed JSON body, or undefined when the body is not JSON. */
	json: any;
}

export type FormFields = Record<string, string | string[] | undefined>;

export interface CallOptions {
	method?: string;
	headers?: Record<string, string>;
	query?: FormFields;
}

function appendAll(target: URLSearchParams | FormData, fields: FormFields): void {
	for (const [name, value] of Object.entries(fields)) {
		if (value === undefined) continue;
		for (const item of Array.isArray(value) ? value : [value]) target.append(name, item);
	}
}

function urlOf(baseUrl: string, path: string, query?: FormFields): string {
	const url = new URL(path, baseUrl);
	if (query) appendAll(url.searchParams, query);
	return url.toString();
}

async function collect(response: Awaited<ReturnType<typeof request>>): Promise<ClientResponse> {
	const bytes = Buffer.from(await response.body.arrayBuffer());
	const text = bytes.toString('utf8');
	let json: unknown;
	try {
		json = text ? JSON.parse(text) : undefined;
	} catch {
		json = undefined;
	}
	return { status: response.statusCode, headers: response.headers, bytes, text, json };
}

/** POST (or `method`) with an urlencoded body. */
export async function callForm(
	baseUrl: string,
	path: string,
	form: FormFields = {},
	options: CallOptions = {},
): Promise<ClientResponse> {
	const body = new URLSearchParams();
	appendAll(body, form);
	const method = options.method ?? 'POST';
	// A GET carries the form in its query string.
	const query =
		method === 'GET' && body.size > 0 ? { ...Object.fromEntries(body), ...(options.query ?? {}) } : options.query;
	const response = await request(urlOf(baseUrl, path, query), {
		method: method as 'POST',
		headers:
			method === 'GET' ? options.headers : { 'content-type': 'application/x-www-form-urlencoded', ...options.headers },
		body: method === 'GET' ? undefined : body.toString(),
	});
	return collect(response);
}

export interface UploadPart {
	name: string;
	content: Buffer | string;
	fieldName?: string;
	type?: string;
}

/** multipart/form-data POST with text fields and file parts. */
export async function callMultipart(
	baseUrl: string,
	path: string,
	fields: FormFields,
	files: UploadPart[],
	options: CallOptions = {},
): Promise<ClientResponse> {
	const form = new FormData();
	appendAll(form, fields);
	for (const file of files) {
		form.append(
			file.fieldName ?? 'file',
			new Blob([file.content], { type: file.type ?? 'application/octet-stream' }),
			file.name,
		);
	}
	const response = await request(urlOf(baseUrl, path, options.query), {
		method: 'POST',
		headers: options.headers,
		body: form,
	});
	return collect(response);
}

/** POST of a raw body with the given content type. */
export async function callRaw(
	baseUrl: string,
	path: string,
	body: Buffer | string,
	contentType: string,
	options: CallOptions = {},
): Promise<ClientResponse> {
	const response = await request(urlOf(baseUrl, path, options.query), {
		method: 'POST',
		headers: { 'content-type': contentType, ...options.headers },
		body,
	});
	return collect(response);
}

export function basicAuth(user: string, password: string): Record<string, string> {
	return { authorization: `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}` };
}

/**
 * Sends a request head and only part of the body, then half-closes the connection; resolves
 * with the raw response text (empty when the server closed without answering).
 */
export function sendTruncatedRequest(port: number, head: string, partialBody: Buffer): Promise<string> {
	return new Promise((resolve, reject) => {
		const socket = connect(port, '127.0.0.1', () => {
			socket.write(head);
			socket.write(partialBody);
			socket.end();
		});
		let received = '';
		socket.on('data', (chunk) => {
			received += chunk.toString('latin1');
		});
		socket.on('error', reject);
		socket.on('close', () => resolve(received));
	});
}
