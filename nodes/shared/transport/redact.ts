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

/** Every secret value a credential holds, including the encoded forms that end up in headers. */
export function secretsOf(credentials: ICredentialDataDecryptedObject | undefined): string[] {
	if (!credentials) return [];
	const secrets: string[] = [];
	for (const [name, value] of Object.entries(credentials)) {
		if (!SECRET_FIELD_NAMES.has(name)) continue;
		if (typeof value === 'string' && value.length >= 3) secrets.push(value, encodeURIComponent(value));
	}
	const tokens = credentials.oauthTokenData;
	if (tokens && typeof tokens === 'object') {
		for (const key of OAUTH_SECRET_KEYS) {
			const value = (tokens as Record<string, unknown>)[key];
			if (typeof value === 'string' && value.length >= 4) secrets.push(value, encodeURIComponent(value));
		}
	}
	// The MCP bearer form `<user_id>:<api_token>`.
	if (credentials.userId !== undefined && typeof credentials.apiToken === 'string' && credentials.apiToken) {
		secrets.push(`${String(credentials.userId)}:${credentials.apiToken}`);
	}
	const user = typeof credentials.user === 'string' ? credentials.user : '';
	const password = typeof credentials.password === 'string' ? credentials.password : '';
	if (user && password) secrets.push(Buffer.from(`${user}:${password}`).toString('base64'));
	return [...new Set(secrets)].sort((a, b) => b.length - a.length);
}

export function redactText(text: string, secrets: readonly string[]): string {
	let result = text;
	for (const secret of secrets) {
		if (secret) result = result.split(secret).join(MASK);
	}
	return result;
}
