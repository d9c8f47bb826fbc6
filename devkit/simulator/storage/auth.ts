import type { Account } from '../accounts';
import type { SimResponse } from '../types';
import type { AuthMethod, Caller, StorageCall } from './context';
import { fail } from './http';

/** The header document 1 names (with its spelling) for a login that needs a second factor. */
export const TWO_FACTOR_HEADER = 'TWO_FACTOR_REQURIED';

/** Query or body parameters that are secrets (the request log flags them in URLs). */
export const SECRET_PARAMETERS = [
	'pass',
	'user_access_token',
	'PHPSESSID',
	'SessionID',
	'google_token',
	'apple_code',
	'folder_upload_key',
] as const;

export type Identification =
	| { status: 'absent' }
	| { status: 'identified'; caller: Caller }
	| { status: 'rejected'; response: SimResponse };

export function parseCookies(header: string | undefined): Map<string, string> {
	const cookies = new Map<string, string>();
	for (const part of (header ?? '').split(';')) {
		const eq = part.indexOf('=');
		if (eq <= 0) continue;
		const name = part.slice(0, eq).trim();
		const raw = part.slice(eq + 1).trim();
		try {
			cookies.set(name, decodeURIComponent(raw));
		} catch {
			cookies.set(name, raw);
		}
	}
	return cookies;
}

function unauthorized(): SimResponse {
	return fail(401, 'authentication failed');
}

function twoFactorRequired(): SimResponse {
	return fail(403, 'two-factor authentication required', { [TWO_FACTOR_HEADER]: '1' });
}

/** The session id the request carries (cookie, PHPSESSID or SessionID parameter), or a conflict. */
export function sessionIdOf(call: StorageCall): string | undefined | 'conflict' {
	const candidates = [
		parseCookies(call.req.headers.cookie as string | undefined).get('PHPSESSID'),
		call.params.text('PHPSESSID'),
		call.params.text('SessionID'),
	].filter((value): value is string => value !== undefined && value !== '');
	if (candidates.length === 0) return undefined;
	return candidates.every((value) => value === candidates[0]) ? candidates[0] : 'conflict';
}

function presentMethods(call: StorageCall): AuthMethod[] {
	const methods: AuthMethod[] = [];
	if (/^Basic\s/i.test(call.req.headers.authorization ?? '')) methods.push('basic');
	if (sessionIdOf(call) !== undefined) methods.push('session');
	if (call.params.has('pass')) methods.push('password');
	if (call.params.has('user_access_token')) methods.push('token');
	if (call.params.has('google_token')) methods.push('google');
	if (call.params.has('apple_code')) methods.push('apple');
	return methods;
}

function checkPasswordLogin(call: StorageCall, user: string | undefined, password: string | undefined): Identification {
	const account = user && password !== undefined ? call.services.accounts.checkPassword(user, password) : undefined;
	if (!account || !account.active) return { status: 'rejected', response: unauthorized() };
	if (account.twoFactor) return { status: 'rejected', response: twoFactorRequired() };
	return identified(account, call.auth as AuthMethod);
}

function identified(account: Account | undefined, method: AuthMethod): Identification {
	if (!account || !account.active) return { status: 'rejected', response: unauthorized() };
	return { status: 'identified', caller: { account, method } };
}

/**
 * Recognizes the caller by exactly one of document 1's methods. Two different methods
 * answer 400; unknown credentials 401; a password login (Basic or user+pass) of an account
 * with two-factor authentication 403 with `TWO_FACTOR_REQURIED: 1`.
 */
export function identify(call: StorageCall): Identification {
	const methods = presentMethods(call);
	if (methods.length === 0) return { status: 'absent' };
	if (methods.length > 1) {
		return { status: 'rejected', response: fail(400, 'provide exactly one authentication method') };
	}
	const method = methods[0];
	call.auth = method;
	const { accounts, sessions, sso } = call.services;
	switch (method) {
		case 'basic': {
			const encoded = (call.req.headers.authorization ?? '').replace(/^Basic\s+/i, '').trim();
			const decoded = Buffer.from(encoded, 'base64').toString('utf8');
			const colon = decoded.indexOf(':');
			if (colon < 0) return { status: 'rejected', response: unauthorized() };
			return checkPasswordLogin(call, decoded.slice(0, colon), decoded.slice(colon + 1));
		}
		case 'password':
			return checkPasswordLogin(call, call.params.text('user'), call.params.get('pass'));
		case 'session': {
			const sessionId = sessionIdOf(call);
			if (sessionId === 'conflict') {
				return { status: 'rejected', response: fail(400, 'provide exactly one authentication method') };
			}
			const session = sessionId ? sessions.use(sessionId) : undefined;
			return identified(session ? accounts.get(session.accountId) : undefined, method);
		}
		case 'token': {
			const user = call.params.text('user');
			const token = call.params.text('user_access_token');
			return identified(user && token ? accounts.checkToken(user, token) : undefined, method);
		}
		case 'google': {
			const email = call.params.text('google_email');
			const accountId = email ? sso.googleAccount(call.params.text('google_token') ?? '', email) : undefined;
			return identified(accountId === undefined ? undefined : accounts.get(accountId), method);
		}
		case 'apple': {
			const accountId = sso.appleAccount(call.params.text('apple_code') ?? '');
			return identified(accountId === undefined ? undefined : accounts.get(accountId), method);
		}
	}
}

/** The caller, or the response to send: 401 when no credentials were given. */
export function requireCaller(call: StorageCall): Caller | SimResponse {
	const identification = identify(call);
	if (identification.status === 'identified') return identification.caller;
	if (identification.status === 'rejected') return identification.response;
	return unauthorized();
}
