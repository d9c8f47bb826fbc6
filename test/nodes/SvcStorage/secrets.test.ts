/* eslint-disable @n8n/community-nodes/no-hardcoded-secrets -- this file its tokens are made-up test values */
/**
 * Secrets (password, access token, session id, folder upload key) never appear in a URL, an
 * error message, description or raw error, an output item, the node's log or n8n's error log.
 */
import { useWarpedTime, type NodeRunResult } from '../../../devkit/harness';
import { samplePdf } from '../../../devkit/simulator/seed';
import {
	byHash,
	credentialsFor,
	everythingShown,
	sim,
	storage,
	useSimulator,
	type AuthMethod,
	type StorageCredentials,
} from './env';

useSimulator();
useWarpedTime(1000, 1000);

function secretsOf(credentials: StorageCredentials): string[] {
	const { user, password, accessToken, sessionId } = credentials.svcStorageApi as Record<string, string | undefined>;
	const secrets = [password, accessToken, sessionId].filter(
		(value): value is string => typeof value === 'string' && value !== '',
	);
	if (user && password) secrets.push(Buffer.from(`${user}:${password}`).toString('base64'));
	return [...secrets, ...secrets.map((secret) => encodeURIComponent(secret))];
}

function expectNoSecret(result: NodeRunResult, secrets: string[]): void {
	const shown = everythingShown(result);
	// The search must see what it is meant to: the raw error (its stack too) and the items.
	if (result.error) expect(shown).toContain(`NodeApiError: ${result.error.message}`);
	else expect(shown).toContain('"pairedItem"');
	for (const secret of secrets) expect(shown).not.toContain(secret);
}

function scratchFolder() {
	const pro = sim().demo.pro;
	return sim().storage.createFolder(pro.userId, pro.rootFolderHash, `sec-${Math.random().toString(36).slice(2, 8)}`);
}

const fileItem = (name: string) => ({
	json: {},
	binary: { data: { data: samplePdf(name), fileName: name, mimeType: 'application/pdf' } },
});

describe.each<AuthMethod>(['accessToken', 'password', 'session'])('with %s credentials', (method) => {
	let credentials: StorageCredentials;
	let secrets: string[];
	const runs: NodeRunResult[] = [];

	beforeAll(async () => {
		credentials = await credentialsFor(method);
		secrets = secretsOf(credentials);
		expect(secrets.length).toBeGreaterThan(0);
	});

	async function run(
		parameters: Record<string, unknown>,
		extra: Parameters<typeof storage>[1] = {},
	): Promise<NodeRunResult> {
		const result = await storage(parameters as never, { credentials, ...extra });
		runs.push(result);
		return result;
	}

	it('successful operations show no secret', async () => {
		const folder = scratchFolder();
		expect(
			(await run({ resource: 'folder', operation: 'create', parentFolder: byHash(folder.hash), folderName: 'Sub' }))
				.error,
		).toBeUndefined();
		expect(
			(
				await run(
					{ resource: 'file', operation: 'upload', folder: byHash(folder.hash) },
					{ input: [fileItem('a.pdf')] },
				)
			).error,
		).toBeUndefined();
		expect(
			(await run({ resource: 'folder', operation: 'getContent', folder: byHash(folder.hash), returnAll: true })).items,
		).toHaveLength(2);
		const download = await run({
			resource: 'file',
			operation: 'download',
			file: byHash(sim().demo.files.contract.hash),
		});
		expect(download.error).toBeUndefined();
		for (const result of runs) expectNoSecret(result, secrets);
	});

	it('errors of every kind show no secret', async () => {
		const folder = scratchFolder();
		const failures = [
			await run({ resource: 'folder', operation: 'getInfo', folder: byHash(sim().demo.free.rootFolderHash) }), // 403
			await run({ resource: 'folder', operation: 'getInfo', folder: byHash('NoSuchFolder42') }), // 405
			await run(
				{ resource: 'file', operation: 'upload', folder: byHash(folder.hash) },
				{ input: [fileItem('bad.pdf.exe')] },
			), // 491
		];
		sim().faults.add({ match: { action: 'get_file_info' }, fault: { kind: 'statusBeforeCommit', status: 500 } });
		failures.push(await run({ resource: 'file', operation: 'getInfo', file: byHash(sim().demo.files.contract.hash) }));
		sim().faults.add({ match: { action: 'create_folder' }, fault: { kind: 'dropBeforeCommit' }, times: 2 });
		failures.push(
			await run({ resource: 'folder', operation: 'create', parentFolder: byHash(folder.hash), folderName: 'Lost' }),
		);
		sim().faults.add({ match: { action: 'create_folder' }, fault: { kind: 'dropAfterCommit' } });
		// Every read-back fails (a single failed look is retried within the settle window).
		sim().faults.add({
			match: { action: 'get_folder_content' },
			fault: { kind: 'statusBeforeCommit', status: 500 },
			times: 99,
		});
		failures.push(
			await run({ resource: 'folder', operation: 'create', parentFolder: byHash(folder.hash), folderName: 'Unsure' }),
		);
		sim().faults.clear();
		sim().faults.add({ match: { action: 'create_folder' }, fault: { kind: 'rateLimit', retryAfterSeconds: 120 } });
		failures.push(
			await run({ resource: 'folder', operation: 'create', parentFolder: byHash(folder.hash), folderName: 'Later' }),
		);
		expect(failures.map((result) => result.error?.httpCode ?? result.error?.message.slice(0, 30))).toEqual([
			'403',
			'405',
			'491',
			'500',
			'The connection to Svc was lost',
			'Outcome uncertain: could not c',
			'429',
		]);
		for (const result of failures) expectNoSecret(result, secrets);
	});

	it('no request carried a secret in its URL', () => {
		expect(sim().requests.length).toBeGreaterThan(0);
		expect(sim().requests.filter((entry) => entry.secretInQuery)).toEqual([]);
	});
});

describe('wrong or refused secrets are not echoed either', () => {
	it('a wrong access token, a wrong password, a dead session id', async () => {
		const pro = sim().demo.pro;
		const cases: StorageCredentials[] = [
			{
				svcStorageApi: {
					baseUrl: sim().baseUrl,
					authMethod: 'accessToken',
					user: pro.login,
					accessToken: 'wrong-secret-token-4711abcdef',
				},
			},
			{
				svcStorageApi: {
					baseUrl: sim().baseUrl,
					authMethod: 'password',
					user: pro.login,
					password: 'wrong-secret-password-4711',
				},
			},
			{ svcStorageApi: { baseUrl: sim().baseUrl, authMethod: 'session', sessionId: 'deadsession4711deadsession4711' } },
		];
		for (const credentials of cases) {
			const result = await storage(
				{ resource: 'folder', operation: 'getInfo', folder: byHash(sim().demo.folders.documents.hash) },
				{ credentials },
			);
			expect(result.error?.httpCode).toBe('401');
			expectNoSecret(result, secretsOf(credentials));
		}
	});

	it('the two-factor refusal of a password', async () => {
		const twoFactor = sim().demo.twoFactor;
		const credentials = await credentialsFor('password', twoFactor);
		const result = await storage(
			{ resource: 'folder', operation: 'getInfo', folder: byHash(twoFactor.rootFolderHash) },
			{ credentials },
		);
		expect(result.error?.httpCode).toBe('403');
		expectNoSecret(result, secretsOf(credentials));
	});

	it('a folder upload key stays out of messages, logs and URLs', async () => {
		const folder = scratchFolder();
		const credentials = await credentialsFor('password', sim().demo.free);
		sim().faults.add({ match: { action: 'upload_file' }, fault: { kind: 'dropAfterCommit' } });
		const start = sim().requests.length;
		const result = await storage(
			{
				resource: 'file',
				operation: 'upload',
				folder: byHash(folder.hash),
				options: { folderUploadKey: folder.uploadKey },
			},
			{ credentials, input: [fileItem('keyed.pdf')] },
		);
		expect(result.error?.message).toMatch(/Outcome uncertain: could not confirm/);
		const shown = [result.error?.message, result.error?.description, ...result.logs, ...result.reportedErrors].join(
			'\n',
		);
		expect(shown).not.toContain(folder.uploadKey);
		expect(
			sim()
				.requests.slice(start)
				.some((entry) => entry.secretInQuery),
		).toBe(false);
	});
});
