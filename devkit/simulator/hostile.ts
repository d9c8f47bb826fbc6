/* eslint-disable @n8n/community-nodes/no-restricted-imports -- this file runs in Node under the test tools, never inside n8n */
import type { IncomingMessage } from 'node:http';
import { Readable } from 'node:stream';

import type { FaultKind, SimResponse } from './types';

/**
 * The answers of a hostile server (or a proxy in front of the service) that the documents do not
 * rule out, built from the request or from the answer the service would have given.
 */

type Fault<K extends FaultKind['kind']> = Extract<FaultKind, { kind: K }>;

/** A redirect to another origin or to plain HTTP, before anything is done. */
export function redirectAnswer(fault: Fault<'redirect'>): SimResponse {
	return { status: fault.status, headers: { Location: fault.location, Connection: 'close' }, body: '' };
}

function encode(text: string, encoding: Fault<'echoRequest'>['encoding']): string {
	if (encoding === 'percent') return encodeURIComponent(text);
	if (encoding === 'plus') return new URLSearchParams({ echo: text }).toString().slice(5);
	return text;
}

/** An error page that repeats what the client sent: its URL, headers and body. */
export function echoAnswer(fault: Fault<'echoRequest'>, req: IncomingMessage, body: Buffer): SimResponse {
	const headers = Object.entries(req.headers)
		.map(([name, value]) => `${name}: ${Array.isArray(value) ? value.join(', ') : String(value)}`)
		.join('\n');
	const echoed = `${req.method} ${req.url}\n${headers}\n\n${body.toString('utf8')}`;
	return {
		status: fault.status,
		headers: { 'Content-Type': 'text/plain; charset=utf-8', Connection: 'close' },
		body: `Request rejected. You sent:\n${encode(echoed, fault.encoding)}`,
	};
}

/** What a 200 with the wrong body looks like, in place of the answer the handler gave. */
export function badAnswer(fault: Fault<'badAnswer'>, answer: SimResponse): SimResponse {
	switch (fault.body) {
		case 'html':
			return {
				status: 200,
				headers: { 'Content-Type': 'text/html' },
				body: '<!doctype html><html><body><h1>Sign in</h1></body></html>',
			};
		case 'empty':
			return { status: 200, headers: { 'Content-Type': 'application/json' }, body: '' };
		case 'successFalse':
			return { status: 200, json: { success: false, message: 'the request could not be completed' } };
		case 'emptyObject':
			return { status: 200, json: {} };
		case 'emptyArray':
			return { status: 200, json: [] };
		case 'zeroId':
			return { status: 200, json: { dvs_document_id: 0, file_hash: '', folder_hash: '' } };
		case 'cutJson': {
			const text = answer.json !== undefined ? JSON.stringify(answer.json) : '{"result": {"content": [';
			return {
				status: 200,
				headers: { 'Content-Type': 'application/json' },
				body: text.slice(0, Math.max(1, Math.floor(text.length / 2))),
			};
		}
	}
}

/** The first `limit` bytes of an answer's body, and its whole length when the answer says it. */
export async function bodyPrefix(answer: SimResponse, limit: number): Promise<{ prefix: Buffer; length?: number }> {
	const declared = Number(
		[answer.headers?.['Content-Length'], answer.headers?.['content-length']].find((value) => value !== undefined),
	);
	const body = answer.json !== undefined ? Buffer.from(JSON.stringify(answer.json)) : answer.body;
	if (body instanceof Readable) {
		const chunks: Buffer[] = [];
		let size = 0;
		for await (const chunk of body) {
			chunks.push(chunk as Buffer);
			size += (chunk as Buffer).length;
			if (size >= limit) break;
		}
		body.destroy();
		return {
			prefix: Buffer.concat(chunks).subarray(0, limit),
			length: Number.isFinite(declared) ? declared : undefined,
		};
	}
	const whole = typeof body === 'string' ? Buffer.from(body) : (body ?? Buffer.alloc(0));
	return { prefix: whole.subarray(0, limit), length: whole.length };
}

/** A request body read whole, for a handler that runs after the client got its answer. */
export async function bufferedBody(req: IncomingMessage): Promise<Buffer> {
	const chunks: Buffer[] = [];
	for await (const chunk of req) chunks.push(chunk as Buffer);
	return Buffer.concat(chunks);
}
