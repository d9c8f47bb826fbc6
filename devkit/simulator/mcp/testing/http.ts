/* eslint-disable @n8n/community-nodes/no-restricted-imports -- this file runs in Node under the test tools, never inside n8n */
import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import type { FaultKind, SimHandler, SimRequest, SimResponse } from '../../types';

/** Test-adapter only: lets a test pose as another client IP (per-IP rate limits). */
export const TEST_CLIENT_IP_HEADER = 'x-test-client-ip';

export type FaultPicker = (req: SimRequest) => FaultKind | undefined;

export interface TestServer {
	/** e.g. http://127.0.0.1:40123 */
	baseUrl: string;
	setFault(picker: FaultPicker | undefined): void;
	close(): Promise<void>;
}

function route(routes: Record<string, SimHandler>, path: string): SimHandler | undefined {
	let best: string | undefined;
	for (const prefix of Object.keys(routes)) {
		if ((path === prefix || path.startsWith(`${prefix}/`)) && (!best || prefix.length > best.length)) best = prefix;
	}
	return best ? routes[best] : undefined;
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
	const chunks: Buffer[] = [];
	for await (const chunk of req) chunks.push(chunk as Buffer);
	return Buffer.concat(chunks);
}

function send(res: ServerResponse, answer: SimResponse): void {
	res.statusCode = answer.status;
	for (const [key, value] of Object.entries(answer.headers ?? {})) res.setHeader(key, value);
	if (answer.json !== undefined) {
		if (!res.hasHeader('content-type')) res.setHeader('content-type', 'application/json');
		res.end(JSON.stringify(answer.json));
	} else if (answer.body instanceof Readable) {
		answer.body.pipe(res);
	} else {
		res.end(answer.body ?? undefined);
	}
}

/** A minimal stand-in for the shared simulator server: http → SimRequest → SimResponse. */
export async function startTestServer(routes: Record<string, SimHandler>): Promise<TestServer> {
	let seq = 0;
	let picker: FaultPicker | undefined;
	const server = createServer((req, res) => {
		void (async () => {
			const url = new URL(req.url ?? '/', 'http://localhost');
			const forcedIp = req.headers[TEST_CLIENT_IP_HEADER];
			const simRequest: SimRequest = {
				method: req.method ?? 'GET',
				path: url.pathname,
				query: url.searchParams,
				headers: req.headers,
				body: await readBody(req),
				ip: typeof forcedIp === 'string' ? forcedIp : (req.socket.remoteAddress ?? '127.0.0.1'),
				seq: ++seq,
			};
			simRequest.fault = picker?.(simRequest);
			const handler = route(routes, simRequest.path);
			send(res, handler ? await handler(simRequest) : { status: 404, json: { error: 'not_found' } });
		})().catch((error: Error) => {
			res.statusCode = 500;
			res.end(error.stack);
		});
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address() as AddressInfo;
	return {
		baseUrl: `http://127.0.0.1:${port}`,
		setFault(next) {
			picker = next;
		},
		close: () =>
			new Promise<void>((resolve) => {
				server.closeAllConnections();
				server.close(() => resolve());
			}),
	};
}

/** Picks `fault` for the next `times` tools/call requests of `toolName`. */
export function faultForTool(toolName: string, fault: FaultKind, times = 1): FaultPicker {
	let left = times;
	return (req) => {
		if (left <= 0 || req.path !== '/api/mcp') return undefined;
		try {
			const message = JSON.parse(req.body.toString('utf8')) as { method?: string; params?: { name?: string } };
			if (message.method !== 'tools/call' || message.params?.name !== toolName) return undefined;
		} catch {
			return undefined;
		}
		left--;
		return fault;
	};
}
