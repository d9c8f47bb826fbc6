/* eslint-disable @n8n/community-nodes/no-restricted-imports, @typescript-eslint/no-explicit-any -- this file runs in Node under the test tools, never inside n8n; it reads service answers of every shape */
import { request } from 'node:http';
import { AUTO_CONSENT_HEADER } from '../mcp/index';
import { createMcpFixture, pkcePair, TEST_CLIENT_IP_HEADER } from '../mcp/testing';
import type { McpFixture } from '../mcp/testing';

const REDIRECT = 'http://127.0.0.1:8765/callback';
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

let f: McpFixture;
let base: string;

beforeAll(async () => {
	f = await createMcpFixture({
		settings: { oauthEnabled: true, writesEnabled: true, dvsEnabled: true, dvsWritesEnabled: true },
	});
	base = f.server.baseUrl;
});
afterAll(() => f.close());
beforeEach(() => {
	Object.assign(f.deps.settings, {
		oauthEnabled: true,
		writesEnabled: true,
		dvsEnabled: true,
		dvsWritesEnabled: true,
		timeScale: 1,
	});
	f.clock.advance(HOUR);
});

async function postJson(path: string, body: unknown): Promise<{ status: number; body: any }> {
	const res = await fetch(`${base}${path}`, {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify(body),
	});
	return { status: res.status, body: await res.json() };
}

async function postForm(
	path: string,
	form: Record<string, string | string[]>,
	headers: Record<string, string> = {},
): Promise<{ status: number; headers: Headers; body: any }> {
	const params = new URLSearchParams();
	for (const [key, value] of Object.entries(form))
		for (const v of Array.isArray(value) ? value : [value]) params.append(key, v);
	const res = await fetch(`${base}${path}`, {
		method: 'POST',
		redirect: 'manual',
		headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
		body: params.toString(),
	});
	const text = await res.text();
	let body: unknown = text;
	try {
		body = JSON.parse(text);
	} catch {
		// HTML pages stay text.
	}
	return { status: res.status, headers: res.headers, body };
}

async function registerClient(redirectUris: string[] = [REDIRECT]): Promise<string> {
	const answer = await postJson('/oauth/register', { redirect_uris: redirectUris, client_name: 'Test client' });
	expect(answer.status).toBe(201);
	return answer.body.client_id;
}

interface AuthorizeOptions {
	clientId: string;
	challenge: string;
	scope?: string;
	state?: string;
	resource?: string;
	method?: string;
	redirectUri?: string;
	headers?: Record<string, string>;
}

async function authorize(o: AuthorizeOptions): Promise<Response> {
	const q = new URLSearchParams({
		response_type: 'code',
		client_id: o.clientId,
		redirect_uri: o.redirectUri ?? REDIRECT,
		code_challenge: o.challenge,
		code_challenge_method: o.method ?? 'S256',
		state: o.state ?? 'st-123',
	});
	if (o.scope !== undefined) q.set('scope', o.scope);
	if (o.resource !== undefined) q.set('resource', o.resource);
	return fetch(`${base}/oauth/authorize?${q}`, { redirect: 'manual', headers: o.headers });
}

async function consent(page: string, fields: Record<string, string | string[]>) {
	const consentId = /name="consent_id" value="([^"]+)"/.exec(page)![1];
	return postForm('/oauth/authorize', {
		consent_id: consentId,
		login: 'alice',
		password: 'alice-password',
		decision: 'approve',
		...fields,
	});
}

/** The whole browser-free flow: register, authorize, consent, exchange. */
async function grant(scope?: string, consentScopes?: string[]) {
	const clientId = await registerClient();
	const { verifier, challenge } = pkcePair();
	const page = await authorize({ clientId, challenge, scope });
	expect(page.status).toBe(200);
	const approved = await consent(await page.text(), consentScopes ? { scope: consentScopes } : {});
	expect(approved.status).toBe(302);
	const location = new URL(approved.headers.get('location')!);
	expect(location.searchParams.get('state')).toBe('st-123');
	const code = location.searchParams.get('code')!;
	const token = await postForm('/oauth/token', {
		grant_type: 'authorization_code',
		code,
		redirect_uri: REDIRECT,
		code_verifier: verifier,
		client_id: clientId,
	});
	expect(token.status).toBe(200);
	return { clientId, code, verifier, ...token.body } as {
		clientId: string;
		code: string;
		verifier: string;
		access_token: string;
		refresh_token: string;
		scope: string;
		expires_in: number;
	};
}

describe('discovery', () => {
	it('answers 404 on every OAuth path while the profile is off', async () => {
		f.deps.settings.oauthEnabled = false;
		for (const path of [
			'/.well-known/oauth-protected-resource/api/mcp',
			'/.well-known/oauth-authorization-server',
			'/oauth/authorize',
		]) {
			expect((await fetch(`${base}${path}`)).status).toBe(404);
		}
		expect((await postJson('/oauth/register', { redirect_uris: [REDIRECT] })).status).toBe(404);
	});

	it('names {base_url}/api/mcp as the resource, for whichever host was addressed', async () => {
		const metadata = (await (await fetch(`${base}/.well-known/oauth-protected-resource/api/mcp`)).json()) as Record<
			string,
			unknown
		>;
		expect(metadata).toMatchObject({
			resource: `${base}/api/mcp`,
			authorization_servers: [base],
			bearer_methods_supported: ['header'],
		});
		expect(metadata.scopes_supported).toEqual(['files:read', 'files:write', 'dvs:read', 'dvs:write']);
		const port = new URL(base).port;
		const other = await new Promise<Record<string, unknown>>((resolve, reject) => {
			request(
				{
					host: '127.0.0.1',
					port,
					path: '/.well-known/oauth-protected-resource/api/mcp',
					headers: { host: 'mcp.partner.example' },
				},
				(res) => {
					let text = '';
					res.on('data', (c) => (text += c));
					res.on('end', () => resolve(JSON.parse(text)));
				},
			)
				.on('error', reject)
				.end();
		});
		expect(other).toMatchObject({
			resource: 'https://mcp.partner.example/api/mcp',
			authorization_servers: ['https://mcp.partner.example'],
		});
	});

	it('publishes authorization server metadata', async () => {
		const metadata = (await (await fetch(`${base}/.well-known/oauth-authorization-server`)).json()) as Record<
			string,
			unknown
		>;
		expect(metadata).toMatchObject({
			issuer: base,
			authorization_endpoint: `${base}/oauth/authorize`,
			token_endpoint: `${base}/oauth/token`,
			registration_endpoint: `${base}/oauth/register`,
			code_challenge_methods_supported: ['S256'],
			grant_types_supported: ['authorization_code', 'refresh_token'],
			token_endpoint_auth_methods_supported: ['none'],
			client_id_metadata_document_supported: true,
		});
	});

	it('points 401 challenges at the resource metadata', async () => {
		const answer = await f.client().callTool('svc_get_root_folder');
		expect(answer.status).toBe(401);
		expect(answer.headers.get('www-authenticate')).toContain(
			`resource_metadata="${base}/.well-known/oauth-protected-resource/api/mcp"`,
		);
	});

	it('offers only enabled scopes', async () => {
		f.deps.settings.writesEnabled = false;
		f.deps.settings.dvsWritesEnabled = false;
		const metadata = (await (await fetch(`${base}/.well-known/oauth-protected-resource/api/mcp`)).json()) as {
			scopes_supported: string[];
		};
		expect(metadata.scopes_supported).toEqual(['files:read', 'dvs:read']);
	});
});

describe('dynamic client registration', () => {
	it('always registers a public PKCE client, even when a secret is requested', async () => {
		const answer = await postJson('/oauth/register', {
			redirect_uris: [
				'https://app.example.com/cb',
				'http://localhost:3000/cb',
				'http://[::1]/cb',
				'com.example.app:/oauth',
				'cursor://callback',
			],
			token_endpoint_auth_method: 'client_secret_basic',
			client_name: 'Wants a secret',
		});
		expect(answer.status).toBe(201);
		expect(answer.body.token_endpoint_auth_method).toBe('none');
		expect(answer.body.client_secret).toBeUndefined();
		expect(answer.body.grant_types).toEqual(['authorization_code', 'refresh_token']);
	});

	it.each([
		['more than 10 redirect URIs', Array.from({ length: 11 }, (_, i) => `https://app.example.com/cb${i}`)],
		['plain http to a public host', ['http://app.example.com/cb']],
		['a fragment', ['https://app.example.com/cb#x']],
		['javascript:', ['javascript:alert(1)']],
		['a relative URI', ['/callback']],
		['no URIs', []],
	])('refuses %s with 400', async (_label, uris) => {
		const answer = await postJson('/oauth/register', { redirect_uris: uris });
		expect(answer.status).toBe(400);
		expect(answer.body.error).toBe('invalid_redirect_uri');
	});

	it('accepts exactly 10 redirect URIs', async () => {
		const answer = await postJson('/oauth/register', {
			redirect_uris: Array.from({ length: 10 }, (_, i) => `https://app.example.com/cb${i}`),
		});
		expect(answer.status).toBe(201);
	});
});

describe('authorization code with PKCE', () => {
	it('runs the full flow and the token works on private tools', async () => {
		const tokens = await grant();
		expect(tokens.scope).toBe('files:read files:write dvs:read dvs:write');
		expect(tokens.expires_in).toBe(3600);
		expect(tokens.refresh_token).toBeTruthy();
		const root = await f.client(`Bearer ${tokens.access_token}`).tool('svc_get_root_folder');
		expect(root.structuredContent.folder.hash).toBe(f.alice.rootFolderHash);
	});

	it('shows a consent page listing the requested scopes and round-trips state on denial', async () => {
		const clientId = await registerClient();
		const { challenge } = pkcePair();
		const page = await authorize({ clientId, challenge, scope: 'files:read files:write', state: 'opaque-Ä' });
		const html = await page.text();
		expect(html).toContain('files:write');
		expect(html).not.toContain('value="dvs:read"');
		const denied = await consent(html, { decision: 'deny' });
		const location = new URL(denied.headers.get('location')!);
		expect(location.origin + location.pathname).toBe(REDIRECT);
		expect(location.searchParams.get('error')).toBe('access_denied');
		expect(location.searchParams.get('state')).toBe('opaque-Ä');
	});

	it('refuses a wrong login on the consent page and keeps the consent open', async () => {
		const clientId = await registerClient();
		const page = await (await authorize({ clientId, challenge: pkcePair().challenge })).text();
		expect((await consent(page, { password: 'wrong' })).status).toBe(401);
		expect((await consent(page, {})).status).toBe(302);
	});

	it('requires S256 and a code challenge', async () => {
		const clientId = await registerClient();
		for (const options of [{ method: 'plain' }, { challenge: '' }]) {
			const res = await authorize({ clientId, challenge: pkcePair().challenge, ...options });
			expect(res.status).toBe(302);
			const location = new URL(res.headers.get('location')!);
			expect(location.searchParams.get('error')).toBe('invalid_request');
			expect(location.searchParams.get('state')).toBe('st-123');
		}
	});

	it('does not redirect to an unregistered redirect_uri or for an unknown client', async () => {
		const clientId = await registerClient();
		expect(
			(await authorize({ clientId, challenge: pkcePair().challenge, redirectUri: 'https://evil.example/cb' })).status,
		).toBe(400);
		expect((await authorize({ clientId: 'nope', challenge: pkcePair().challenge })).status).toBe(400);
		// Loopback redirect URIs may change port (RFC 8252).
		expect(
			(await authorize({ clientId, challenge: pkcePair().challenge, redirectUri: 'http://127.0.0.1:9999/callback' }))
				.status,
		).toBe(200);
	});

	it('accepts resource only when it equals {base_url}/api/mcp', async () => {
		const clientId = await registerClient();
		const good = await authorize({ clientId, challenge: pkcePair().challenge, resource: `${base}/api/mcp` });
		expect(good.status).toBe(200);
		const bad = await authorize({
			clientId,
			challenge: pkcePair().challenge,
			resource: 'https://other.example/api/mcp',
		});
		expect(new URL(bad.headers.get('location')!).searchParams.get('error')).toBe('invalid_target');
	});

	it('lets tests skip the consent page with the auto-consent header', async () => {
		const clientId = await registerClient();
		const refused = await authorize({
			clientId,
			challenge: pkcePair().challenge,
			headers: { [AUTO_CONSENT_HEADER]: 'alice:wrong' },
		});
		expect(refused.status).toBe(401);
		const auto = await authorize({
			clientId,
			challenge: pkcePair().challenge,
			headers: { [AUTO_CONSENT_HEADER]: 'alice:alice-password' },
		});
		expect(auto.status).toBe(302);
		expect(new URL(auto.headers.get('location')!).searchParams.get('code')).toBeTruthy();
	});

	it('refuses a wrong verifier, a reused code (revoking its tokens) and a wrong client', async () => {
		const clientId = await registerClient();
		const { verifier, challenge } = pkcePair();
		const auto = await authorize({ clientId, challenge, headers: { [AUTO_CONSENT_HEADER]: 'alice:alice-password' } });
		expect(auto.status).toBe(302);
		const code = new URL(auto.headers.get('location')!).searchParams.get('code')!;
		const exchange = (fields: Record<string, string>) =>
			postForm('/oauth/token', {
				grant_type: 'authorization_code',
				code,
				redirect_uri: REDIRECT,
				code_verifier: verifier,
				client_id: clientId,
				...fields,
			});
		expect((await exchange({ code_verifier: pkcePair().verifier })).body.error).toBe('invalid_grant');
		expect((await exchange({ client_id: await registerClient() })).body.error).toBe('invalid_grant');
		expect((await exchange({ redirect_uri: 'http://127.0.0.1:8765/other' })).body.error).toBe('invalid_grant');
		const first = await exchange({});
		expect(first.status).toBe(200);
		expect((await f.client(`Bearer ${first.body.access_token}`).callTool('svc_get_root_folder')).status).toBe(200);
		const replay = await exchange({});
		expect(replay.body.error).toBe('invalid_grant');
		expect(
			(
				await f
					.client(`Bearer ${first.body.access_token}`)
					.callTool('svc_get_root_folder', {}, { headers: { [TEST_CLIENT_IP_HEADER]: '10.77.0.1' } })
			).status,
		).toBe(401);
	});

	it('takes client_id from HTTP Basic and ignores the secret', async () => {
		const clientId = await registerClient();
		const { verifier, challenge } = pkcePair();
		const auto = await authorize({ clientId, challenge, headers: { [AUTO_CONSENT_HEADER]: 'alice:alice-password' } });
		const code = new URL(auto.headers.get('location')!).searchParams.get('code')!;
		const basic = `Basic ${Buffer.from(`${encodeURIComponent(clientId)}:any-secret-at-all`).toString('base64')}`;
		const token = await postForm(
			'/oauth/token',
			{ grant_type: 'authorization_code', code, redirect_uri: REDIRECT, code_verifier: verifier },
			{ authorization: basic },
		);
		expect(token.status).toBe(200);
		expect(token.headers.get('cache-control')).toBe('no-store');
		expect(
			(
				await postForm('/oauth/token', {
					grant_type: 'authorization_code',
					code: 'x',
					redirect_uri: REDIRECT,
					code_verifier: verifier,
				})
			).status,
		).toBe(401);
	});

	it('accepts a Client ID Metadata Document client', async () => {
		const clientId = 'https://client.example.com/oauth/metadata.json';
		f.deps.fetchClientMetadata = async (url) => ({
			client_id: url,
			client_name: 'CIMD app',
			redirect_uris: [REDIRECT],
		});
		try {
			const page = await authorize({ clientId, challenge: pkcePair().challenge });
			expect(page.status).toBe(200);
			expect(await page.text()).toContain('CIMD app');
		} finally {
			f.deps.fetchClientMetadata = undefined;
		}
	});
});

describe('scopes', () => {
	it.each([
		[undefined, 'files:read files:write dvs:read dvs:write'],
		['openid profile', 'files:read files:write dvs:read dvs:write'],
		['files:write', 'files:read files:write'],
		['dvs:write unknown:thing', 'files:read dvs:read dvs:write'],
		['files:read', 'files:read'],
	])('scope %p is granted as %p', async (scope, granted) => {
		expect((await grant(scope)).scope).toBe(granted);
	});

	it('asks only for enabled scopes when none is named', async () => {
		f.deps.settings.dvsEnabled = false;
		expect((await grant()).scope).toBe('files:read files:write');
	});

	it('drops scopes the user unticked on the consent page (explicit write consent)', async () => {
		const tokens = await grant('files:read files:write dvs:read', ['files:read', 'dvs:read']);
		expect(tokens.scope).toBe('files:read dvs:read');
	});

	it('answers storage writes without files:write with 403 insufficient_scope', async () => {
		const tokens = await grant('files:read dvs:read dvs:write');
		const client = f.client(`Bearer ${tokens.access_token}`);
		expect((await client.callTool('svc_list_folder', { folder_hash: f.alice.rootFolderHash })).status).toBe(200);
		const answer = await client.callTool('svc_create_folder', {
			parent_folder_hash: f.alice.rootFolderHash,
			folder_name: 'nope',
		});
		expect(answer.status).toBe(403);
		expect(answer.headers.get('www-authenticate')).toMatch(
			/^Bearer error="insufficient_scope", scope="files:read files:write"/,
		);
		expect(f.childNames(f.alice.rootFolderHash)).not.toContain('nope');
		const attach = await client.callTool('svc_dvs_upload_file', {
			dvs_document_id: 1,
			file_name: 'a.txt',
			content: 'a',
			encoding: 'utf8',
		});
		expect(attach.status).toBe(403);
		expect(attach.headers.get('www-authenticate')).toContain('scope="files:read files:write dvs:read dvs:write"');
	});

	it('answers DVS tools without dvs:read, and DVS writes without dvs:write, with 403', async () => {
		const filesOnly = f.client(`Bearer ${(await grant('files:read files:write')).access_token}`);
		const read = await filesOnly.callTool('svc_dvs_get_fields', { section: 'task' });
		expect(read.status).toBe(403);
		expect(read.headers.get('www-authenticate')).toMatch(
			/^Bearer error="insufficient_scope", scope="files:read dvs:read"/,
		);
		const readOnly = f.client(`Bearer ${(await grant('dvs:read')).access_token}`);
		expect((await readOnly.callTool('svc_dvs_get_fields', { section: 'task' })).status).toBe(200);
		const write = await readOnly.callTool('svc_dvs_add_comment', { dvs_document_id: 1, comment: 'x' });
		expect(write.status).toBe(403);
		expect(write.headers.get('www-authenticate')).toContain('scope="files:read dvs:read dvs:write"');
	});

	it('lets API/ALL keys write without scopes', async () => {
		const answer = await f
			.client(f.bearer(f.alice))
			.tool('svc_create_folder', { parent_folder_hash: f.alice.rootFolderHash, folder_name: `key-${f.clock.now()}` });
		expect(answer.structuredContent.status).toBe('created');
	});
});

describe('token lifetimes and refresh', () => {
	it('expires access tokens after one hour, without counting failed logins', async () => {
		const tokens = await grant();
		const client = f.client(`Bearer ${tokens.access_token}`);
		f.clock.advance(HOUR - 1000);
		expect((await client.callTool('svc_get_root_folder')).status).toBe(200);
		f.clock.advance(1000);
		const ip = { headers: { [TEST_CLIENT_IP_HEADER]: '10.88.0.1' } };
		for (let i = 0; i < 25; i++) {
			const expired = await client.callTool('svc_get_root_folder', {}, ip);
			expect(expired.status).toBe(401);
			expect(expired.headers.get('www-authenticate')).toContain('error="invalid_token"');
		}
	});

	it('scales the lifetime with timeScale', async () => {
		f.deps.settings.timeScale = 0.01;
		const tokens = await grant();
		expect(tokens.expires_in).toBe(36);
		f.clock.advance(36_000);
		expect((await f.client(`Bearer ${tokens.access_token}`).callTool('svc_get_root_folder')).status).toBe(401);
	});

	it('rotates refresh tokens; a used one is invalid and its reuse revokes the grant', async () => {
		const tokens = await grant();
		const refresh = (token: string, extra: Record<string, string> = {}) =>
			postForm('/oauth/token', {
				grant_type: 'refresh_token',
				refresh_token: token,
				client_id: tokens.clientId,
				...extra,
			});
		const second = await refresh(tokens.refresh_token);
		expect(second.status).toBe(200);
		expect(second.body.refresh_token).not.toBe(tokens.refresh_token);
		expect(second.body.scope).toBe(tokens.scope);
		const fresh = f.client(`Bearer ${second.body.access_token}`);
		expect((await fresh.callTool('svc_get_root_folder')).status).toBe(200);
		const reuse = await refresh(tokens.refresh_token);
		expect(reuse.status).toBe(400);
		expect(reuse.body.error).toBe('invalid_grant');
		expect((await refresh(second.body.refresh_token)).body.error).toBe('invalid_grant');
		expect(
			(await fresh.callTool('svc_get_root_folder', {}, { headers: { [TEST_CLIENT_IP_HEADER]: '10.88.0.2' } })).status,
		).toBe(401);
	});

	it('cannot add scopes on refresh, but can narrow the access token', async () => {
		const tokens = await grant('files:read dvs:read');
		const refresh = (scope: string, token: string) =>
			postForm('/oauth/token', {
				grant_type: 'refresh_token',
				refresh_token: token,
				client_id: tokens.clientId,
				scope,
			});
		const widened = await refresh('files:read files:write', tokens.refresh_token);
		expect(widened.status).toBe(400);
		expect(widened.body.error).toBe('invalid_scope');
		const narrowed = await refresh('files:read', tokens.refresh_token);
		expect(narrowed.body.scope).toBe('files:read');
		expect(
			(await f.client(`Bearer ${narrowed.body.access_token}`).callTool('svc_dvs_get_fields', { section: 'task' }))
				.status,
		).toBe(403);
	});

	it('does not upgrade an existing grant when a new one is made', async () => {
		const narrow = await grant('files:read');
		await grant('files:read files:write');
		const refreshed = await postForm('/oauth/token', {
			grant_type: 'refresh_token',
			refresh_token: narrow.refresh_token,
			client_id: narrow.clientId,
		});
		expect(refreshed.body.scope).toBe('files:read');
	});

	it('keeps refresh tokens valid while used within 90 days', async () => {
		const tokens = await grant();
		f.clock.advance(89 * DAY);
		const kept = await postForm('/oauth/token', {
			grant_type: 'refresh_token',
			refresh_token: tokens.refresh_token,
			client_id: tokens.clientId,
		});
		expect(kept.status).toBe(200);
		f.clock.advance(89 * DAY);
		const stillKept = await postForm('/oauth/token', {
			grant_type: 'refresh_token',
			refresh_token: kept.body.refresh_token,
			client_id: tokens.clientId,
		});
		expect(stillKept.status).toBe(200);
		f.clock.advance(90 * DAY);
		const idle = await postForm('/oauth/token', {
			grant_type: 'refresh_token',
			refresh_token: stillKept.body.refresh_token,
			client_id: tokens.clientId,
		});
		expect(idle.body.error).toBe('invalid_grant');
	});

	it('refuses unknown grant types and resource mismatches', async () => {
		const tokens = await grant();
		expect(
			(await postForm('/oauth/token', { grant_type: 'client_credentials', client_id: tokens.clientId })).body.error,
		).toBe('unsupported_grant_type');
		const wrongResource = await postForm('/oauth/token', {
			grant_type: 'refresh_token',
			refresh_token: tokens.refresh_token,
			client_id: tokens.clientId,
			resource: 'https://x.example/api/mcp',
		});
		expect(wrongResource.body.error).toBe('invalid_target');
	});
});

describe('accounts', () => {
	it('does not grant unconfirmed accounts', async () => {
		const clientId = await registerClient();
		const page = await (await authorize({ clientId, challenge: pkcePair().challenge })).text();
		const answer = await consent(page, { login: 'carol', password: 'carol-password' });
		expect(new URL(answer.headers.get('location')!).searchParams.get('error')).toBe('access_denied');
	});
});
