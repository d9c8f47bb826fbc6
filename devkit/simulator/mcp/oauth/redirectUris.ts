export const MAX_REDIRECT_URIS = 10;

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);
const FORBIDDEN_SCHEMES = new Set(['javascript', 'data', 'file', 'vbscript', 'about', 'blob', 'ftp', 'ws', 'wss']);

/** HTTPS, loopback HTTP, or a private-use app scheme (RFC 8252); never a fragment. */
export function redirectUriProblem(uri: unknown): string | undefined {
	if (typeof uri !== 'string' || uri === '') return 'redirect URIs must be non-empty strings';
	let url: URL;
	try {
		url = new URL(uri);
	} catch {
		return `${uri} is not an absolute URI`;
	}
	if (url.hash || uri.includes('#')) return `${uri} must not contain a fragment`;
	const scheme = url.protocol.slice(0, -1).toLowerCase();
	if (scheme === 'https') return undefined;
	if (scheme === 'http')
		return LOOPBACK_HOSTS.has(url.hostname) ? undefined : `${uri}: plain http is allowed only for loopback hosts`;
	if (FORBIDDEN_SCHEMES.has(scheme)) return `${uri}: the ${scheme} scheme is not allowed`;
	return undefined;
}

/** Exact match, except that loopback HTTP redirect URIs may use any port (RFC 8252 §7.3). */
export function redirectUriMatches(registered: string, given: string): boolean {
	if (registered === given) return true;
	try {
		const a = new URL(registered);
		const b = new URL(given);
		return (
			a.protocol === 'http:' &&
			b.protocol === 'http:' &&
			LOOPBACK_HOSTS.has(a.hostname) &&
			a.hostname === b.hostname &&
			a.pathname === b.pathname &&
			a.search === b.search
		);
	} catch {
		return false;
	}
}
