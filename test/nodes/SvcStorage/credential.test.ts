import { testCredential } from '../../../devkit/harness';
import {
	actionsSince,
	byHash,
	credentialsFor,
	jsonOf,
	loginSession,
	passwordCredentials,
	sessionCredentials,
	sim,
	storage,
	tokenCredentials,
	useSimulator,
	type AuthMethod,
	secretsInQueryOutsideAccountScripts,
} from './env';

useSimulator();

const documents = () => byHash(sim().demo.folders.documents.hash);

describe.each<[AuthMethod, string]>([
	['accessToken', 'token'],
	['password', 'basic'],
	['session', 'session'],
])('authentication by %s', (method, loggedAs) => {
	it('reads and writes as the demo PRO user, authenticated the way the credential says', async () => {
		const credentials = await credentialsFor(method);
		const start = sim().requests.length;
		const [info] = jsonOf(
			await storage({ resource: 'folder', operation: 'getInfo', folder: documents() }, { credentials }),
		);
		expect(info.folder_name).toBe('Documents');
		const [created] = jsonOf(
			await storage(
				{ resource: 'folder', operation: 'create', parentFolder: documents(), folderName: `by ${method}` },
				{ credentials },
			),
		);
		expect(sim().storage.getFolder(created.folder_hash as string)?.createdBy).toBe(sim().demo.pro.userId);
		const requests = sim().requests.slice(start);
		expect(requests.length).toBeGreaterThan(1);
		expect(requests.every((entry) => entry.auth === loggedAs)).toBe(true);
		expect(secretsInQueryOutsideAccountScripts(requests)).toEqual([]);
	});

	it('passes the credential test', async () => {
		const { svcStorageApi } = await credentialsFor(method);
		expect(await testCredential('svcStorageApi', svcStorageApi)).toEqual({
			status: 'OK',
			message: 'Connection successful!',
		});
	});
});

describe('credential test failures', () => {
	it('a wrong access token', async () => {
		const result = await testCredential(
			'svcStorageApi',
			tokenCredentials(sim().demo.pro, 'wrong-token-000000000000000000000').svcStorageApi,
		);
		expect(result.status).toBe('Error');
		expect(result.message).toMatch(/did not accept these credentials/);
	});

	it('a wrong password', async () => {
		const result = await testCredential(
			'svcStorageApi',
			passwordCredentials(sim().demo.pro, 'not-the-password').svcStorageApi,
		);
		expect(result.status).toBe('Error');
	});

	it('an ended session', async () => {
		const session = await loginSession();
		sim().sessions.destroy(session);
		const result = await testCredential('svcStorageApi', {
			baseUrl: sim().baseUrl,
			authMethod: 'session',
			sessionId: session,
		});
		expect(result.status).toBe('Error');
	});

	it('a password of a two-factor account', async () => {
		const result = await testCredential('svcStorageApi', passwordCredentials(sim().demo.twoFactor).svcStorageApi);
		expect(result.status).toBe('Error');
		expect(result.message).toMatch(/two-factor.*User and Access Token/);
	});
});

describe('two-factor accounts', () => {
	it('a password credential gets a 403 whose message says to use an access token', async () => {
		const twoFactor = sim().demo.twoFactor;
		const result = await storage(
			{ resource: 'folder', operation: 'getContent', folder: byHash(twoFactor.rootFolderHash), returnAll: true },
			{ credentials: passwordCredentials(twoFactor) },
		);
		expect(result.error?.message).toBe(
			'This account requires two-factor authentication (403), which a password login cannot complete',
		);
		expect(result.error?.description).toMatch(/User and Access Token/);
		expect(result.error?.httpCode).toBe('403');
	});

	it("the same account's access token works", async () => {
		const twoFactor = sim().demo.twoFactor;
		const result = await storage(
			{ resource: 'folder', operation: 'getContent', folder: byHash(twoFactor.rootFolderHash), returnAll: true },
			{ credentials: tokenCredentials(twoFactor) },
		);
		expect(result.error).toBeUndefined();
	});
});

describe('Base URL', () => {
	// 0.0.0.0 reaches the loopback simulator on Linux, so a request, had one been sent, would show in the log.
	const plainHttpElsewhere = () => `http://0.0.0.0:${sim().port}`;

	it('plain http:// to a host that is not loopback is refused before any request', async () => {
		const start = sim().requests.length;
		const credentials = { svcStorageApi: { ...tokenCredentials().svcStorageApi, baseUrl: plainHttpElsewhere() } };
		const result = await storage({ resource: 'folder', operation: 'getInfo', folder: documents() }, { credentials });
		expect(result.error?.message).toBe(
			"The Svc Storage API credential's Base URL must start with https:// (plain http:// is allowed only for localhost)",
		);
		expect(sim().requests.length).toBe(start);
	});

	it('the credential test refuses it too, without a request', async () => {
		const start = sim().requests.length;
		const result = await testCredential('svcStorageApi', {
			...tokenCredentials().svcStorageApi,
			baseUrl: plainHttpElsewhere(),
		});
		expect(result.status).toBe('Error');
		expect(result.message).toMatch(/https:\/\//);
		expect(sim().requests.length).toBe(start);
	});

	it('a trailing slash and localhost are accepted', async () => {
		const credentials = {
			svcStorageApi: { ...tokenCredentials().svcStorageApi, baseUrl: `http://localhost:${sim().port}/` },
		};
		const start = sim().requests.length;
		const result = await storage({ resource: 'folder', operation: 'getInfo', folder: documents() }, { credentials });
		expect(result.error).toBeUndefined();
		expect(actionsSince(start)).toEqual(['get_folder_info']);
	});

	it('an address that does not answer is a clear "could not reach"', async () => {
		const credentials = { svcStorageApi: { ...tokenCredentials().svcStorageApi, baseUrl: 'http://127.0.0.1:9' } };
		const result = await storage({ resource: 'folder', operation: 'getInfo', folder: documents() }, { credentials });
		expect(result.error?.message).toBe('Could not reach Svc at 127.0.0.1:9 to read the folder');
		expect(result.error?.description).toMatch(/Base URL.*ECONNREFUSED/);
	});
});

it('a session ended since the credential was saved gives a clear 401', async () => {
	const credentials = await sessionCredentials();
	sim().sessions.destroy(credentials.svcStorageApi.sessionId as string);
	const result = await storage({ resource: 'folder', operation: 'getInfo', folder: documents() }, { credentials });
	expect(result.error?.message).toBe('Svc did not accept the credentials (401) while trying to read the folder');
	expect(result.error?.description).toMatch(/session ID stops working when its session ends/);
});
