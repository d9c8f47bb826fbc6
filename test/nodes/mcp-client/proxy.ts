/* eslint-disable @n8n/community-nodes/no-restricted-imports, @typescript-eslint/no-explicit-any -- this file runs in Node under the test tools, never inside n8n; it reads service answers of every shape */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ProxyAnswer {
	status: number;
	json?: unknown;
	headers?: Record<string, string>;
}

/** Decides for one request: answer it here, or undefined to forward it to the simulator. */
export type ProxyRule = (request: {
	method: string;
	headers: IncomingHttpHeaders;
	body: any;
}) => ProxyAnswer | undefined;

export interface Proxy {
	baseUrl: string;
	/** Every request the proxy received (answered here or forwarded). */
	received: Array<{ method: string; headers: IncomingHttpHeaders; body: any; answeredHere: boolean }>;
	close(): Promise<void>;
}

/** A loopback proxy in front of the simulator that plays a different deployment for some requests. */
export async function startProxy(target: string, rule: ProxyRule): Promise<Proxy> {
	const received: Proxy['received'] = [];
	const server = createServer((req, res) => {
		void (async () => {
			const chunks: Buffer[] = [];
			for await (const chunk of req) chunks.push(chunk as Buffer);
			const raw = Buffer.concat(chunks);
			let body: any;
			try {
				body = JSON.parse(raw.toString('utf8'));
			} catch {
				body = undefined;
			}
			const method = req.method ?? '';
			const answer = rule({ method, headers: req.headers, body });
			received.push({ method, headers: req.headers, body, answeredHere: answer !== undefined });
			if (answer) {
				res.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers });
				res.end(answer.json === undefined ? '' : JSON.stringify(answer.json));
				return;
			}
			const headers: Record<string, string> = {};
			for (const [name, value] of Object.entries(req.headers)) {
				if (['host', 'content-length', 'connection'].includes(name) || value === undefined) continue;
				headers[name] = Array.isArray(value) ? value.join(', ') : value;
			}
			const forwarded = await fetch(`${target}${req.url ?? '/'}`, {
				method: req.method,
				headers,
				body: req.method === 'GET' ? undefined : raw,
			});
			const out: Record<string, string> = {};
			forwarded.headers.forEach((value, name) => {
				if (!['content-length', 'content-encoding', 'transfer-encoding', 'connection'].includes(name))
					out[name] = value;
			});
			res.writeHead(forwarded.status, out);
			res.end(Buffer.from(await forwarded.arrayBuffer()));
		})().catch((error: Error) => {
			res.writeHead(502);
			res.end(error.message);
		});
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address() as AddressInfo;
	return {
		baseUrl: `http://127.0.0.1:${port}`,
		received,
		close: () =>
			new Promise<void>((resolve) => {
				server.closeAllConnections();
				server.close(() => resolve());
			}),
	};
}

/** HTTP 400 with the JSON-RPC error -32600 (Invalid Request) to the request whose body is `body`. */
export function invalidRequest(body: any, message: string, data: Record<string, unknown>): ProxyAnswer {
	return { status: 400, json: { jsonrpc: '2.0', id: body?.id ?? null, error: { code: -32600, message, data } } };
}

const INITIALIZATION_ONLY = ['2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05'];

/** A deployment that predates revision 2026-07-28: modern requests get 400 naming the supported versions. */
export const refuseModern: ProxyRule = ({ headers, body }) => {
	const version = headers['mcp-protocol-version'];
	if (version !== '2026-07-28') return undefined;
	return invalidRequest(
		body,
		`Unsupported protocol version "2026-07-28" in the MCP-Protocol-Version header. Supported versions: ${INITIALIZATION_ONLY.join(', ')}`,
		{ supported: INITIALIZATION_ONLY, requested: '2026-07-28' },
	);
};
