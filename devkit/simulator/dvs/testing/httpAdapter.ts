/* eslint-disable @n8n/community-nodes/no-restricted-imports -- this file runs in Node under the test tools, never inside n8n */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import type { FaultKind, SimHandler, SimRequest } from '../../types';

export interface TestServer {
	url: string;
	/** Every request the handler saw, in order. */
	requests: SimRequest[];
	/** The fault attached to the next request only (the shared server does this by FaultSpec). */
	faultNextRequest(fault: FaultKind): void;
	close(): Promise<void>;
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
	const chunks: Buffer[] = [];
	for await (const chunk of req) chunks.push(chunk as Buffer);
	return Buffer.concat(chunks);
}

/**
 * Test-only stand-in for the shared simulator server: turns node HTTP requests into
 * SimRequests (multipart bodies stay streams) and writes SimResponses back.
 */
export async function startTestServer(handler: SimHandler): Promise<TestServer> {
	const requests: SimRequest[] = [];
	let pendingFault: FaultKind | undefined;
	let seq = 0;
	const server: Server = createServer(async (req, res) => {
		try {
			const url = new URL(req.url ?? '/', 'http://localhost');
			const multipart = /^multipart\/form-data/i.test(String(req.headers['content-type'] ?? ''));
			const simRequest: SimRequest = {
				method: req.method ?? 'GET',
				path: url.pathname,
				query: url.searchParams,
				headers: req.headers,
				body: multipart ? Buffer.alloc(0) : await readBody(req),
				bodyStream: multipart ? req : undefined,
				ip: req.socket.remoteAddress ?? '',
				seq: ++seq,
				fault: pendingFault,
			};
			pendingFault = undefined;
			requests.push(simRequest);
			const response = await handler(simRequest);
			const headers = { ...(response.headers ?? {}) };
			if (response.json !== undefined) {
				res.writeHead(response.status, { 'content-type': 'application/json', ...headers });
				res.end(JSON.stringify(response.json));
			} else if (response.body instanceof Readable) {
				res.writeHead(response.status, headers);
				response.body.pipe(res);
			} else {
				res.writeHead(response.status, headers);
				res.end(response.body ?? '');
			}
		} catch {
			res.writeHead(500).end();
		}
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address() as AddressInfo;
	return {
		url: `http://127.0.0.1:${port}`,
		requests,
		faultNextRequest: (fault) => {
			pendingFault = fault;
		},
		close: () =>
			new Promise<void>((resolve, reject) => {
				server.closeAllConnections();
				server.close((error) => (error ? reject(error) : resolve()));
			}),
	};
}
