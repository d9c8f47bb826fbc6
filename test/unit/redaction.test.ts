/** Secrets out of everything shown (transport/redact.ts): every encoding a secret travels in. */
import { EXCERPT_MAX_CHARS, excerptOf, redactText, secretsOf } from '../../nodes/shared/transport/redact';

const SECRET = 'p@ss w/rd+=&"é';

it.each([
	['as it is', SECRET],
	['percent-encoded', encodeURIComponent(SECRET)],
	['form-encoded', new URLSearchParams({ x: SECRET }).toString().slice(2)],
	['JSON-encoded', JSON.stringify(SECRET).slice(1, -1)],
	['base64', Buffer.from(SECRET).toString('base64')],
	['percent-encoded twice', encodeURIComponent(encodeURIComponent(SECRET))],
])('hides a secret %s', (_form, shown) => {
	// What every message passes through: the credential's secrets in every form (secretsOf).
	const text = redactText(`before ${shown} after`, secretsOf({ accessToken: SECRET }));
	expect(text).not.toContain(shown);
	expect(text).toMatch(/^before .+ after$/);
});

it('reads the secrets of a credential: tokens, passwords, session IDs; not its user or Base URL', () => {
	const secrets = secretsOf({
		baseUrl: 'https://svc.example',
		user: 'olga',
		accessToken: 'tok-123',
		password: 'pw-456',
		sessionId: 'sess-789',
	});
	expect(secrets).toEqual(expect.arrayContaining(['tok-123', 'pw-456', 'sess-789']));
	expect(secrets).not.toContain('olga');
	expect(secrets).not.toContain('https://svc.example');
});

it(`cuts an excerpt of an answer at ${EXCERPT_MAX_CHARS} characters, redacted`, () => {
	const secrets = secretsOf({ accessToken: 'tok-123' });
	const excerpt = excerptOf(`${'x'.repeat(2 * EXCERPT_MAX_CHARS)} tok-123`, secrets);
	expect(excerpt.length).toBeLessThanOrEqual(EXCERPT_MAX_CHARS + 3);
	expect(excerptOf('{"token":"tok-123"}', secrets)).not.toContain('tok-123');
});
