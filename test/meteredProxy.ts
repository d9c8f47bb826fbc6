/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- this file runs in Node under the test tools, never inside n8n */
/**
 * A loopback proxy in front of a server that shows how many requests a node sends at once, whatever the machine's
 * load: it holds the answers of the requests it meters until a batch of them is in, answers later ones sooner, and
 * counts those in flight.
 */
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Meter {
	url: string;
	maxInFlight: number;
	requests: number;
	server: Server;
}

/** How long the proxy waits for a batch to fill before it answers what it holds (a node that sends fewer fails the count). */
const LONGEST_HOLD_MS = 10_000;
/** The clock's own timer: a test's warped time (devkit/harness/time.ts) does not shorten the hold. */
const realSetTimeout = globalThis.setTimeout;

/**
 * Forwards to `target` and holds the answers of the requests `metered` picks (all by default) until
 * `batchOf(requestNumber)` of them are in, then answers those in the reverse order (later items answer sooner);
 * other requests pass at once, uncounted.
 */
export async function meteredProxy(
	target: string,
	batchOf: (requestNumber: number) => number,
	metered: (path: string) => boolean = () => true,
): Promise<Meter> {
	const to = new URL(target);
	let inFlight = 0;
	let held: Array<() => void> = [];
	let fallback: NodeJS.Timeout | undefined;
	const release = () => {
		clearTimeout(fallback);
		fallback = undefined;
		const answers = held.reverse();
		held = [];
		answers.forEach((answer, order) => setTimeout(answer, order * 2));
	};
	const meter: Meter = { url: '', maxInFlight: 0, requests: 0, server: undefined as unknown as Server };
	meter.server = createServer((req, res) => {
		const counted = metered(req.url ?? '');
		const number = counted ? meter.requests++ : -1;
		if (counted) meter.maxInFlight = Math.max(meter.maxInFlight, ++inFlight);
		const upstream = httpRequest(
			{
				host: to.hostname,
				port: to.port,
				path: req.url,
				method: req.method,
				headers: { ...req.headers, host: to.host },
			},
			(answer) => {
				const chunks: Buffer[] = [];
				answer.on('data', (chunk: Buffer) => chunks.push(chunk));
				answer.on('end', () => {
					const send = () => {
						res.writeHead(answer.statusCode ?? 502, answer.headers);
						res.end(Buffer.concat(chunks));
					};
					if (!counted) return send();
					held.push(() => {
						inFlight--;
						send();
					});
					if (held.length >= batchOf(number)) release();
					else fallback ??= realSetTimeout(release, LONGEST_HOLD_MS);
				});
			},
		);
		req.pipe(upstream);
	});
	await new Promise<void>((listening) => meter.server.listen(0, '127.0.0.1', listening));
	meter.url = `http://127.0.0.1:${(meter.server.address() as AddressInfo).port}`;
	return meter;
}
