import type { INodeParameters } from 'n8n-workflow';

import type { NodeRunResult } from '../../../devkit/harness';
import { startServiceSimulator, type ServiceSimulator } from '../../../devkit/simulator';
import { createAccount } from '../../../devkit/simulator/seed';
import {
	everythingShown,
	loginSession,
	passwordCredentials,
	sim,
	storage as runStorage,
	tokenCredentials,
	useSimulator,
	type StorageCredentials,
	type StorageRunOptions,
	secretsInQueryOutsideAccountScripts,
	counting,
} from './env';

/** The simulator's clock runs `offset` ms ahead of the real one, so sessions can be aged without waiting. */
let offset = 0;
useSimulator({ now: () => Date.now() + offset });

beforeEach(() => {
	offset = 0;
});

/** Every session id handed out in this file (expired ones disappear from the simulator's store). */
const sessionIds: string[] = [];

async function session(user = sim().demo.pro): Promise<StorageCredentials> {
	const id = await loginSession(user);
	sessionIds.push(id);
	return { svcStorageApi: { baseUrl: sim().baseUrl, authMethod: 'session', sessionId: id } };
}

async function account(parameters: INodeParameters, opts: StorageRunOptions = {}): Promise<NodeRunResult> {
	return await runStorage({ resource: 'account', ...parameters }, opts);
}

function expectNoSecrets(result: NodeRunResult, allowed: string[] = []) {
	const text = everythingShown(result);
	const { pro, twoFactor, free, keys } = sim().demo;
	const secrets = [pro.password, pro.apiToken, twoFactor.password, twoFactor.apiToken, free.password, keys.apiToken];
	for (const secret of [
		...secrets,
		...sessionIds,
		...sim()
			.sessions.all()
			.map((entry) => entry.id),
	]) {
		if (!allowed.includes(secret)) expect(text).not.toContain(secret);
	}
	expect(text).not.toContain(Buffer.from(`${pro.login}:${pro.password}`).toString('base64'));
	expect(secretsInQueryOutsideAccountScripts(sim().requests)).toEqual([]);
}

const MIB = 1024 * 1024;

describe('Account > Get Storage Usage', () => {
	it("reports the megabyte figures as numbers, quota_mb converted from the service's string", async () => {
		const { pro } = sim().demo;
		sim().storage.addFile(pro.userId, sim().demo.folders.images.hash, 'big.bin', Buffer.alloc(3 * MIB + 512 * 1024));
		const usedMb = Math.round((sim().storage.accountUsage(pro.userId) / MIB) * 100) / 100;
		const { result, actions } = await counting(() => account({ operation: 'getStorageUsage' }));
		expect(result.error).toBeUndefined();
		expect(actions).toEqual(['get_storage_data']);
		expect(result.items).toHaveLength(1);
		expect(result.items[0].json).toEqual({
			used_mb: usedMb,
			quota_mb: 512000,
			available_mb: Math.round((512000 - usedMb) * 100) / 100,
			free_mb: Math.round((512000 - usedMb) * 100) / 100,
		});
		expect(usedMb).toBeGreaterThanOrEqual(3.5);
		for (const value of Object.values(result.items[0].json)) expect(typeof value).toBe('number');
		expect(result.items[0].pairedItem).toEqual({ item: 0 });
		expectNoSecrets(result);
	});

	it.each(['password', 'session'] as const)('gives the same figures with a %s credential', async (method) => {
		const credentials = method === 'password' ? passwordCredentials() : await session();
		const viaToken = await account({ operation: 'getStorageUsage' });
		const result = await account({ operation: 'getStorageUsage' }, { credentials });
		expect(result.error).toBeUndefined();
		expect(result.items[0].json).toEqual(viaToken.items[0].json);
		expectNoSecrets(result);
	});

	it("uses the plan's quota (FREE: 5120 MB)", async () => {
		const result = await account(
			{ operation: 'getStorageUsage' },
			{ credentials: passwordCredentials(sim().demo.free) },
		);
		expect(result.items[0].json).toMatchObject({ quota_mb: 5120, used_mb: 0, free_mb: 5120, available_mb: 5120 });
	});

	it('one request per input item, each output paired with its item', async () => {
		const { result, actions } = await counting(() =>
			account(
				{ operation: 'getStorageUsage' },
				{ input: [{ json: { a: 1 } }, { json: { a: 2 } }, { json: { a: 3 } }] },
			),
		);
		expect(actions).toEqual(['get_storage_data', 'get_storage_data', 'get_storage_data']);
		expect(result.items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
	});

	it('a wrong password gives a 401 credential message without the password', async () => {
		const wrong = 'not-the-password-987';
		const result = await account(
			{ operation: 'getStorageUsage' },
			{ credentials: passwordCredentials(sim().demo.pro, wrong) },
		);
		expect(result.error?.httpCode).toBe('401');
		expect(result.error?.message).toBe(
			'Svc did not accept the credentials (401) while trying to read the storage usage',
		);
		expect(everythingShown(result)).not.toContain(wrong);
		expect(everythingShown(result)).not.toContain(Buffer.from(`${sim().demo.pro.login}:${wrong}`).toString('base64'));
	});
});

describe('Account > Get Storage Usage with other answers of the service', () => {
	// A second simulator whose get_storage_data.php answers what a test sets, to check the node's tolerance.
	let other: ServiceSimulator;
	let answer: unknown;

	beforeAll(async () => {
		other = await startServiceSimulator();
		other.mount('/api/get_storage_data.php', async () => ({ status: 200, json: answer }));
		other.mount('/api/authenticate_user.php', async () => ({ status: 200, json: answer }));
		other.mount('/api/validate_session.php', async () => ({ status: 200, json: answer }));
	});

	afterAll(async () => {
		await other.close();
	});

	const credentials = (): StorageCredentials => ({
		svcStorageApi: { ...tokenCredentials().svcStorageApi, baseUrl: other.baseUrl },
	});

	it('converts every figure sent as a string, and a missing or non-numeric one becomes null', async () => {
		answer = {
			success: true,
			message: null,
			data: { used_mb: '12.5', quota_mb: '10240', available_mb: 'n/a', free_mb: 10227.5 },
		};
		const result = await account({ operation: 'getStorageUsage' }, { credentials: credentials() });
		expect(result.items[0].json).toEqual({ used_mb: 12.5, quota_mb: 10240, available_mb: null, free_mb: 10227.5 });
	});

	it('reads figures sent at the top level instead of under data', async () => {
		answer = { used_mb: 1.25, quota_mb: '5120', available_mb: '5118.75', free_mb: 5118.75 };
		const result = await account({ operation: 'getStorageUsage' }, { credentials: credentials() });
		expect(result.items[0].json).toEqual({ used_mb: 1.25, quota_mb: 5120, available_mb: 5118.75, free_mb: 5118.75 });
	});

	it("turns success:false into an error with the service's message", async () => {
		answer = { success: false, message: 'storage data unavailable', data: null };
		const result = await account({ operation: 'getStorageUsage' }, { credentials: credentials() });
		expect(result.error?.message).toBe('Svc did not read the storage usage: storage data unavailable');
		expect(result.error?.itemIndex).toBe(0);
	});

	it('Get User Data: a 200 with success:false is an error, not the account', async () => {
		answer = { success: false, message: 'account is locked' };
		const result = await account({ operation: 'getUserData' }, { credentials: credentials() });
		expect(result.items).toEqual([]);
		expect(result.error?.message).toBe('Svc did not read the account data: account is locked');
	});

	it('Get User Data never outputs password or session fields, whatever the service sends', async () => {
		answer = {
			success: true,
			user_id: 7,
			root_folder_hash: 'R',
			pass: 'p4ss',
			PHPSESSID: 'sess',
			SessionID: 'sess2',
			user_access_token: 'tok',
		};
		const result = await account({ operation: 'getUserData' }, { credentials: credentials() });
		expect(result.items[0].json).toEqual({ success: true, user_id: 7, root_folder_hash: 'R' });
	});

	it.each([
		[
			{ Success: 'true', Message: '', SessionID: 'abc' },
			{ valid: true, message: null },
		],
		[
			{ Success: 1, Message: null, SessionID: 'abc' },
			{ valid: true, message: null },
		],
		[
			{ Success: false, Message: 'session SECRETSESSION expired', SessionID: '' },
			{ valid: false, message: 'session [redacted] expired' },
		],
	])('Validate Session reads %j as %j', async (body, expected) => {
		answer = body;
		const result = await account(
			{ operation: 'validateSession' },
			{ credentials: { svcStorageApi: { baseUrl: other.baseUrl, authMethod: 'session', sessionId: 'SECRETSESSION' } } },
		);
		expect(result.items.map((item) => item.json)).toEqual([expected]);
	});
});

describe('Account > Validate Session', () => {
	it('a session from login.php is valid; the output never holds the session id', async () => {
		const credentials = await session();
		const { result, actions } = await counting(() => account({ operation: 'validateSession' }, { credentials }));
		expect(result.error).toBeUndefined();
		expect(actions).toEqual(['validate_session']);
		expect(result.items.map((item) => item.json)).toEqual([{ valid: true, message: null }]);
		expect(sim().requests.at(-1)?.auth).toBe('session');
		expectNoSecrets(result);
	});

	it('an expired session is reported as not valid (the script answers 200), without the id', async () => {
		const credentials = await session();
		offset = 1441 * 1000; // past PHP's idle lifetime of 1440 s
		const result = await account({ operation: 'validateSession' }, { credentials });
		expect(result.error).toBeUndefined();
		expect(result.items.map((item) => item.json)).toEqual([{ valid: false, message: 'session is not valid' }]);
		expectNoSecrets(result);

		// The same credential on any other operation: a 401 that says sessions end.
		const usage = await account({ operation: 'getStorageUsage' }, { credentials });
		expect(usage.error?.httpCode).toBe('401');
		expect(usage.error?.description).toMatch(/session ID stops working when its session ends/);
		expectNoSecrets(usage);
	});

	it('a session used within its idle time stays valid', async () => {
		const credentials = await session();
		offset = 1000 * 1000;
		expect((await account({ operation: 'validateSession' }, { credentials })).items[0].json.valid).toBe(true);
		offset = 2000 * 1000; // 1000 s after the last use
		expect((await account({ operation: 'validateSession' }, { credentials })).items[0].json.valid).toBe(true);
	});

	it('an unknown or logged-out session is not valid', async () => {
		const credentials = await session();
		sim().sessions.destroy(String(credentials.svcStorageApi.sessionId));
		const result = await account({ operation: 'validateSession' }, { credentials });
		expect(result.items[0].json).toEqual({ valid: false, message: 'session is not valid' });
		const unknown = 'unknown-session-id-0000000000';
		const made = await account(
			{ operation: 'validateSession' },
			{ credentials: { svcStorageApi: { baseUrl: sim().baseUrl, authMethod: 'session', sessionId: unknown } } },
		);
		expect(made.items[0].json).toEqual({ valid: false, message: 'session is not valid' });
		expect(everythingShown(made)).not.toContain(unknown);
	});

	it.each([
		['accessToken', 'User and Access Token'],
		['password', 'User and Password'],
	] as const)(
		'with a %s credential it explains that a session credential is needed, before any request',
		async (method, label) => {
			const credentials = method === 'password' ? passwordCredentials() : tokenCredentials();
			const { result, actions } = await counting(() => account({ operation: 'validateSession' }, { credentials }));
			expect(actions).toEqual([]);
			expect(result.error?.message).toBe(
				`Validate Session needs a credential that uses a session, but this one uses "${label}"`,
			);
			expect(result.error?.description).toMatch(/Session ID/);
			expectNoSecrets(result);
		},
	);
});

describe('Account > Get User Data', () => {
	it('returns the account with its ROOT folder and keys (Include Capability Keys on), and no access token unless asked', async () => {
		const { pro } = sim().demo;
		const { result, actions } = await counting(() =>
			account({ operation: 'getUserData', options: { capabilityKeys: true } }),
		);
		expect(result.error).toBeUndefined();
		expect(actions).toEqual(['authenticate_user']);
		const root = sim().storage.getFolder(pro.rootFolderHash);
		expect(result.items[0].json).toMatchObject({
			user_id: pro.userId,
			user: pro.login,
			email: pro.email,
			plan: 'PRO',
			root_folder_hash: pro.rootFolderHash,
			root_folder_edit_key: root?.editKey,
			root_folder_upload_key: root?.uploadKey,
		});
		expect(result.items[0].json).not.toHaveProperty('user_access_token');
		expectNoSecrets(result);
	});

	it('adds the access token only when "Include Access Token" is on', async () => {
		const { pro } = sim().demo;
		const result = await account({ operation: 'getUserData', includeAccessToken: true });
		expect(result.error).toBeUndefined();
		expect(result.items[0].json.user_access_token).toBe(pro.apiToken);
		expectNoSecrets(result, [pro.apiToken]);
	});

	it('with a session credential: the data, never the session id; an access token only when asked', async () => {
		const credentials = await session();
		const result = await account({ operation: 'getUserData' }, { credentials });
		expect(result.error).toBeUndefined();
		expect(result.items[0].json).toMatchObject({
			user_id: sim().demo.pro.userId,
			root_folder_hash: sim().demo.pro.rootFolderHash,
		});
		expect(Object.keys(result.items[0].json)).not.toEqual(expect.arrayContaining(['PHPSESSID']));
		expectNoSecrets(result);
		const withToken = await account({ operation: 'getUserData', includeAccessToken: true }, { credentials });
		expect(withToken.items[0].json.user_access_token).toBe(sim().demo.pro.apiToken);
		expectNoSecrets(withToken, [sim().demo.pro.apiToken]);
	});

	it('an account without a token gets a new API token when asked', async () => {
		const user = createAccount(sim(), { plan: 'PRO' });
		const result = await account(
			{ operation: 'getUserData', includeAccessToken: true },
			{
				credentials: passwordCredentials({
					userId: user.id,
					login: user.login,
					email: user.email,
					password: user.password,
					rootFolderHash: user.rootFolderHash,
				}),
			},
		);
		expect(result.error).toBeUndefined();
		expect(result.items[0].json.user_access_token).toBe(user.accessTokens[0].token);
		expect(everythingShown(result)).not.toContain(user.password);
	});

	it('never outputs the password with a password credential', async () => {
		const result = await account(
			{ operation: 'getUserData', includeAccessToken: false },
			{ credentials: passwordCredentials() },
		);
		expect(result.error).toBeUndefined();
		expect(result.items[0].json).toMatchObject({ user_id: sim().demo.pro.userId });
		expectNoSecrets(result);
	});

	it('a two-factor account with a password credential gets a clear message suggesting an access token', async () => {
		const { twoFactor } = sim().demo;
		const { result, actions } = await counting(() =>
			account({ operation: 'getUserData' }, { credentials: passwordCredentials(twoFactor) }),
		);
		expect(actions).toEqual(['authenticate_user']);
		expect(result.error?.httpCode).toBe('403');
		expect(result.error?.message).toBe(
			'This account requires two-factor authentication (403), which a password login cannot complete',
		);
		expect(result.error?.description).toMatch(/User and Access Token/);
		expectNoSecrets(result);

		const viaToken = await account({ operation: 'getUserData' }, { credentials: tokenCredentials(twoFactor) });
		expect(viaToken.error).toBeUndefined();
		expect(viaToken.items[0].json).toMatchObject({ user_id: twoFactor.userId, plan: 'BUSINESS' });
	});

	it('continues on fail: the failing item becomes an error item, later items still run', async () => {
		const { pro, twoFactor } = sim().demo;
		// Item 1 times out (a delay longer than its Timeout option); items 0 and 2 succeed.
		sim().faults.add({ match: { action: 'authenticate_user' }, fault: { kind: 'delay', ms: 1500 }, skip: 1, times: 1 });
		const result = await account(
			{ operation: 'getUserData', options: { timeout: '={{ $json.timeout }}' } },
			{
				continueOnFail: true,
				input: [{ json: { timeout: 5000 } }, { json: { timeout: 300 } }, { json: { timeout: 5000 } }],
			},
		);
		expect(result.error).toBeUndefined();
		expect(result.items).toHaveLength(3);
		expect(result.items[0].json.user_id).toBe(pro.userId);
		expect(result.items[1].json.error).toMatch(/did not answer in time while trying to read the account data/);
		expect(result.items[1].pairedItem).toEqual({ item: 1 });
		expect(result.items[2].json.user_id).toBe(pro.userId);
		expect(result.items[2].pairedItem).toEqual({ item: 2 });
		expect(JSON.stringify(result.items)).not.toContain(twoFactor.password);
		expectNoSecrets(result);
	});
});
