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
	'oauthTokenData',
	'clientSecret',
]);

const MASK = '[redacted]';

/** Every secret value a credential holds, including the encoded forms that end up in headers. */
export function secretsOf(credentials: ICredentialDataDecryptedObject | undefined): string[] {
	if (!credentials) return [];
	const secrets: string[] = [];
	for (const [name, value] of Object.entries(credentials)) {
		if (!SECRET_FIELD_NAMES.has(name)) continue;
		if (typeof value === 'string' && value.length >= 3) secrets.push(value, encodeURIComponent(value));
		if (value && typeof value === 'object') {
			for (const nested of Object.values(value)) {
				if (typeof nested === 'string' && nested.length >= 8) secrets.push(nested);
			}
		}
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
