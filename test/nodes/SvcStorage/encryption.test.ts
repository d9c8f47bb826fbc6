/* eslint-disable @n8n/community-nodes/no-hardcoded-secrets -- this file its tokens are made-up test values */
import type { INodeParameters } from 'n8n-workflow';

import type { NodeRunResult } from '../../../devkit/harness';
import { startServiceSimulator, type ServiceSimulator } from '../../../devkit/simulator';

import {
	everythingShown,
	passwordCredentials,
	sim,
	storage as runStorage,
	tokenCredentials,
	useSimulator,
	type StorageRunOptions,
	secretsInQueryOutsideAccountScripts,
	counting,
} from './env';

useSimulator();

/** The node with resource Encryption Key; the demo PRO user's access token unless told. */
async function storage(parameters: INodeParameters, opts: StorageRunOptions = {}) {
	return await runStorage({ resource: 'encryptionKey', ...parameters }, opts);
}

function expectNoSecrets(result: NodeRunResult) {
	const text = everythingShown(result);
	const { pro, keys, twoFactor, free } = sim().demo;
	for (const secret of [
		pro.password,
		pro.apiToken,
		keys.password,
		keys.apiToken,
		twoFactor.password,
		twoFactor.apiToken,
		free.password,
	]) {
		expect(text).not.toContain(secret);
	}
	expect(text).not.toContain(Buffer.from(`${pro.login}:${pro.password}`).toString('base64'));
	for (const session of sim().sessions.all()) expect(text).not.toContain(session.id);
	expect(secretsInQueryOutsideAccountScripts(sim().requests)).toEqual([]);
}

const proId = () => sim().demo.pro.userId;
const LONG_KEY = `${'QUJD'.repeat(4096)}==`; // 16 KiB of base64, far beyond any length a client might assume

describe('Encryption Key > Save User Keys', () => {
	it('publishes the four public keys of the authenticated account, sent unchanged', async () => {
		const kem = `  -----BEGIN KEM KEY-----\n${LONG_KEY}\n-----END KEM KEY-----\n`;
		const { result, actions } = await counting(() =>
			storage({
				operation: 'saveUserKeys',
				userId: proId(),
				kem,
				dsa: 'dsa+/=key',
				x25519: 'x25519 key with spaces',
				ed25519: 'ed25519-ключ',
			}),
		);
		expect(result.error).toBeUndefined();
		expect(actions).toEqual(['save_user_encryption_keys']);
		expect(result.items.map((item) => item.json)).toEqual([{ userID: proId(), success: true }]);
		expect(result.items[0].pairedItem).toEqual({ item: 0 });
		expect(sim().encryptionKeys.publishedKeys(proId())).toEqual({
			kem,
			dsa: 'dsa+/=key',
			x25519: 'x25519 key with spaces',
			ed25519: 'ed25519-ключ',
		});
		expectNoSecrets(result);
	});

	it("refuses another account's user ID with a clear 403 message, publishing nothing", async () => {
		const before = sim().encryptionKeys.publishedKeys(sim().demo.free.userId);
		const result = await storage({
			operation: 'saveUserKeys',
			userId: sim().demo.free.userId,
			kem: 'k',
			dsa: 'd',
			x25519: 'x',
			ed25519: 'e',
		});
		expect(result.error?.httpCode).toBe('403');
		expect(result.error?.message).toMatch(/403/);
		expect(`${result.error?.message} ${result.error?.description}`).toMatch(/User ID/);
		expect(result.error?.description).toMatch(/credential's own account/);
		expect(result.error?.message).toBe(
			`Svc refused User ID ${sim().demo.free.userId} while trying to save the public keys (403): userID does not match the authenticated user`,
		);
		expect(result.error?.description).toMatch(/Get User Data/);
		expect(sim().encryptionKeys.publishedKeys(sim().demo.free.userId)).toEqual(before);
		expectNoSecrets(result);
	});

	it('refuses a non-integer user ID before any request, naming the parameter', async () => {
		const { result, actions } = await counting(() =>
			storage({ operation: 'saveUserKeys', userId: 12.5, kem: 'k', dsa: 'd', x25519: 'x', ed25519: 'e' }),
		);
		expect(actions).toEqual([]);
		expect(result.error?.message).toBe('The parameter "User ID" must be a whole number');
		const viaExpression = await counting(() =>
			storage({ operation: 'saveUserKeys', userId: '={{ "abc" }}', kem: 'k', dsa: 'd', x25519: 'x', ed25519: 'e' }),
		);
		expect(viaExpression.actions).toEqual([]);
		expect(viaExpression.result.error?.message).toContain('"User ID"');
	});

	it('refuses the default User ID 0 before any request', async () => {
		const { result, actions } = await counting(() => storage({ operation: 'getFileKey', userId: 0, fileHash: 'x' }));
		expect(actions).toEqual([]);
		expect(result.error?.message).toBe('The parameter "User ID" is out of range (0)');
	});

	it('accepts a User ID that an expression gives as text', async () => {
		const result = await storage(
			{
				operation: 'saveUploadKey',
				userId: '={{ String($json.id) }}',
				uploadHash: 'ExprUpload',
				encryptionKey: 'k',
				keySignature: 's',
			},
			{
				input: [{ json: { id: sim().demo.pro.userId } }],
			},
		);
		expect(result.error).toBeUndefined();
		expect(result.items[0].json).toEqual({ userID: sim().demo.pro.userId, uploadHash: 'ExprUpload', success: true });
	});

	it('refuses a key that is only whitespace before any request', async () => {
		const { result, actions } = await counting(() =>
			storage({ operation: 'saveUserKeys', userId: proId(), kem: 'k', dsa: '={{ "   " }}', x25519: 'x', ed25519: 'e' }),
		);
		expect(actions).toEqual([]);
		expect(result.error?.message).toContain('"DSA Public Key" is empty');
	});
});

describe('Encryption Key > file keys', () => {
	it("saves a wrapped file key and gets it back unchanged, with the sender's public keys", async () => {
		const fileHash = 'EncFileHash0001';
		const encryptionKey = `${LONG_KEY}\n`;
		const saved = await storage({
			operation: 'saveFileKey',
			userId: proId(),
			fileHash,
			encryptionKey,
			keySignature: ' sig/with+chars== ',
			options: { fileSignature: 'file-signature-value' },
		});
		expect(saved.error).toBeUndefined();
		expect(saved.items[0].json).toEqual({ userID: proId(), fileHash, success: true });

		const { result, actions } = await counting(() => storage({ operation: 'getFileKey', userId: proId(), fileHash }));
		expect(result.error).toBeUndefined();
		expect(actions).toEqual(['get_file_encryption_key']);
		const json = result.items[0].json;
		expect(json.fileHash).toBe(fileHash);
		expect(json.encryptionKey).toBe(encryptionKey);
		expect(json.keySignature).toBe(' sig/with+chars== ');
		expect(json.fileSignature).toBe('file-signature-value');
		expect(json.senderUserID).toBe(proId());
		expect(Object.keys(json)).toEqual(
			expect.arrayContaining(['senderKEMKey', 'senderDSAKey', 'senderX25519Key', 'senderED25519Key']),
		);
		expectNoSecrets(result);
	});

	it('saving again replaces the key', async () => {
		const fileHash = 'EncFileHash0002';
		await storage({ operation: 'saveFileKey', userId: proId(), fileHash, encryptionKey: 'first', keySignature: 's1' });
		await storage({ operation: 'saveFileKey', userId: proId(), fileHash, encryptionKey: 'second', keySignature: 's2' });
		const result = await storage({ operation: 'getFileKey', userId: proId(), fileHash });
		expect(result.items[0].json).toMatchObject({ encryptionKey: 'second', keySignature: 's2' });
	});

	it('Is Encrypted Folder fetches the key of the user who encrypted it', async () => {
		const fileHash = 'EncFileShared01';
		const keysUser = sim().demo.keys;
		const first = await storage(
			{
				operation: 'saveFileKey',
				userId: keysUser.userId,
				fileHash,
				encryptionKey: 'encrypting-user-key',
				keySignature: 'k-sig',
			},
			{ credentials: tokenCredentials(keysUser) },
		);
		expect(first.error).toBeUndefined();
		const own = await storage({ operation: 'getFileKey', userId: proId(), fileHash, isEncryptedFolder: false });
		expect(own.error?.httpCode).toBe('404');
		const encrypting = await storage({ operation: 'getFileKey', userId: proId(), fileHash, isEncryptedFolder: true });
		expect(encrypting.error).toBeUndefined();
		expect(encrypting.items[0].json).toMatchObject({
			encryptionKey: 'encrypting-user-key',
			senderUserID: keysUser.userId,
			senderKEMKey: 'demo-kem-public-key',
			senderED25519Key: 'demo-ed25519-public-key',
		});
	});

	it('answers an unknown file hash with a clear 404 message', async () => {
		const result = await storage({ operation: 'getFileKey', userId: proId(), fileHash: 'NoKeyForThisHash' });
		expect(result.error?.httpCode).toBe('404');
		expect(result.error?.message).toMatch(/Svc found nothing to get the file key \(404\)/);
		expect(result.error?.description).toMatch(/No key is stored/);
		expect(result.error?.description).toMatch(/Save File Key/);
		expectNoSecrets(result);
	});

	it('refuses another user ID on get with a clear 403', async () => {
		const result = await storage({
			operation: 'getFileKey',
			userId: sim().demo.keys.userId,
			fileHash: 'EncFileHash0001',
		});
		expect(result.error?.httpCode).toBe('403');
		expect(result.error?.description).toMatch(/User ID/);
	});
});

describe('Encryption Key > upload keys', () => {
	it('saves and gets an upload key', async () => {
		const uploadHash = 'EncUploadHash01';
		const saved = await storage({
			operation: 'saveUploadKey',
			userId: proId(),
			uploadHash,
			encryptionKey: LONG_KEY,
			keySignature: 'up-sig',
		});
		expect(saved.error).toBeUndefined();
		expect(saved.items[0].json).toEqual({ userID: proId(), uploadHash, success: true });
		expect(sim().encryptionKeys.wrappedKey('upload', uploadHash, proId())).toMatchObject({
			encryptionKey: LONG_KEY,
			keySignature: 'up-sig',
		});

		const result = await storage({ operation: 'getUploadKey', userId: proId(), uploadHash });
		expect(result.error).toBeUndefined();
		expect(result.items[0].json).toMatchObject({
			uploadHash,
			encryptionKey: LONG_KEY,
			keySignature: 'up-sig',
			senderUserID: proId(),
		});
		// a file key of the same hash is another key
		const asFile = await storage({ operation: 'getFileKey', userId: proId(), fileHash: uploadHash });
		expect(asFile.error?.httpCode).toBe('404');
	});

	it('answers an unknown upload hash with a clear 404 message', async () => {
		const result = await storage({ operation: 'getUploadKey', userId: proId(), uploadHash: 'NoSuchUpload' });
		expect(result.error?.httpCode).toBe('404');
		expect(result.error?.message).toMatch(/get the upload key \(404\)/);
		expect(result.error?.description).toMatch(/Save Upload Key/);
	});
});

describe('Encryption Key > Get Share Key', () => {
	/** Get Share Key of the shared file for the demo keys user; `parameters` add to or replace these. */
	const getShareKey = (parameters: INodeParameters = {}) =>
		storage({
			operation: 'getShareKey',
			userId: proId(),
			receiverEmail: sim().demo.keys.email,
			keyOf: 'file',
			fileHash: 'ShareFileHash1',
			...parameters,
		});

	beforeAll(async () => {
		const file = await storage({
			operation: 'saveFileKey',
			userId: proId(),
			fileHash: 'ShareFileHash1',
			encryptionKey: 'file-wrapped',
			keySignature: 'file-sig',
		});
		const upload = await storage({
			operation: 'saveUploadKey',
			userId: proId(),
			uploadHash: 'ShareUpload1',
			encryptionKey: 'upload-wrapped',
			keySignature: 'upload-sig',
		});
		expect(file.error ?? upload.error).toBeUndefined();
	});

	it("returns the file key with the receiver's public keys, sending only fileHash", async () => {
		const start = sim().requests.length;
		// An Upload Hash left over from switching Key Of: must not be sent
		const result = await getShareKey({ uploadHash: 'ShareUpload1' });
		expect(result.error).toBeUndefined();
		expect(
			sim()
				.requests.slice(start)
				.map((entry) => [entry.action, entry.status]),
		).toEqual([['get_share_encryption_key', 200]]);
		expect(result.items[0].json).toEqual({
			receiverEmail: sim().demo.keys.email,
			fileHash: 'ShareFileHash1',
			encryptionKey: 'file-wrapped',
			keySignature: 'file-sig',
			receiverKEMKey: 'demo-kem-public-key',
			receiverDSAKey: 'demo-dsa-public-key',
			receiverX25519Key: 'demo-x25519-public-key',
			receiverED25519Key: 'demo-ed25519-public-key',
			receiverUserID: sim().demo.keys.userId,
		});
		expectNoSecrets(result);
	});

	it('returns the upload key when Key Of is Upload', async () => {
		const result = await getShareKey({ keyOf: 'upload', uploadHash: 'ShareUpload1' });
		expect(result.error).toBeUndefined();
		expect(result.items[0].json).toMatchObject({
			uploadHash: 'ShareUpload1',
			encryptionKey: 'upload-wrapped',
			receiverUserID: sim().demo.keys.userId,
		});
		expect(result.items[0].json.fileHash).toBeUndefined();
	});

	it('answers a receiver without published keys with a clear 404 message', async () => {
		const result = await getShareKey({ receiverEmail: sim().demo.free.email });
		expect(result.error?.httpCode).toBe('404');
		expect(result.error?.message).toMatch(/get the key for sharing \(404\)/);
		expect(result.error?.description).toMatch(/published/);
		expectNoSecrets(result);
	});

	it('answers a hash the account holds no key for with 404', async () => {
		const result = await getShareKey({ fileHash: 'NotMine' });
		expect(result.error?.httpCode).toBe('404');
	});

	it.each(['keys.demo.svc.example', 'keys@demo', 'keys@demo..svc.example', 'a b@example.com'])(
		'refuses the receiver e-mail %s before any request, naming the parameter',
		async (receiverEmail) => {
			const { result, actions } = await counting(() => getShareKey({ receiverEmail }));
			expect(actions).toEqual([]);
			expect(result.error?.message).toContain('"Receiver Email"');
			expect(result.error?.message).toContain('not a valid e-mail address');
		},
	);
});

describe('Encryption Key > errors and items', () => {
	it('continues on fail: a refused item becomes an error item, later items are processed', async () => {
		const result = await storage(
			{ operation: 'getFileKey', userId: proId(), fileHash: '={{ $json.hash }}' },
			{
				continueOnFail: true,
				input: [
					{ json: { hash: 'EncFileHash0001' } },
					{ json: { hash: 'UnknownHash' } },
					{ json: { hash: 'EncFileHash0002' } },
				],
			},
		);
		expect(result.error).toBeUndefined();
		expect(result.items).toHaveLength(3);
		expect(result.items[0].json.fileHash).toBe('EncFileHash0001');
		expect(result.items[1].json.error).toMatch(/404/);
		expect(result.items[1].pairedItem).toEqual({ item: 1 });
		expect(result.items[2].json).toMatchObject({ fileHash: 'EncFileHash0002', encryptionKey: 'second' });
		expect(result.items[2].pairedItem).toEqual({ item: 2 });
		expectNoSecrets(result);
	});

	it('keeps the password out of errors with a password credential', async () => {
		const result = await storage(
			{ operation: 'getFileKey', userId: sim().demo.free.userId, fileHash: 'x' },
			{ credentials: passwordCredentials(sim().demo.pro) },
		);
		expect(result.error?.httpCode).toBe('403');
		expectNoSecrets(result);
	});

	it('a two-factor account with a password credential gets the two-factor message, not a User ID one', async () => {
		const result = await storage(
			{ operation: 'getFileKey', userId: sim().demo.twoFactor.userId, fileHash: 'x' },
			{ credentials: passwordCredentials(sim().demo.twoFactor) },
		);
		expect(result.error?.httpCode).toBe('403');
		expect(result.error?.message).toMatch(/two-factor/);
		expect(result.error?.description).toMatch(/Access Token/);
		expect(result.error?.description).not.toMatch(/User ID/);
		expectNoSecrets(result);
	});

	it('maps a wrong access token to a 401 credential message without echoing the token', async () => {
		const wrong = 'wrong-token-value-123456789';
		const result = await storage(
			{ operation: 'getFileKey', userId: proId(), fileHash: 'x' },
			{
				credentials: {
					svcStorageApi: {
						baseUrl: sim().baseUrl,
						authMethod: 'accessToken',
						user: sim().demo.pro.login,
						accessToken: wrong,
					},
				},
			},
		);
		expect(result.error?.httpCode).toBe('401');
		expect(result.error?.message).toMatch(/did not accept the credentials/);
		expect(everythingShown(result)).not.toContain(wrong);
	});

	it('maps a 500 to a service-side message', async () => {
		sim().faults.add({
			match: { action: 'get_upload_encryption_key' },
			fault: { kind: 'statusBeforeCommit', status: 500 },
			times: 1,
		});
		const result = await storage({ operation: 'getUploadKey', userId: proId(), uploadHash: 'EncUploadHash01' });
		expect(result.error?.httpCode).toBe('500');
		expect(result.error?.message).toMatch(/Svc failed while trying to get the upload key \(500\)/);
	});
});

describe('Encryption Key with a 200 that reports failure', () => {
	let other: ServiceSimulator;

	beforeAll(async () => {
		other = await startServiceSimulator();
		other.mount('/api_v2/save_file_encryption_key', async () => ({
			status: 200,
			json: { success: false, message: 'key storage is read-only' },
		}));
	});

	afterAll(async () => {
		await other.close();
	});

	it("becomes an error with the service's message, not a success item", async () => {
		const result = await storage(
			{ operation: 'saveFileKey', userId: 1, fileHash: 'F', encryptionKey: 'k', keySignature: 's' },
			{ credentials: { svcStorageApi: { ...tokenCredentials().svcStorageApi, baseUrl: other.baseUrl } } },
		);
		expect(result.items).toEqual([]);
		expect(result.error?.message).toBe('Svc did not save the file key: key storage is read-only');
		expectNoSecrets(result);
	});
});
