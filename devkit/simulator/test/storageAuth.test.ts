/* eslint-disable @n8n/community-nodes/no-hardcoded-secrets -- this file its tokens are made-up test values */
import { createAccount, seedDemo, type DemoData } from '../seed';
import { startSimulator, type Simulator } from '../server';
import { basicAuth, callForm } from '../storage/client';

let sim: Simulator;
let demo: DemoData;

beforeAll(async () => {
	sim = await startSimulator();
	demo = seedDemo(sim);
});

afterAll(async () => {
	await sim.close();
});

const folderInfo = (form: Record<string, string | undefined>, headers?: Record<string, string>) =>
	callForm(sim.baseUrl, '/api_v2/get_folder_info', { folder_hash: demo.pro.rootFolderHash, ...form }, { headers });

function lastLog() {
	return sim.requests[sim.requests.length - 1];
}

describe('each authentication method of document 1', () => {
	it('accepts HTTP Basic', async () => {
		const response = await folderInfo({}, basicAuth(demo.pro.login, demo.pro.password));
		expect(response.status).toBe(200);
		expect(response.json.folder_hash).toBe(demo.pro.rootFolderHash);
		expect(lastLog().auth).toBe('basic');
	});

	it('accepts user + pass in the body, and the e-mail as user', async () => {
		expect((await folderInfo({ user: demo.pro.login, pass: demo.pro.password })).status).toBe(200);
		expect((await folderInfo({ user: demo.pro.email.toUpperCase(), pass: demo.pro.password })).status).toBe(200);
		expect(lastLog()).toMatchObject({ auth: 'password', action: 'get_folder_info' });
		expect(lastLog().secretInQuery).toBeUndefined();
	});

	it('accepts credentials in the query string and flags the secret in the log', async () => {
		const response = await callForm(
			sim.baseUrl,
			'/api_v2/get_folder_info',
			{ folder_hash: demo.pro.rootFolderHash },
			{
				query: { user: demo.pro.login, pass: demo.pro.password },
			},
		);
		expect(response.status).toBe(200);
		expect(lastLog().secretInQuery).toBe(true);
	});

	it('accepts user + user_access_token of type API or ALL, not WEB', async () => {
		expect((await folderInfo({ user: demo.pro.login, user_access_token: demo.pro.apiToken })).status).toBe(200);
		expect(lastLog().auth).toBe('token');
		const web = await folderInfo({ user: demo.pro.login, user_access_token: 'demo-pro-web-token-000000000000000' });
		expect(web.status).toBe(401);
	});

	it('accepts a session as cookie, PHPSESSID parameter or SessionID parameter', async () => {
		const session = sim.sessions.create(demo.pro.userId);
		expect((await folderInfo({}, { cookie: `PHPSESSID=${session.id}` })).status).toBe(200);
		expect(lastLog().auth).toBe('session');
		expect((await folderInfo({ PHPSESSID: session.id })).status).toBe(200);
		expect((await folderInfo({ SessionID: session.id })).status).toBe(200);
		expect((await folderInfo({ SessionID: 'no-such-session' })).status).toBe(401);
	});

	it('accepts google_token + google_email of the same account', async () => {
		expect((await folderInfo({ google_token: demo.pro.googleToken, google_email: demo.pro.email })).status).toBe(200);
		expect(lastLog().auth).toBe('google');
		expect((await folderInfo({ google_token: demo.pro.googleToken, google_email: demo.free.email })).status).toBe(401);
		expect((await folderInfo({ google_token: demo.pro.googleToken })).status).toBe(401);
	});

	it('accepts apple_code', async () => {
		expect((await folderInfo({ apple_code: demo.pro.appleCode })).status).toBe(200);
		expect(lastLog().auth).toBe('apple');
		expect((await folderInfo({ apple_code: 'unknown' })).status).toBe(401);
	});

	it('answers 401 without credentials or with wrong ones, and never echoes secrets', async () => {
		const none = await folderInfo({});
		expect(none.status).toBe(401);
		expect(lastLog().auth).toBe('none');
		const wrong = await folderInfo({ user: demo.pro.login, pass: 'wrong-password-xyz' });
		expect(wrong.status).toBe(401);
		expect(wrong.json).toEqual({ success: false, message: expect.any(String) });
		expect(wrong.text).not.toContain('wrong-password-xyz');
		expect((await folderInfo({}, basicAuth(demo.pro.login, 'nope'))).status).toBe(401);
		expect((await folderInfo({ user: demo.pro.login })).status).toBe(401);
	});
});

describe('exactly one authentication method', () => {
	it('answers 400 to two different methods', async () => {
		const basicAndToken = await folderInfo(
			{ user: demo.pro.login, user_access_token: demo.pro.apiToken },
			basicAuth(demo.pro.login, demo.pro.password),
		);
		expect(basicAndToken.status).toBe(400);
		const passAndToken = await folderInfo({
			user: demo.pro.login,
			pass: demo.pro.password,
			user_access_token: demo.pro.apiToken,
		});
		expect(passAndToken.status).toBe(400);
		const session = sim.sessions.create(demo.pro.userId);
		expect((await folderInfo({ apple_code: demo.pro.appleCode }, { cookie: `PHPSESSID=${session.id}` })).status).toBe(
			400,
		);
	});

	it('treats cookie and parameter of the same session as one method, different sessions as 400', async () => {
		const session = sim.sessions.create(demo.pro.userId);
		const other = sim.sessions.create(demo.pro.userId);
		expect((await folderInfo({ PHPSESSID: session.id }, { cookie: `PHPSESSID=${session.id}` })).status).toBe(200);
		expect((await folderInfo({ PHPSESSID: other.id }, { cookie: `PHPSESSID=${session.id}` })).status).toBe(400);
	});
});

describe('two-factor accounts', () => {
	it('answer password logins with 403 and TWO_FACTOR_REQURIED: 1', async () => {
		for (const response of [
			await folderInfo(
				{ folder_hash: demo.twoFactor.rootFolderHash },
				basicAuth(demo.twoFactor.login, demo.twoFactor.password),
			),
			await folderInfo({
				folder_hash: demo.twoFactor.rootFolderHash,
				user: demo.twoFactor.login,
				pass: demo.twoFactor.password,
			}),
		]) {
			expect(response.status).toBe(403);
			expect(response.headers.two_factor_requried).toBe('1');
		}
	});

	it('answer a wrong password with 401, not the 2FA hint', async () => {
		const response = await folderInfo({ user: demo.twoFactor.login, pass: 'wrong' });
		expect(response.status).toBe(401);
		expect(response.headers.two_factor_requried).toBeUndefined();
	});

	it('let token and session logins through', async () => {
		const token = await folderInfo({
			folder_hash: demo.twoFactor.rootFolderHash,
			user: demo.twoFactor.login,
			user_access_token: demo.twoFactor.apiToken,
		});
		expect(token.status).toBe(200);
		const session = sim.sessions.create(demo.twoFactor.userId);
		expect((await folderInfo({ folder_hash: demo.twoFactor.rootFolderHash, PHPSESSID: session.id })).status).toBe(200);
	});
});

describe('authenticate_user.php', () => {
	it('returns the user data object with ROOT hash and keys on GET', async () => {
		const response = await callForm(
			sim.baseUrl,
			'/api/authenticate_user.php',
			{},
			{
				method: 'GET',
				query: { user: demo.pro.login, pass: demo.pro.password },
			},
		);
		expect(response.status).toBe(200);
		const root = sim.storage.getFolder(demo.pro.rootFolderHash)!;
		expect(response.json).toMatchObject({
			success: true,
			user_id: demo.pro.userId,
			root_folder_hash: root.hash,
			root_folder_edit_key: root.editKey,
			root_folder_upload_key: root.uploadKey,
		});
		expect(response.json.user_access_token).toBeUndefined();
		expect(lastLog().action).toBe('authenticate_user');
	});

	it('adds user_access_token when get_user_access_token is truthy (HTTP Basic keeps the password out of the URL)', async () => {
		const response = await callForm(
			sim.baseUrl,
			'/api/authenticate_user.php',
			{ get_user_access_token: '1' },
			{
				method: 'GET',
				headers: basicAuth(demo.pro.login, demo.pro.password),
			},
		);
		expect(response.json.user_access_token).toBe(demo.pro.apiToken);
		expect(lastLog().secretInQuery).toBeUndefined();
	});

	// Document 1, "Legacy and session scripts": GET /api/authenticate_user.php, GET /api/validate_session.php,
	// GET /api/get_storage_data.php.
	it.each(['authenticate_user', 'validate_session', 'get_storage_data'])(
		'%s.php answers only GET (405 for POST)',
		async (script) => {
			const post = await callForm(
				sim.baseUrl,
				`/api/${script}.php`,
				{},
				{ headers: basicAuth(demo.pro.login, demo.pro.password) },
			);
			expect(post.status).toBe(405);
			const get = await callForm(
				sim.baseUrl,
				`/api/${script}.php`,
				{},
				{ method: 'GET', headers: basicAuth(demo.pro.login, demo.pro.password) },
			);
			expect(get.status).toBe(200);
		},
	);

	it('creates an API token for an account without one, usable afterwards', async () => {
		const account = createAccount(sim);
		const response = await callForm(
			sim.baseUrl,
			'/api/authenticate_user.php',
			{ get_user_access_token: 'true' },
			{
				method: 'GET',
				headers: basicAuth(account.login, account.password),
			},
		);
		const token = response.json.user_access_token as string;
		expect(account.accessTokens).toEqual([{ token, type: 'API' }]);
		const check = await callForm(
			sim.baseUrl,
			'/api/authenticate_user.php',
			{ user: account.login, user_access_token: token },
			{ method: 'GET' },
		);
		expect(check.status).toBe(200);
	});

	it('answers 401 for wrong credentials and 403 with the 2FA header', async () => {
		expect(
			(
				await callForm(
					sim.baseUrl,
					'/api/authenticate_user.php',
					{ user: demo.pro.login, pass: 'x' },
					{ method: 'GET' },
				)
			).status,
		).toBe(401);
		const twoFactor = await callForm(
			sim.baseUrl,
			'/api/authenticate_user.php',
			{ user: demo.twoFactor.login, pass: demo.twoFactor.password },
			{ method: 'GET' },
		);
		expect(twoFactor.status).toBe(403);
		expect(twoFactor.headers.two_factor_requried).toBe('1');
	});
});

describe('login.php and sessions', () => {
	it('returns the cookie string and a working session', async () => {
		const response = await callForm(sim.baseUrl, '/api/login.php', { user: demo.pro.login, pass: demo.pro.password });
		expect(response.status).toBe(200);
		expect(response.headers['content-type']).toMatch(/^text\/plain/);
		const cookie = Object.fromEntries(
			response.text
				.trim()
				.split('; ')
				.map((pair) => pair.split('=').map(decodeURIComponent) as [string, string]),
		);
		const root = sim.storage.getFolder(demo.pro.rootFolderHash)!;
		expect(cookie).toMatchObject({
			user: demo.pro.login,
			ID: String(demo.pro.userId),
			email: demo.pro.email,
			root_upload_hash: root.hash,
			root_upload_key: root.uploadKey,
		});
		expect(cookie.hash).toMatch(/^[0-9a-f]{32}$/);
		expect(response.headers['set-cookie']).toContain(`PHPSESSID=${cookie.PHPSESSID}`);
		expect((await folderInfo({}, { cookie: `PHPSESSID=${cookie.PHPSESSID}` })).status).toBe(200);
	});

	it('answers a failed login with the line "error: incorrect login"', async () => {
		const response = await callForm(
			sim.baseUrl,
			'/api/login.php',
			{},
			{ method: 'GET', query: { user: demo.pro.login, pass: 'bad' } },
		);
		expect(response.status).toBe(200);
		expect(response.text.trim()).toBe('error: incorrect login');
		expect(
			sim.sessions.all().some((session) => session.accountId === demo.pro.userId && session.id === response.text),
		).toBe(false);
	});

	it('answers a 2FA account with 403 and the header', async () => {
		const response = await callForm(sim.baseUrl, '/api/login.php', {
			user: demo.twoFactor.login,
			pass: demo.twoFactor.password,
		});
		expect(response.status).toBe(403);
		expect(response.headers.two_factor_requried).toBe('1');
	});

	it('validate_session.php reports live and unknown sessions', async () => {
		const session = sim.sessions.create(demo.free.userId);
		const live = await callForm(
			sim.baseUrl,
			'/api/validate_session.php',
			{},
			{ method: 'GET', headers: { cookie: `PHPSESSID=${session.id}` } },
		);
		expect(live.json).toEqual({ Success: true, Message: null, SessionID: session.id });
		const dead = await callForm(sim.baseUrl, '/api/validate_session.php', { PHPSESSID: 'gone' }, { method: 'GET' });
		expect(dead.status).toBe(200);
		expect(dead.json).toMatchObject({ Success: false, SessionID: '' });
	});

	it("sesslogin.php redirects only to the service's own and partner hosts", async () => {
		const session = sim.sessions.create(demo.pro.userId);
		const own = await callForm(sim.baseUrl, '/api/sesslogin.php', {
			PHPSESSID: session.id,
			username: demo.pro.login,
			redirect_url: 'https://app.svc.example/files?x=1',
		});
		expect(own.status).toBe(302);
		expect(own.headers.location).toBe('https://app.svc.example/files?x=1');
		const partner = await callForm(sim.baseUrl, '/api/sesslogin.php', {
			PHPSESSID: session.id,
			redirect_url: 'https://svc-partner.example/',
		});
		expect(partner.status).toBe(302);
		const local = await callForm(sim.baseUrl, '/api/sesslogin.php', {
			PHPSESSID: session.id,
			redirect_url: `${sim.baseUrl}/home`,
		});
		expect(local.status).toBe(302);
		for (const redirect of [
			'https://evil.example/',
			'https://svc.example.evil.com/',
			'javascript:alert(1)',
			'not a url',
		]) {
			expect(
				(await callForm(sim.baseUrl, '/api/sesslogin.php', { PHPSESSID: session.id, redirect_url: redirect })).status,
			).toBe(400);
		}
		expect((await callForm(sim.baseUrl, '/api/sesslogin.php', { redirect_url: 'https://svc.example/' })).status).toBe(
			400,
		);
		expect(
			(await callForm(sim.baseUrl, '/api/sesslogin.php', { PHPSESSID: 'gone', redirect_url: 'https://svc.example/' }))
				.status,
		).toBe(401);
		const wrongUser = await callForm(sim.baseUrl, '/api/sesslogin.php', {
			PHPSESSID: session.id,
			username: demo.free.login,
			redirect_url: 'https://svc.example/',
		});
		expect(wrongUser.status).toBe(401);
	});
});

describe('session expiry and get_storage_data.php', () => {
	it('expires idle sessions after 1440 s of the simulator clock', async () => {
		let clock = 1_700_000_000_000;
		const timed = await startSimulator({ now: () => clock });
		try {
			const account = createAccount(timed);
			const session = timed.sessions.create(account.id);
			const info = () =>
				callForm(timed.baseUrl, '/api_v2/get_folder_info', {
					folder_hash: account.rootFolderHash,
					PHPSESSID: session.id,
				});
			clock += 1400_000;
			expect((await info()).status).toBe(200);
			clock += 1441_000;
			expect((await info()).status).toBe(401);
		} finally {
			await timed.close();
		}
	});

	it('reports usage in megabytes with the documented types', async () => {
		const account = createAccount(sim, { plan: 'FREE' });
		const folder = sim.storage.createFolder(account.id, account.rootFolderHash, 'Big', 'PRIVATE');
		sim.storage.addFile(account.id, folder.hash, 'big.bin', Buffer.alloc(3 * 1024 * 1024 + 512 * 1024));
		const response = await callForm(
			sim.baseUrl,
			'/api/get_storage_data.php',
			{},
			{ method: 'GET', headers: basicAuth(account.login, account.password) },
		);
		expect(response.status).toBe(200);
		expect(response.json).toEqual({
			success: true,
			message: null,
			data: { used_mb: 3.5, quota_mb: '5120', available_mb: '5116.5', free_mb: 5116.5 },
		});
		expect((await callForm(sim.baseUrl, '/api/get_storage_data.php', {}, { method: 'GET' })).status).toBe(401);
	});
});
