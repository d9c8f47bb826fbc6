const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

function isLoopbackHost(hostname: string): boolean {
	return LOOPBACK_HOSTS.has(hostname) || /^127(\.\d{1,3}){3}$/.test(hostname);
}

function parseUrl(text: string): URL | undefined {
	try {
		return new URL(text);
	} catch {
		return undefined;
	}
}

export type BaseUrlCheck = { url: string; problem?: undefined } | { url?: undefined; problem: string };

export interface UrlField {
	/** The field's label in messages (default "Base URL"). */
	field?: string;
	/** Keep the query string (an endpoint URL); a Base URL loses it. */
	keepQuery?: boolean;
}

/**
 * The credential's Base URL without a trailing slash (or another URL field of it), or why it
 * cannot be used. HTTPS is required; plain HTTP is accepted only for loopback hosts (the bundled
 * simulator), so secrets never cross a network unencrypted.
 */
export function checkBaseUrl(
	raw: unknown,
	credentialLabel: string,
	{ field = 'Base URL', keepQuery = false }: UrlField = {},
): BaseUrlCheck {
	const text = typeof raw === 'string' ? raw.trim() : '';
	const url = parseUrl(text);
	if (!url) {
		return {
			problem:
				`The ${credentialLabel} credential's ${field} "${text}" is not a valid URL. Enter it like ` +
				`https://your-host.example`,
		};
	}
	if (url.username || url.password) {
		return {
			problem:
				`The ${credentialLabel} credential's ${field} must not contain a user name or password: put ` +
				`them in the credential's own fields`,
		};
	}
	const secure = url.protocol === 'https:';
	const loopbackHttp = url.protocol === 'http:' && isLoopbackHost(url.hostname);
	if (!secure && !loopbackHttp) {
		return {
			problem:
				`The ${credentialLabel} credential's ${field} must start with https:// (plain http:// is ` +
				`allowed only for localhost)`,
		};
	}
	const path = url.pathname.replace(/\/+$/, '');
	return { url: `${url.origin}${path}${keepQuery ? url.search : ''}` };
}
