/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- this file runs in Node under the bench tools, never inside n8n */
/**
 * Svc across the internet, on this machine: a TCP proxy in front of the simulator that delays every chunk by
 * `oneWayMs` in each direction (a round trip of twice that), and holds a new connection's first bytes back for the
 * handshake's round trips first (TCP: one; TLS 1.3 over it: one more). Chunks keep their order: each waits the same
 * time after the one before it. It applies no backpressure: the bench's requests and answers are a few KB. It runs
 * in the simulator's process, so its CPU is not the bench's.
 */
import { createConnection, createServer, type Server, type Socket } from 'node:net';

export interface RemoteShape {
	/** The delay of each direction; a request's round trip is twice it. */
	oneWayMs: number;
	/** Round trips a new connection waits before its first bytes go: 1 for TCP, 2 for TLS 1.3 over TCP. */
	handshakeRoundTrips: number;
}

export interface RemoteProxy {
	port: number;
	/** Connections opened through it so far. */
	connections(): number;
	close(): Promise<void>;
}

/**
 * Forwards `from` to `to`, each chunk `delayMs` later, the first ones no earlier than `notBefore`: one queue and one
 * timer a direction, so that no chunk overtakes another (timers of different lengths fire in no set order).
 */
function delayed(from: Socket, to: Socket, delayMs: number, notBefore: number): void {
	const queue: Array<{ due: number; chunk?: Buffer }> = [];
	let timer: NodeJS.Timeout | undefined;
	const pump = () => {
		timer = undefined;
		while (queue.length > 0 && queue[0].due <= Date.now()) {
			const { chunk } = queue.shift()!;
			if (chunk) to.write(chunk);
			else to.end();
		}
		if (queue.length > 0) timer = setTimeout(pump, queue[0].due - Date.now());
	};
	const push = (chunk?: Buffer) => {
		queue.push({ due: Math.max(Date.now() + delayMs, notBefore), chunk });
		timer ??= setTimeout(pump, queue[0].due - Date.now());
	};
	from.on('data', (chunk: Buffer) => push(chunk));
	from.on('end', () => push());
	from.on('error', () => to.destroy());
}

/** Starts the proxy on 127.0.0.1 in front of `targetPort`. */
export async function startRemoteProxy(targetPort: number, shape: RemoteShape): Promise<RemoteProxy> {
	let opened = 0;
	// Half-open both ways: a side's end is passed on after the chunks before it, not when it comes.
	const server: Server = createServer({ allowHalfOpen: true }, (client) => {
		opened++;
		client.setNoDelay(true);
		const service = createConnection({ host: '127.0.0.1', port: targetPort, allowHalfOpen: true });
		service.setNoDelay(true);
		// The client's first bytes reach the service once the handshake's round trips are over, and one way more.
		const open = Date.now() + 2 * shape.oneWayMs * shape.handshakeRoundTrips;
		delayed(client, service, shape.oneWayMs, open + shape.oneWayMs);
		delayed(service, client, shape.oneWayMs, 0);
	});
	// As deep a backlog as the simulator's (server.ts): a run's 1,000 connections at once wait no SYN retry.
	await new Promise<void>((resolve) => server.listen({ port: 0, host: '127.0.0.1', backlog: 4096 }, resolve));
	const address = server.address();
	if (!address || typeof address === 'string') throw new Error('the remote proxy has no port');
	return {
		port: address.port,
		connections: () => opened,
		close: async () => await new Promise<void>((resolve) => server.close(() => resolve())),
	};
}
