/* eslint-disable @n8n/community-nodes/no-restricted-imports -- this file runs in Node under the test tools, never inside n8n */
/**
 * A recording proxy on 127.0.0.1 between n8n's engine and the simulator: every request is read whole, kept as it
 * arrived (path, headers, body byte for byte) and forwarded; the answer comes back as the simulator gave it.
 */
import { createServer, request, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Arrived {
	path: string;
	headers: IncomingHttpHeaders;
	body: Buffer;
}

export interface RecordingProxy {
	url: string;
	/** What arrived, in order. */
	arrived: Arrived[];
	close(): Promise<void>;
}

/** Starts a proxy forwarding to `target()` (read at each request: a simulator started later still counts). */
export async function startRecordingProxy(target: () => string): Promise<RecordingProxy> {
	const arrived: Arrived[] = [];
	const proxy = createServer((req, res) => {
		const chunks: Buffer[] = [];
		req.on('data', (chunk: Buffer) => chunks.push(chunk));
		req.on('end', () => {
			const body = Buffer.concat(chunks);
			arrived.push({ path: req.url ?? '', headers: req.headers, body });
			const to = new URL(req.url ?? '/', target());
			const forward = request(to, { method: req.method, headers: { ...req.headers, host: to.host } }, (answer) => {
				res.writeHead(answer.statusCode ?? 502, answer.headers);
				answer.pipe(res);
			});
			forward.on('error', () => res.destroy());
			forward.end(body);
		});
	});
	await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
	return {
		url: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`,
		arrived,
		close: async () => await new Promise<void>((resolve) => proxy.close(() => resolve())),
	};
}
