import type { ICredentialDataDecryptedObject } from 'n8n-workflow';

const SECRET_FIELD_NAMES = new Set([
	'password',
	'pass',
	'accessToken',
	'user_access_token',
	'apiToken',
	'sessionId',
	'PHPSESSID',
	'SessionID',
	'clientSecret',
]);

/** The secret parts of n8n's stored OAuth token data (never its scope list or token type). */
const OAUTH_SECRET_KEYS = ['access_token', 'refresh_token', 'id_token', 'accessToken', 'refreshToken'];

const MASK = '[redacted]';

/**
 * A secret in every form a server may echo it back in: raw, percent-encoded (either case of hex
 * digits), form-encoded (`+` for spaces), JSON-escaped and base64.
 */
export function encodedForms(secret: string): string[] {
	const percent = encodeURIComponent(secret);
	const form = new URLSearchParams({ s: secret }).toString().slice(2);
	const lowerHex = (text: string) => text.replace(/%[0-9A-F]{2}/g, (escape) => escape.toLowerCase());
	return [
		secret,
		percent,
		lowerHex(percent),
		form,
		lowerHex(form),
		JSON.stringify(secret).slice(1, -1),
		Buffer.from(secret, 'utf8').toString('base64'),
	];
}

/**
 * A secret in every form, and every form of those forms: a server that echoes a form-encoded
 * body into a percent-encoded error page encodes the secret twice.
 */
function encodedTwice(secret: string): string[] {
	return encodedForms(secret).flatMap((form) => encodedForms(form));
}

/** Every secret value a credential holds, in every encoded form, once or twice over. */
export function secretsOf(credentials: ICredentialDataDecryptedObject | undefined): string[] {
	if (!credentials) return [];
	const secrets: string[] = [];
	for (const [name, value] of Object.entries(credentials)) {
		if (!SECRET_FIELD_NAMES.has(name)) continue;
		if (typeof value === 'string' && value.length >= 3) secrets.push(value);
	}
	const tokens = credentials.oauthTokenData;
	if (tokens && typeof tokens === 'object') {
		for (const key of OAUTH_SECRET_KEYS) {
			const value = (tokens as Record<string, unknown>)[key];
			if (typeof value === 'string' && value.length >= 4) secrets.push(value);
		}
	}
	// The MCP bearer form `<user_id>:<api_token>`.
	if (credentials.userId !== undefined && typeof credentials.apiToken === 'string' && credentials.apiToken) {
		secrets.push(`${String(credentials.userId)}:${credentials.apiToken}`);
	}
	const user = typeof credentials.user === 'string' ? credentials.user : '';
	const password = typeof credentials.password === 'string' ? credentials.password : '';
	if (user && password) secrets.push(`${user}:${password}`);
	return [...new Set(secrets.flatMap(encodedTwice))].sort((a, b) => b.length - a.length);
}

export function redactText(text: string, secrets: readonly string[]): string {
	let result = text;
	for (const secret of secrets) {
		if (secret) result = result.split(secret).join(MASK);
	}
	return result;
}

/** Most characters of a service's answer ever shown in a message or error detail. */
export const EXCERPT_MAX_CHARS = 1000;

/**
 * A short, redacted, printable excerpt of a body the service sent (an error page, an answer
 * that does not parse), for a message: at most EXCERPT_MAX_CHARS characters.
 */
export function excerptOf(body: unknown, secrets: readonly string[]): string {
	let text: string;
	if (Buffer.isBuffer(body)) text = body.subarray(0, EXCERPT_MAX_CHARS * 4).toString('utf8');
	else if (typeof body === 'string') text = body.slice(0, EXCERPT_MAX_CHARS * 4);
	else if (body === undefined || body === null) text = '';
	else {
		try {
			text = JSON.stringify(body).slice(0, EXCERPT_MAX_CHARS * 4);
		} catch {
			text = String(body);
		}
	}
	// Redact before cutting, so a secret at the cut is never left half-shown.
	const printable = redactText(text, secrets)
		// eslint-disable-next-line no-control-regex -- control characters have no place in a message
		.replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '')
		.replace(/\s+/g, ' ')
		.trim();
	return printable.length > EXCERPT_MAX_CHARS ? `${printable.slice(0, EXCERPT_MAX_CHARS)}…` : printable;
}
