import type { SimRequest } from '../types';

const loopback = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])(?::\d+)?$/i;

/**
 * `{base_url}` as the client addressed it: the server answers on several host names and
 * each names itself as the OAuth resource. Plain http only for loopback hosts unless a
 * proxy says otherwise through X-Forwarded-Proto.
 */
export function baseUrlOf(req: SimRequest): string {
	const host = String(req.headers['x-forwarded-host'] ?? req.headers.host ?? 'localhost')
		.split(',')[0]
		.trim();
	const forwarded = req.headers['x-forwarded-proto'];
	const proto = forwarded ? String(forwarded).split(',')[0].trim() : loopback.test(host) ? 'http' : 'https';
	return `${proto}://${host}`;
}

export function mcpResourceUrl(req: SimRequest): string {
	return `${baseUrlOf(req)}/api/mcp`;
}
