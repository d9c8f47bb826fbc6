import type { Account } from '../../accounts';
import type { SimResponse } from '../../types';
import { randomToken } from '../ids';
import { requireCaller, sessionIdOf, TWO_FACTOR_HEADER } from '../auth';
import { getOnly, type StorageActions } from '../context';
import { fail, isResponse, ok } from '../http';
import { createHash } from 'node:crypto';

function text(status: number, body: string, headers: Record<string, string | string[]> = {}): SimResponse {
	return { status, headers: { 'Content-Type': 'text/plain; charset=utf-8', ...headers }, body };
}

function sessionCookie(sessionId: string): string {
	return `PHPSESSID=${sessionId}; Path=/; HttpOnly; SameSite=Lax`;
}

/** The `hash` value of login.php's cookie string: a stable per-account identifier (not a secret). */
export function userHash(account: Account): string {
	return createHash('sha1').update(`svc-user-${account.id}`).digest('hex').slice(0, 32);
}

/** The account's API token for get_user_access_token: its first API or ALL token, else a new API token. */
function accessTokenFor(account: Account): string {
	const existing = account.accessTokens.find((token) => token.type === 'API' || token.type === 'ALL');
	if (existing) return existing.token;
	const token = randomToken();
	account.accessTokens.push({ token, type: 'API' });
	return token;
}

/** Document 1's session scripts. */
export const sessionScripts: StorageActions = {
	/** authenticate_user.php: any one authentication method; answers the user data object. */
	authenticate_user: getOnly((call) => {
		const caller = requireCaller(call);
		if (isResponse(caller)) return caller;
		const { account } = caller;
		const root = call.services.storage.getFolder(account.rootFolderHash);
		return ok({
			success: true,
			user_id: account.id,
			user: account.login,
			email: account.email,
			first_name: account.firstName,
			surname: account.surname,
			plan: account.plan,
			root_folder_hash: account.rootFolderHash,
			root_folder_edit_key: root?.editKey ?? null,
			root_folder_upload_key: root?.uploadKey ?? null,
			...(call.params.flag('get_user_access_token') ? { user_access_token: accessTokenFor(account) } : {}),
		});
	}),

	/**
	 * login.php: user + pass only. Success is the plain-text cookie string (and a Set-Cookie);
	 * a failed login is 200 with the line `error: incorrect login`, as the legacy script does.
	 */
	login(call) {
		const user = call.params.text('user');
		const password = call.params.get('pass');
		call.auth = 'password';
		const account = user && password !== undefined ? call.services.accounts.checkPassword(user, password) : undefined;
		if (!account || !account.active) return text(200, 'error: incorrect login\n');
		if (account.twoFactor)
			return text(403, 'error: two-factor authentication required\n', { [TWO_FACTOR_HEADER]: '1' });
		const session = call.services.sessions.create(account.id);
		const root = call.services.storage.getFolder(account.rootFolderHash);
		const cookie = [
			['PHPSESSID', session.id],
			['user', account.login],
			['hash', userHash(account)],
			['ID', String(account.id)],
			['email', account.email],
			['root_upload_hash', account.rootFolderHash],
			['root_upload_key', root?.uploadKey ?? ''],
		]
			.map(([name, value]) => `${name}=${encodeURIComponent(value)}`)
			.join('; ');
		return text(200, `${cookie}\n`, { 'Set-Cookie': sessionCookie(session.id) });
	},

	/**
	 * sesslogin.php: PHPSESSID (parameter, required) must be a live session; `username`, when
	 * sent, must be its account's login or e-mail; redirect_url is required and must be an
	 * http(s) URL on a service host. Answers 302 with the session cookie.
	 */
	sesslogin(call) {
		const sessionId = call.params.text('PHPSESSID');
		if (!sessionId) return fail(400, 'PHPSESSID is required');
		call.auth = 'session';
		const session = call.services.sessions.use(sessionId);
		const account = session ? call.services.accounts.get(session.accountId) : undefined;
		if (!account) return fail(401, 'session is not valid');
		const username = call.params.text('username');
		if (username !== undefined && call.services.accounts.findByUser(username)?.id !== account.id) {
			return fail(401, 'username does not match the session');
		}
		const redirect = call.params.text('redirect_url');
		let target: URL | undefined;
		try {
			target = redirect ? new URL(redirect) : undefined;
		} catch {
			target = undefined;
		}
		if (!target || !/^https?:$/.test(target.protocol) || !call.services.isServiceHost(target.hostname)) {
			return fail(400, "redirect_url must be a URL on the service's own or partner domains");
		}
		return { status: 302, headers: { Location: target.toString(), 'Set-Cookie': sessionCookie(session!.id) } };
	},

	/** validate_session.php: 200 with Success true for a live session, Success false otherwise. */
	validate_session: getOnly((call) => {
		const sessionId = sessionIdOf(call);
		call.auth = sessionId === undefined ? 'none' : 'session';
		const session = sessionId && sessionId !== 'conflict' ? call.services.sessions.use(sessionId) : undefined;
		if (!session) return ok({ Success: false, Message: 'session is not valid', SessionID: '' });
		return ok({ Success: true, Message: null, SessionID: session.id });
	}),
};
