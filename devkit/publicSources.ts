/* eslint-disable @n8n/community-nodes/no-restricted-imports -- this file runs in Node under the test tools, never inside n8n */
import { createServer, request as httpRequest, type RequestOptions } from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';

import type { FetchedSource, FetchSource } from './simulator/mcp/deps';

/**
 * Public HTTPS hosts as a test's internet: each URL on them has one answer, which the simulator's imports fetch
 * (its `fetchSource`, behind its public-address checks) and which the node's own requests there get too (Node's
 * `https.request` to these hosts goes to a server on the loopback while the sources are served). So a node
 * under test can read an import's source as a user's n8n reads it from the internet.
 */
export interface PublicSources {
	fetchSource: FetchSource;
	/** The hosts' address as the simulator resolves them: a public one. */
	resolveHost(host: string): Promise<string[]>;
	/** How many requests the node made to the hosts. */
	readonly nodeRequests: number;
	close(): Promise<void>;
}

const PUBLIC_ADDRESS = '93.184.216.34';
const URL_HEADER = 'x-public-url';

export async function servePublicSources(
	hosts: string[],
	answer: (url: string) => FetchedSource,
): Promise<PublicSources> {
	let nodeRequests = 0;
	const server = createServer((request, response) => {
		nodeRequests += 1;
		const fetched = answer(String(request.headers[URL_HEADER]));
		const headers: Record<string, string> = {};
		if (fetched.contentType) headers['content-type'] = fetched.contentType;
		if (fetched.location) headers.location = fetched.location;
		response.writeHead(fetched.status, headers);
		response.end(fetched.body ?? Buffer.alloc(0));
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	server.unref();
	const { port } = server.address() as AddressInfo;
	const served = new Set(hosts);
	const original = https.request;
	// axios (n8n's request helper, redirects off) calls https.request(options, callback).
	const toLoopback = ((...args: unknown[]) => {
		const [options, callback] = args as [RequestOptions | string | URL, (() => void) | undefined];
		const host =
			typeof options === 'object' && !(options instanceof URL) ? (options.hostname ?? options.host) : undefined;
		if (!host || !served.has(host)) return (original as (...rest: unknown[]) => unknown).apply(https, args);
		const { path = '/', method = 'GET', headers = {} } = options as RequestOptions;
		return httpRequest(
			{ host: '127.0.0.1', port, path, method, headers: { ...headers, [URL_HEADER]: `https://${host}${path}` } },
			callback,
		);
	}) as typeof https.request;
	https.request = toLoopback;
	return {
		fetchSource: async (request) => answer(request.url),
		resolveHost: async (host) => {
			if (!served.has(host)) throw new Error(`ENOTFOUND ${host}`);
			return [PUBLIC_ADDRESS];
		},
		get nodeRequests() {
			return nodeRequests;
		},
		close: async () => {
			if (https.request === toLoopback) https.request = original;
			await new Promise<void>((resolve) => server.close(() => resolve()));
		},
	};
}
