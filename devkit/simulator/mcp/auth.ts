import type { Account } from '../accounts';
import type { SimRequest } from '../types';
import { baseUrlOf } from './baseUrl';
import { RpcCode, RpcFailure } from './jsonrpc';
import { header } from './revisions';
import type { Scope } from './scopes';
import { closeScopes } from './scopes';
import type { McpState } from './state';

export interface Principal {
	account: Account;
	via: 'apiKey' | 'oauth';
	/** OAuth grants carry scopes; API/ALL keys are limited only by account permissions. */
	scopes: Scope[] | 'all';
	/** Rate-limit key of the bearer: the key itself, or the OAuth grant (stable across refreshes). */
	tokenKey: string;
}

export type AuthOutcome =
	| { kind: 'anonymous' }
	| { kind: 'ok'; principal: Principal }
	/** `expired` failures are not counted as failed logins. */
	| { kind: 'invalid'; reason: string; expired: boolean }
	| { kind: 'forbidden'; reason: string };

const apiKeyForm = /^(\d+):(.+)$/;

/** Credentials come only from the Authorization header. */
export function authenticate(req: SimRequest, state: McpState): AuthOutcome {
	const raw = header(req, 'authorization');
	if (raw === undefined || raw.trim() === '') return { kind: 'anonymous' };
	const match = /^Bearer\s+(\S+)\s*$/i.exec(raw);
	if (!match) return { kind: 'invalid', reason: 'Use Authorization: Bearer <user_id>:<api_token>', expired: false };
	const token = match[1];
	const { deps } = state;

	const apiKey = apiKeyForm.exec(token);
	if (apiKey) {
		const account = deps.accounts.checkBearer(Number(apiKey[1]), apiKey[2]);
		if (!account)
			return { kind: 'invalid', reason: 'Unknown user id or API token (API or ALL token types only)', expired: false };
		if (!account.confirmed) return { kind: 'forbidden', reason: 'The account e-mail address is not confirmed' };
		return {
			kind: 'ok',
			principal: { account, via: 'apiKey', scopes: 'all', tokenKey: `key:${account.id}:${apiKey[2]}` },
		};
	}

	if (!deps.settings.oauthEnabled) return { kind: 'invalid', reason: 'Unknown bearer token', expired: false };
	const record = state.oauth.accessTokens.get(token);
	const grant = record ? state.oauth.grants.get(record.grantId) : undefined;
	if (!record || !grant || grant.revoked)
		return { kind: 'invalid', reason: 'Unknown or revoked access token', expired: false };
	if (state.now() >= record.expiresAt) return { kind: 'invalid', reason: 'The access token expired', expired: true };
	const account = deps.accounts.get(record.accountId);
	if (!account) return { kind: 'invalid', reason: 'Unknown account', expired: false };
	if (!account.confirmed) return { kind: 'forbidden', reason: 'The account e-mail address is not confirmed' };
	return { kind: 'ok', principal: { account, via: 'oauth', scopes: record.scopes, tokenKey: `grant:${grant.id}` } };
}

export function protectedResourceMetadataUrl(req: SimRequest): string {
	return `${baseUrlOf(req)}/.well-known/oauth-protected-resource/api/mcp`;
}

export function unauthorized(req: SimRequest, state: McpState, reason: string, tokenPresented: boolean): RpcFailure {
	const parts = ['Bearer realm="svc-mcp"'];
	if (state.deps.settings.oauthEnabled) parts.push(`resource_metadata="${protectedResourceMetadataUrl(req)}"`);
	if (tokenPresented) parts.push('error="invalid_token"', `error_description="${reason.replace(/"/g, "'")}"`);
	return new RpcFailure(401, RpcCode.unauthorized, `Unauthorized: ${reason}`, undefined, {
		'www-authenticate': parts.join(', '),
	});
}

export function forbidden(reason: string): RpcFailure {
	return new RpcFailure(403, RpcCode.forbidden, `Forbidden: ${reason}`);
}

/** Scopes missing from an OAuth principal; API keys lack none. */
export function missingScopes(principal: Principal, needed: Scope[]): Scope[] {
	if (principal.scopes === 'all') return [];
	const granted = principal.scopes;
	return needed.filter((s) => !granted.includes(s));
}

export function insufficientScope(req: SimRequest, state: McpState, needed: Scope[]): RpcFailure {
	const scope = closeScopes(needed).join(' ');
	const parts = [`Bearer error="insufficient_scope"`, `scope="${scope}"`];
	if (state.deps.settings.oauthEnabled) parts.push(`resource_metadata="${protectedResourceMetadataUrl(req)}"`);
	return new RpcFailure(
		403,
		RpcCode.forbidden,
		`Forbidden: the OAuth token lacks the scope(s) ${scope}`,
		{ required_scopes: closeScopes(needed) },
		{
			'www-authenticate': parts.join(', '),
		},
	);
}
