/* eslint-disable @n8n/community-nodes/no-hardcoded-secrets -- this file its tokens are made-up test values */
import { createHash } from 'node:crypto';
import type { SimHandler, SimRequest, SimResponse } from '../../types';
import { baseUrlOf, mcpResourceUrl } from '../baseUrl';
import type { McpDeps } from '../deps';
import { header } from '../revisions';
import type { Scope } from '../scopes';
import { closeScopes, enabledScopes, isScope, requestedScopes, scopeString } from '../scopes';
import type { McpState } from '../state';
import { stateFor } from '../state';
import { consentPage } from './consentPage';
import { MAX_REDIRECT_URIS, redirectUriMatches, redirectUriProblem } from './redirectUris';
import { ACCESS_TOKEN_SECONDS, CODE_SECONDS, CONSENT_SECONDS, REFRESH_IDLE_SECONDS } from './store';
import type { AuthorizationRequest, Grant, OAuthClient } from './store';

/** Paths of the OAuth profile (document 2: "not shown"); keys are what `mountMcp` mounts. */
export const OAUTH_PATHS = {
	protectedResource: '/.well-known/oauth-protected-resource',
	authorizationServer: '/.well-known/oauth-authorization-server',
	register: '/oauth/register',
	authorize: '/oauth/authorize',
	token: '/oauth/token',
} as const;

/** Test-only: `<login>:<password>` approves the requested scopes without the consent page. */
export const AUTO_CONSENT_HEADER = 'x-sim-auto-consent';

const json = (status: number, body: unknown, headers: Record<string, string> = {}): SimResponse => ({
	status,
	headers: { 'content-type': 'application/json', 'cache-control': 'no-store', ...headers },
	json: body,
});

const oauthError = (status: number, error: string, description: string): SimResponse =>
	json(status, { error, error_description: description });

const html = (status: number, page: string): SimResponse => ({
	status,
	headers: { 'content-type': 'text/html; charset=utf-8' },
	body: page,
});

function redirect(target: string, params: Record<string, string | undefined>): SimResponse {
	const url = new URL(target);
	for (const [key, value] of Object.entries(params)) if (value !== undefined) url.searchParams.set(key, value);
	return { status: 302, headers: { location: url.toString(), 'cache-control': 'no-store' } };
}

function formOf(req: SimRequest): URLSearchParams {
	const text = req.body.toString('utf8');
	if (/json/i.test(header(req, 'content-type') ?? '')) {
		try {
			const object = JSON.parse(text) as Record<string, unknown>;
			return new URLSearchParams(Object.entries(object).map(([k, v]) => [k, String(v)]));
		} catch {
			return new URLSearchParams();
		}
	}
	return new URLSearchParams(text);
}

export function createMcpOAuthHandlers(deps: McpDeps): Record<string, SimHandler> {
	const state = stateFor(deps);
	const guard =
		(methods: string[], handler: (req: SimRequest) => Promise<SimResponse> | SimResponse): SimHandler =>
		async (req) => {
			if (!state.deps.settings.oauthEnabled)
				return oauthError(404, 'not_found', 'The OAuth profile is not enabled on this deployment');
			if (!methods.includes(req.method))
				return {
					...oauthError(405, 'method_not_allowed', `Use ${methods.join(' or ')}`),
					headers: { allow: methods.join(', ') },
				};
			return handler(req);
		};
	return {
		[OAUTH_PATHS.protectedResource]: guard(['GET'], (req) => protectedResource(req, state)),
		[OAUTH_PATHS.authorizationServer]: guard(['GET'], (req) => authorizationServer(req, state)),
		[OAUTH_PATHS.register]: guard(['POST'], (req) => register(req, state)),
		[OAUTH_PATHS.authorize]: guard(['GET', 'POST'], (req) =>
			req.method === 'GET' ? authorize(req, state) : consentSubmit(req, state),
		),
		[OAUTH_PATHS.token]: guard(['POST'], (req) => token(req, state)),
	};
}

function protectedResource(req: SimRequest, state: McpState): SimResponse {
	if (req.path !== OAUTH_PATHS.protectedResource && req.path !== `${OAUTH_PATHS.protectedResource}/api/mcp`) {
		return oauthError(404, 'not_found', 'No protected resource at this path');
	}
	return json(200, {
		resource: mcpResourceUrl(req),
		authorization_servers: [baseUrlOf(req)],
		scopes_supported: enabledScopes(state.deps.settings),
		bearer_methods_supported: ['header'],
		resource_name: 'Svc MCP endpoint',
	});
}

function authorizationServer(req: SimRequest, state: McpState): SimResponse {
	if (req.path !== OAUTH_PATHS.authorizationServer) return oauthError(404, 'not_found', 'No metadata at this path');
	const base = baseUrlOf(req);
	return json(200, {
		issuer: base,
		authorization_endpoint: `${base}${OAUTH_PATHS.authorize}`,
		token_endpoint: `${base}${OAUTH_PATHS.token}`,
		registration_endpoint: `${base}${OAUTH_PATHS.register}`,
		scopes_supported: enabledScopes(state.deps.settings),
		response_types_supported: ['code'],
		response_modes_supported: ['query'],
		grant_types_supported: ['authorization_code', 'refresh_token'],
		token_endpoint_auth_methods_supported: ['none'],
		code_challenge_methods_supported: ['S256'],
		client_id_metadata_document_supported: true,
		authorization_response_iss_parameter_supported: true,
	});
}

function redirectUrisProblem(uris: unknown): string | undefined {
	if (!Array.isArray(uris) || uris.length === 0) return 'redirect_uris must be a non-empty array';
	if (uris.length > MAX_REDIRECT_URIS) return `at most ${MAX_REDIRECT_URIS} redirect URIs are allowed`;
	for (const uri of uris) {
		const problem = redirectUriProblem(uri);
		if (problem) return problem;
	}
	return undefined;
}

/** RFC 7591. Always a public PKCE client: a requested secret is not issued. */
function register(req: SimRequest, state: McpState): SimResponse {
	let body: Record<string, unknown>;
	try {
		body = JSON.parse(req.body.toString('utf8')) as Record<string, unknown>;
		if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new Error('not an object');
	} catch {
		return oauthError(400, 'invalid_client_metadata', 'The registration body must be a JSON object');
	}
	const problem = redirectUrisProblem(body.redirect_uris);
	if (problem) return oauthError(400, 'invalid_redirect_uri', problem);
	const name = typeof body.client_name === 'string' ? body.client_name : undefined;
	const client = state.oauth.registerClient(body.redirect_uris as string[], name, state.now());
	return json(201, {
		client_id: client.clientId,
		client_id_issued_at: Math.floor(client.issuedAt / 1000),
		client_name: client.clientName,
		redirect_uris: client.redirectUris,
		token_endpoint_auth_method: 'none',
		grant_types: ['authorization_code', 'refresh_token'],
		response_types: ['code'],
		scope: scopeString(enabledScopes(state.deps.settings)),
	});
}

/** A registered client, or a Client ID Metadata Document fetched from its HTTPS client_id. */
async function clientFor(clientId: string, state: McpState): Promise<OAuthClient | undefined> {
	const known = state.oauth.clients.get(clientId);
	if (known || !clientId.startsWith('https://') || !state.deps.fetchClientMetadata) return known;
	try {
		const document = (await state.deps.fetchClientMetadata(clientId)) as Record<string, unknown>;
		if (document?.client_id !== clientId || redirectUrisProblem(document.redirect_uris)) return undefined;
		const client: OAuthClient = {
			clientId,
			redirectUris: document.redirect_uris as string[],
			clientName: typeof document.client_name === 'string' ? document.client_name : undefined,
			issuedAt: state.now(),
			metadataDocument: true,
		};
		state.oauth.clients.set(clientId, client);
		return client;
	} catch {
		return undefined;
	}
}

function resourceProblem(resource: string | null, req: SimRequest): string | undefined {
	if (resource === null) return undefined;
	const expected = mcpResourceUrl(req);
	return resource.replace(/\/$/, '') === expected ? undefined : `resource must be ${expected}`;
}

async function authorize(req: SimRequest, state: McpState): Promise<SimResponse> {
	const q = req.query;
	const clientId = q.get('client_id') ?? '';
	const client = await clientFor(clientId, state);
	if (!client) return oauthError(400, 'invalid_client', 'Unknown client_id');
	const redirectUri = q.get('redirect_uri') ?? '';
	if (!client.redirectUris.some((r) => redirectUriMatches(r, redirectUri))) {
		return oauthError(400, 'invalid_request', 'redirect_uri is not registered for this client');
	}
	const state_ = q.get('state') ?? undefined;
	const iss = baseUrlOf(req);
	const fail = (error: string, description: string) =>
		redirect(redirectUri, { error, error_description: description, state: state_, iss });
	if (q.get('response_type') !== 'code') return fail('unsupported_response_type', 'response_type must be code');
	const challenge = q.get('code_challenge');
	if (!challenge || !/^[A-Za-z0-9_-]{43}$/.test(challenge))
		return fail('invalid_request', 'code_challenge (S256) is required');
	if (q.get('code_challenge_method') !== 'S256') return fail('invalid_request', 'code_challenge_method must be S256');
	const problem = resourceProblem(q.get('resource'), req);
	if (problem) return fail('invalid_target', problem);

	const request: AuthorizationRequest = {
		clientId,
		redirectUri,
		scopes: requestedScopes(q.get('scope') ?? undefined, state.deps.settings),
		codeChallenge: challenge,
		state: state_,
		resource: q.get('resource') ?? undefined,
	};
	const auto = header(req, AUTO_CONSENT_HEADER);
	if (auto !== undefined) {
		const at = auto.indexOf(':');
		const account = at > 0 ? state.deps.accounts.checkPassword(auto.slice(0, at), auto.slice(at + 1)) : undefined;
		if (!account) return oauthError(401, 'access_denied', 'Auto-consent login failed');
		if (!account.confirmed) return fail('access_denied', 'The account e-mail address is not confirmed');
		return issueCodeRedirect(request, account.id, request.scopes, req, state);
	}
	const consent = state.oauth.addConsent(request, state.now() + state.scaled(CONSENT_SECONDS));
	return html(200, consentPage(consent, client.clientName ?? client.clientId));
}

function issueCodeRedirect(
	request: AuthorizationRequest,
	accountId: number,
	scopes: Scope[],
	req: SimRequest,
	state: McpState,
): SimResponse {
	const code = state.oauth.issueCode({ ...request, scopes }, accountId, state.now() + state.scaled(CODE_SECONDS));
	return redirect(request.redirectUri, { code: code.code, state: request.state, iss: baseUrlOf(req) });
}

/** The consent form: login, decision, and the scopes the user left checked. */
function consentSubmit(req: SimRequest, state: McpState): SimResponse {
	const form = formOf(req);
	const consent = state.oauth.consents.get(form.get('consent_id') ?? '');
	if (!consent || state.now() >= consent.expiresAt)
		return oauthError(400, 'invalid_request', 'Unknown or expired consent_id: start the authorization again');
	const iss = baseUrlOf(req);
	if (form.get('decision') !== 'approve') {
		state.oauth.consents.delete(consent.id);
		return redirect(consent.redirectUri, {
			error: 'access_denied',
			error_description: 'The user denied access',
			state: consent.state,
			iss,
		});
	}
	const account = state.deps.accounts.checkPassword(form.get('login') ?? '', form.get('password') ?? '');
	const client = state.oauth.clients.get(consent.clientId);
	if (!account)
		return html(
			401,
			consentPage(consent, client?.clientName ?? consent.clientId, 'Login failed: check the login and password'),
		);
	state.oauth.consents.delete(consent.id);
	if (!account.confirmed)
		return redirect(consent.redirectUri, {
			error: 'access_denied',
			error_description: 'The account e-mail address is not confirmed',
			state: consent.state,
			iss,
		});
	const checked = form
		.getAll('scope')
		.flatMap((s) => s.split(/\s+/))
		.filter(isScope);
	const approved =
		checked.length === 0 ? consent.scopes : closeScopes(consent.scopes.filter((s) => checked.includes(s)));
	return issueCodeRedirect(consent, account.id, approved, req, state);
}

function clientIdOf(req: SimRequest, form: URLSearchParams): string | undefined {
	const basic = /^Basic\s+(\S+)$/i.exec(header(req, 'authorization') ?? '');
	if (basic) {
		const decoded = Buffer.from(basic[1], 'base64').toString('utf8');
		const colon = decoded.indexOf(':');
		// The secret part of Basic credentials is ignored: every client is public.
		return decodeURIComponent((colon === -1 ? decoded : decoded.slice(0, colon)).replace(/\+/g, ' '));
	}
	return form.get('client_id') ?? undefined;
}

function tokenResponse(grant: Grant, scopes: Scope[], state: McpState): SimResponse {
	const lifetime = state.scaled(ACCESS_TOKEN_SECONDS);
	const access = state.oauth.issueAccessToken(grant, scopes, state.now() + lifetime);
	return json(200, {
		access_token: access.token,
		token_type: 'Bearer',
		expires_in: Math.max(1, Math.round(lifetime / 1000)),
		refresh_token: grant.refreshToken,
		scope: scopeString(scopes),
	});
}

function token(req: SimRequest, state: McpState): SimResponse {
	const form = formOf(req);
	const clientId = clientIdOf(req, form);
	if (!clientId || !state.oauth.clients.has(clientId)) {
		return {
			...oauthError(401, 'invalid_client', 'Unknown or missing client_id'),
			headers: { 'www-authenticate': 'Basic realm="svc-oauth"', 'content-type': 'application/json' },
		};
	}
	const problem = resourceProblem(form.get('resource'), req);
	if (problem) return oauthError(400, 'invalid_target', problem);
	const now = state.now();
	switch (form.get('grant_type')) {
		case 'authorization_code': {
			const code = state.oauth.codes.get(form.get('code') ?? '');
			if (!code || now >= code.expiresAt)
				return oauthError(400, 'invalid_grant', 'Unknown or expired authorization code');
			if (code.grantId) {
				const grant = state.oauth.grants.get(code.grantId);
				if (grant) state.oauth.revokeGrant(grant);
				return oauthError(400, 'invalid_grant', 'The authorization code was already used; its tokens are revoked');
			}
			if (code.clientId !== clientId) return oauthError(400, 'invalid_grant', 'The code was issued to another client');
			if (code.redirectUri !== form.get('redirect_uri'))
				return oauthError(400, 'invalid_grant', 'redirect_uri differs from the authorization request');
			const verifier = form.get('code_verifier') ?? '';
			if (!/^[A-Za-z0-9._~-]{43,128}$/.test(verifier))
				return oauthError(400, 'invalid_grant', 'code_verifier is missing or malformed');
			if (createHash('sha256').update(verifier).digest('base64url') !== code.codeChallenge) {
				return oauthError(400, 'invalid_grant', 'PKCE verification failed');
			}
			const grant = state.oauth.createGrant(
				code.accountId,
				clientId,
				code.scopes,
				now + state.scaled(REFRESH_IDLE_SECONDS),
			);
			code.grantId = grant.id;
			return tokenResponse(grant, grant.scopes, state);
		}
		case 'refresh_token': {
			const presented = form.get('refresh_token') ?? '';
			const grant = state.oauth.grantByRefreshToken(presented);
			if (!grant || grant.revoked) return oauthError(400, 'invalid_grant', 'Unknown or revoked refresh token');
			if (grant.retiredRefreshTokens.has(presented)) {
				state.oauth.revokeGrant(grant);
				return oauthError(400, 'invalid_grant', 'The refresh token was already used; the grant is revoked');
			}
			if (grant.clientId !== clientId)
				return oauthError(400, 'invalid_grant', 'The refresh token belongs to another client');
			if (now >= grant.refreshExpiresAt)
				return oauthError(400, 'invalid_grant', 'The refresh token expired (unused for 90 days)');
			let scopes = grant.scopes;
			const asked = form.get('scope');
			if (asked) {
				const known = asked.split(/\s+/).filter(isScope);
				const extra = known.filter((s) => !grant.scopes.includes(s));
				if (extra.length > 0)
					return oauthError(400, 'invalid_scope', `Refresh cannot add scopes (${extra.join(' ')}): authorize again`);
				if (known.length > 0) scopes = closeScopes(known);
			}
			state.oauth.rotateRefreshToken(grant, now + state.scaled(REFRESH_IDLE_SECONDS));
			return tokenResponse(grant, scopes, state);
		}
		default:
			return oauthError(400, 'unsupported_grant_type', 'grant_type must be authorization_code or refresh_token');
	}
}
