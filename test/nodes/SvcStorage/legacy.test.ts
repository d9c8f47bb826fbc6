/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- this file runs in Node under the test tools, never inside n8n */
/**
 * The legacy scripts of document 1 that the node does not offer (login.php, sesslogin.php,
 * get_upload_id.php): why they are left out, what the simulator still does for them, and that a
 * session obtained from login.php works as the node's "Session ID" credential.
 *
 * Simulator-level tests of these scripts also live in devkit/simulator/test/storageAuth.test.ts
 * (login.php: cookie string, failure line, 2FA; sesslogin.php: redirect rules) and
 * devkit/simulator/test/storageFolders.test.ts (get_upload_id.php: create under ROOT or a parent, 401).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import type { NodeRunResult } from '../../../devkit/harness';
import { loadPackage } from '../../../devkit/harness';
import { startSimulator } from '../../../devkit/simulator/server';
import { createAccount } from '../../../devkit/simulator/seed';
import { basicAuth, callForm } from '../../../devkit/simulator/storage/client';
import {
	actionsSince,
	byHash,
	everythingShown,
	loginSession,
	sim,
	storage,
	useSimulator,
	type StorageCredentials,
	secretsInQueryOutsideAccountScripts,
} from './env';

useSimulator();

const LEFT_OUT = ['login.php', 'sesslogin.php', 'get_upload_id.php'];

const sessionIds: string[] = [];

async function sessionCredentials(): Promise<StorageCredentials> {
	const id = await loginSession(sim().demo.pro);
	sessionIds.push(id);
	return { svcStorageApi: { baseUrl: sim().baseUrl, authMethod: 'session', sessionId: id } };
}

function expectNoSecrets(result: NodeRunResult) {
	const text = everythingShown(result);
	const { pro } = sim().demo;
	for (const secret of [pro.password, pro.apiToken, ...sessionIds]) expect(text).not.toContain(secret);
	expect(secretsInQueryOutsideAccountScripts(sim().requests)).toEqual([]);
}

describe('why the node leaves these scripts out', () => {
	it('the development notes (docs/DEVELOPMENT.md) name each one with its reason', () => {
		const readme = readFileSync(join(__dirname, '..', '..', '..', 'docs', 'DEVELOPMENT.md'), 'utf8');
		const section = readme.slice(readme.indexOf('Legacy scripts the node leaves out'));
		expect(section.length).toBeGreaterThan(0);
		for (const script of LEFT_OUT) expect(section).toMatch(new RegExp(`\`${script.replace('.', '\\.')}\`[^\\n]*\\S`));
	});

	it('no operation of the node calls them', async () => {
		const { nodeTypes } = loadPackage();
		const node = nodeTypes.getByNameAndVersion('n8n-nodes-svc.svcStorage');
		const operations = node.description.properties.filter((property) => property.name === 'operation');
		const values = operations.flatMap((property) =>
			(property.options ?? []).map((option) => (option as { value: string }).value),
		);
		expect(values.length).toBeGreaterThan(10);
		for (const forbidden of ['login', 'sesslogin', 'getUploadId']) expect(values).not.toContain(forbidden);
	});

	it('login.php as document 1 shows it (GET with user and pass) puts the password in the URL', async () => {
		const { pro } = sim().demo;
		const start = sim().requests.length;
		const response = await callForm(
			sim().baseUrl,
			'/api/login.php',
			{},
			{ method: 'GET', query: { user: pro.login, pass: pro.password } },
		);
		expect(response.status).toBe(200);
		expect(response.text).toMatch(/^PHPSESSID=/);
		expect(
			sim()
				.requests.slice(start)
				.map((entry) => [entry.action, entry.secretInQuery]),
		).toEqual([['login', true]]);
		// Leave the log as the other tests expect it: no secret in any URL.
		sim().resetRequests();
	});
});

describe('simulator: the scripts still behave as document 1 says', () => {
	it('login.php by POST keeps the password out of the URL and returns the cookie string', async () => {
		const { pro } = sim().demo;
		const start = sim().requests.length;
		const response = await callForm(sim().baseUrl, '/api/login.php', { user: pro.login, pass: pro.password });
		expect(response.status).toBe(200);
		const fields = Object.fromEntries(
			response.text
				.trim()
				.split('; ')
				.map((pair) => pair.split('=').map(decodeURIComponent) as [string, string]),
		);
		expect(Object.keys(fields)).toEqual([
			'PHPSESSID',
			'user',
			'hash',
			'ID',
			'email',
			'root_upload_hash',
			'root_upload_key',
		]);
		expect(fields).toMatchObject({ user: pro.login, ID: String(pro.userId), root_upload_hash: pro.rootFolderHash });
		expect(
			sim()
				.sessions.all()
				.some((session) => session.id === fields.PHPSESSID && session.accountId === pro.userId),
		).toBe(true);
		expect(secretsInQueryOutsideAccountScripts(sim().requests.slice(start))).toEqual([]);
	});

	it('login.php does not accept an access token (user + pass only)', async () => {
		const { pro } = sim().demo;
		const response = await callForm(sim().baseUrl, '/api/login.php', {
			user: pro.login,
			user_access_token: pro.apiToken,
		});
		expect(response.text.trim()).toBe('error: incorrect login');
	});

	it('sesslogin.php with a login.php session redirects to a service host and keeps the session', async () => {
		const id = await loginSession(sim().demo.pro);
		sessionIds.push(id);
		const response = await callForm(sim().baseUrl, '/api/sesslogin.php', {
			PHPSESSID: id,
			username: sim().demo.pro.email,
			redirect_url: 'https://www.svc.example/dashboard',
		});
		expect(response.status).toBe(302);
		expect(response.headers.location).toBe('https://www.svc.example/dashboard');
		expect(String(response.headers['set-cookie'])).toContain(`PHPSESSID=${id}`);
		const result = await storage(
			{ resource: 'account', operation: 'validateSession' },
			{ credentials: { svcStorageApi: { baseUrl: sim().baseUrl, authMethod: 'session', sessionId: id } } },
		);
		expect(result.items[0].json).toEqual({ valid: true, message: null });
	});

	it("get_upload_id.php creates a PRIVATE folder and shares create_folder's rate limit", async () => {
		const limited = await startSimulator({ createFolderRatePerMinute: 2 });
		try {
			const owner = createAccount(limited, { plan: 'PRO' });
			const auth = { headers: basicAuth(owner.login, owner.password) };
			const v1 = await callForm(limited.baseUrl, '/api/get_upload_id.php', { folder_name: 'Via V1' }, auth);
			expect(v1.status).toBe(200);
			expect(limited.storage.getFolder(v1.json.upload_id)).toMatchObject({
				name: 'Via V1',
				accessType: 'PRIVATE',
				parentHash: owner.rootFolderHash,
			});
			expect(v1.json).toMatchObject({ folder_hash: v1.json.upload_id, folder_name: 'Via V1' });
			expect(v1.json.folder_edit_key).toMatch(/^[0-9a-f]{32}$/);
			expect((await callForm(limited.baseUrl, '/api_v2/create_folder', { folder_name: 'Via V2' }, auth)).status).toBe(
				200,
			);
			const third = await callForm(limited.baseUrl, '/api/get_upload_id.php', { folder_name: 'One too many' }, auth);
			expect(third.status).toBe(429);
			expect(Number(third.headers['retry-after'])).toBeGreaterThanOrEqual(1);
			expect(limited.storage.listChildren(owner.rootFolderHash).map((item) => item.name)).toEqual(['Via V1', 'Via V2']);
		} finally {
			await limited.close();
		}
	});
});

describe('the node with a session from login.php', () => {
	it('every resource works through the Session ID credential, sent as a cookie', async () => {
		const credentials = await sessionCredentials();
		const { pro, files } = sim().demo;
		const start = sim().requests.length;

		const usage = await storage({ resource: 'account', operation: 'getStorageUsage' }, { credentials });
		expect(usage.error).toBeUndefined();
		expect(usage.items[0].json.quota_mb).toBe(512000);

		const user = await storage({ resource: 'account', operation: 'getUserData' }, { credentials });
		expect(user.items[0].json).toMatchObject({ user_id: pro.userId, root_folder_hash: pro.rootFolderHash });
		expectNoSecrets(user);

		const signatures = await storage(
			{ resource: 'esignature', operation: 'getMany', file: byHash(files.contract.hash), returnAll: true },
			{ credentials },
		);
		expect(signatures.items).toHaveLength(3);

		const saved = await storage(
			{
				resource: 'encryptionKey',
				operation: 'saveFileKey',
				userId: pro.userId,
				fileHash: 'SessionFile1',
				encryptionKey: 'wrapped',
				keySignature: 'sig',
			},
			{ credentials },
		);
		expect(saved.items[0].json).toMatchObject({ success: true });
		expect(sim().encryptionKeys.wrappedKey('file', 'SessionFile1', pro.userId)).toMatchObject({
			encryptionKey: 'wrapped',
		});

		const folder = await storage(
			{
				resource: 'folder',
				operation: 'getContent',
				folder: byHash(sim().demo.folders.documents.hash),
				returnAll: true,
			},
			{ credentials },
		);
		expect(folder.error).toBeUndefined();
		expect(folder.items.map((item) => item.json.file_name ?? item.json.name)).toEqual(
			expect.arrayContaining(['contract.pdf']),
		);

		const requests = sim().requests.slice(start);
		expect(actionsSince(start)).toEqual(
			expect.arrayContaining([
				'get_storage_data',
				'authenticate_user',
				'get_esignatures',
				'save_file_encryption_key',
				'get_folder_content',
			]),
		);
		expect(requests.every((entry) => entry.auth === 'session')).toBe(true);
		expect(secretsInQueryOutsideAccountScripts(requests)).toEqual([]);
		for (const result of [usage, user, signatures, saved, folder]) expectNoSecrets(result);
	});

	it('after the session is logged out the node says the session ended, without the id', async () => {
		const credentials = await sessionCredentials();
		sim().sessions.destroy(String(credentials.svcStorageApi.sessionId));
		const result = await storage({ resource: 'account', operation: 'getUserData' }, { credentials });
		expect(result.error?.httpCode).toBe('401');
		expect(result.error?.description).toMatch(/session ID stops working when its session ends/);
		expectNoSecrets(result);
	});

	it('a failed login.php gives no session to use', async () => {
		await expect(loginSession({ ...sim().demo.pro, password: 'wrong-password' })).rejects.toThrow(
			/login.php gave no session/,
		);
	});
});
