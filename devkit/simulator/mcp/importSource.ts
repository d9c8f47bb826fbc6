/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/require-node-api-error -- this file runs in Node under the test tools, never inside n8n; its nodes are test doubles */
import { lookup } from 'node:dns/promises';
import { request } from 'node:https';
import { isIP } from 'node:net';
import type { FetchedSource, FetchSource } from './deps';
import type { McpState } from './state';
import { ToolError } from './tools/types';

export const IMPORT_MAX_BYTES = 100 * 1024 * 1024;
export const IMPORT_MAX_REDIRECTS = 3;
export const IMPORT_DEADLINE_SECONDS = 60;

const RESERVED_V4: [number, number][] = [
	[0x00000000, 8], // 0.0.0.0/8 this network
	[0x0a000000, 8], // 10/8
	[0x64400000, 10], // 100.64/10 carrier-grade NAT
	[0x7f000000, 8], // loopback
	[0xa9fe0000, 16], // link-local
	[0xac100000, 12], // 172.16/12
	[0xc0000000, 24], // 192.0.0/24 IETF protocol assignments
	[0xc0000200, 24], // TEST-NET-1
	[0xc0586300, 24], // 6to4 relay
	[0xc0a80000, 16], // 192.168/16
	[0xc6120000, 15], // benchmarking
	[0xc6336400, 24], // TEST-NET-2
	[0xcb007100, 24], // TEST-NET-3
	[0xe0000000, 4], // multicast
	[0xf0000000, 4], // reserved and broadcast
];

export function isPublicIPv4(address: string): boolean {
	if (isIP(address) !== 4) return false;
	const value = address.split('.').reduce((acc, octet) => acc * 256 + Number(octet), 0);
	return !RESERVED_V4.some(
		([net, bits]) => Math.floor(value / 2 ** (32 - bits)) === Math.floor(net / 2 ** (32 - bits)),
	);
}

const invalid = (message: string) => new ToolError('invalid_source', message);
const unavailable = (message: string) => new ToolError('source_unavailable', message);

/** Public HTTPS on port 443, without credentials, fragment or IPv6 literal. */
export function checkSourceUrl(raw: string): URL {
	if (raw.includes('#')) throw invalid('Source URLs must not contain a fragment');
	let url: URL;
	try {
		url = new URL(raw);
	} catch {
		throw invalid('source_url is not an absolute URL');
	}
	if (url.protocol !== 'https:') throw invalid(`Only public HTTPS sources can be imported (got ${url.protocol})`);
	if (url.username || url.password) throw invalid('Source URLs must not carry credentials');
	if (url.port !== '' && url.port !== '443') throw invalid('Only port 443 is allowed');
	if (url.hostname.startsWith('[')) throw invalid('IPv6 destinations are not allowed');
	return url;
}

async function publicAddress(url: URL, state: McpState): Promise<string> {
	const host = url.hostname;
	if (isIP(host) === 4) {
		if (!isPublicIPv4(host)) throw invalid(`${host} is a private or reserved address`);
		return host;
	}
	let addresses: string[];
	try {
		addresses = await (state.deps.resolveHost ?? defaultResolveHost)(host);
	} catch {
		throw unavailable(`The host ${host} could not be resolved`);
	}
	if (addresses.length === 0) throw unavailable(`The host ${host} could not be resolved`);
	const v4 = addresses.filter((a) => isIP(a) === 4);
	if (v4.length === 0) throw invalid(`The host ${host} has no IPv4 address; IPv6 destinations are not allowed`);
	const blocked = v4.find((a) => !isPublicIPv4(a));
	if (blocked) throw invalid(`The host ${host} resolves to the private or reserved address ${blocked}`);
	return v4[0];
}

function nextUrl(location: string, current: URL): URL {
	if (/^[a-z][a-z0-9+.-]*:/i.test(location)) return checkSourceUrl(location);
	if (location.startsWith('/') && !location.startsWith('//'))
		return checkSourceUrl(new URL(location, current).toString());
	throw invalid(`Relative redirects must be root-relative (got "${location}")`);
}

/**
 * Downloads an import source: every hop is validated again (scheme, port, credentials,
 * fragment, resolved address), at most three redirects, 100 MiB, one deadline for all hops.
 */
export async function fetchImportSource(raw: string, state: McpState): Promise<Buffer> {
	const fetchSource = state.deps.fetchSource ?? defaultFetchSource;
	const controller = new AbortController();
	const deadlineMs = state.scaled(IMPORT_DEADLINE_SECONDS);
	let timer: NodeJS.Timeout | undefined;
	const deadline = new Promise<never>((_, reject) => {
		timer = setTimeout(() => {
			controller.abort();
			reject(unavailable(`The source did not finish within the ${IMPORT_DEADLINE_SECONDS}-second download deadline`));
		}, deadlineMs);
	});
	const work = async (): Promise<Buffer> => {
		let url = checkSourceUrl(raw);
		for (let redirects = 0; ; redirects++) {
			const address = await publicAddress(url, state);
			let answer: FetchedSource;
			try {
				answer = await fetchSource({
					url: url.toString(),
					address,
					signal: controller.signal,
					maxBytes: IMPORT_MAX_BYTES,
				});
			} catch (error) {
				if (error instanceof ToolError) throw error;
				throw unavailable(`The source could not be fetched: ${(error as Error).message}`);
			}
			if (answer.status >= 300 && answer.status < 400) {
				if (!answer.location) throw unavailable(`The source answered ${answer.status} without a Location`);
				if (redirects >= IMPORT_MAX_REDIRECTS) throw invalid(`More than ${IMPORT_MAX_REDIRECTS} redirects`);
				url = nextUrl(answer.location, url);
				continue;
			}
			if (answer.status < 200 || answer.status >= 300) throw unavailable(`The source answered HTTP ${answer.status}`);
			const body = answer.body ?? Buffer.alloc(0);
			if (answer.tooLarge || body.length > IMPORT_MAX_BYTES) {
				throw new ToolError('file_too_large', `Imports are limited to ${IMPORT_MAX_BYTES} bytes`);
			}
			return body;
		}
	};
	const download = work();
	// The deadline may win the race; the abandoned download must not reject unobserved.
	download.catch(() => undefined);
	try {
		return await Promise.race([download, deadline]);
	} finally {
		clearTimeout(timer);
	}
}

export async function defaultResolveHost(host: string): Promise<string[]> {
	return (await lookup(host, { all: true })).map((a) => a.address);
}

/** GET over HTTPS pinned to the validated address; no cookies or credentials are sent. */
export const defaultFetchSource: FetchSource = ({ url, address, signal, maxBytes }) =>
	new Promise((resolve, reject) => {
		const req = request(
			url,
			{
				method: 'GET',
				signal,
				headers: { 'user-agent': 'svc-mcp-import/1.2', accept: '*/*' },
				lookup: (_host, options, callback) => {
					const cb = callback as (...args: unknown[]) => void;
					if ((options as { all?: boolean }).all) cb(null, [{ address, family: 4 }]);
					else cb(null, address, 4);
				},
			},
			(res) => {
				const status = res.statusCode ?? 0;
				if (status >= 300 && status < 400) {
					res.resume();
					resolve({ status, location: res.headers.location });
					return;
				}
				const chunks: Buffer[] = [];
				let size = 0;
				res.on('data', (chunk: Buffer) => {
					size += chunk.length;
					if (size > maxBytes) {
						res.destroy();
						resolve({ status, tooLarge: true });
						return;
					}
					chunks.push(chunk);
				});
				res.on('end', () => resolve({ status, contentType: res.headers['content-type'], body: Buffer.concat(chunks) }));
				res.on('error', reject);
			},
		);
		req.on('error', reject);
		req.end();
	});
