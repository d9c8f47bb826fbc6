/* eslint-disable @n8n/community-nodes/no-hardcoded-secrets -- this file its tokens are made-up test values */
import type { Account } from '../accounts';
import { createAccount, seedDemo, type DemoData } from '../seed';
import { startSimulator, type Simulator } from '../server';
import { basicAuth, callForm, callRaw } from '../storage/client';

let sim: Simulator;
let demo: DemoData;
let owner: Account;
let stranger: Account;

beforeAll(async () => {
	sim = await startSimulator();
	demo = seedDemo(sim);
	owner = sim.accounts.get(demo.pro.userId)!;
	stranger = createAccount(sim);
});

afterAll(async () => {
	await sim.close();
});

const v2 = (action: string, form: Record<string, string | string[] | undefined>, account: Account = owner) =>
	callForm(sim.baseUrl, `/api_v2/${action}`, form, { headers: basicAuth(account.login, account.password) });

describe('get_esignatures', () => {
	const contract = () => demo.files.contract.hash;

	it('lists the seeded signature records', async () => {
		const response = await v2('get_esignatures', { file_hash: contract() });
		expect(response.status).toBe(200);
		expect(response.json).toHaveLength(3);
		expect(response.json[0]).toEqual({
			file_hash: contract(),
			signing_timestamp: '2025-01-15 09:30:00',
			signer_name: 'Anna Berzina',
		});
	});

	it('filters by inclusive from_date and to_date', async () => {
		const range = await v2('get_esignatures', {
			file_hash: contract(),
			from_date: '2025-02-01',
			to_date: '2025-03-20',
		});
		expect(range.json.map((record: { signer_name: string }) => record.signer_name)).toEqual([
			'Janis Ozols',
			'Pavel Pro',
		]);
		const from = await v2('get_esignatures', { file_hash: contract(), from_date: '2025-03-21' });
		expect(from.json).toEqual([]);
		const to = await v2('get_esignatures', { file_hash: contract(), to_date: '2025-01-15' });
		expect(to.json).toHaveLength(1);
	});

	it('answers 400 for malformed dates, a reversed range or a missing file_hash; 405 for a foreign file', async () => {
		for (const form of [
			{ from_date: '2025-1-5' },
			{ to_date: '2025-02-30' },
			{ from_date: '15.01.2025' },
			{ from_date: '2025-03-01', to_date: '2025-02-01' },
		]) {
			expect((await v2('get_esignatures', { file_hash: contract(), ...form })).status).toBe(400);
		}
		expect((await v2('get_esignatures', {})).status).toBe(400);
		expect((await v2('get_esignatures', { file_hash: contract() }, stranger)).status).toBe(405);
	});
});

describe('esignature_share', () => {
	it('accepts emails[]=, repeated emails= and a JSON array string', async () => {
		const file = demo.files.contract.hash;
		const bracketed = await v2('esignature_share', {
			file_hash: file,
			'emails[]': ['a@x.example', 'b@x.example'],
			text: 'Please sign',
		});
		expect(bracketed.status).toBe(200);
		expect(bracketed.json).toEqual({ status: 'sent', sent_emails: 'a@x.example,b@x.example', next_share_emails: '' });
		const repeated = await v2('esignature_share', { file_hash: file, emails: ['c@x.example', 'd@x.example'] });
		expect(repeated.json.sent_emails).toBe('c@x.example,d@x.example');
		const json = await v2('esignature_share', {
			file_hash: file,
			emails: JSON.stringify(['e@x.example']),
			'next_share_emails[]': ['f@x.example'],
		});
		expect(json.json).toEqual({ status: 'sent', sent_emails: 'e@x.example', next_share_emails: 'f@x.example' });
		expect(sim.storage.shares.at(-1)).toMatchObject({
			fileHash: file,
			emails: ['e@x.example'],
			nextShareEmails: ['f@x.example'],
			sharedBy: owner.id,
		});
		expect(sim.storage.shares[0].text).toBe('Please sign');
	});

	it('answers 400 for invalid or missing addresses and 405 for a foreign file', async () => {
		const file = demo.files.contract.hash;
		const before = sim.storage.shares.length;
		expect((await v2('esignature_share', { file_hash: file })).status).toBe(400);
		expect(
			(await v2('esignature_share', { file_hash: file, 'emails[]': ['ok@x.example', 'not-an-email'] })).status,
		).toBe(400);
		expect(
			(await v2('esignature_share', { file_hash: file, emails: 'a@x.example', 'next_share_emails[]': ['bad@'] }))
				.status,
		).toBe(400);
		expect((await v2('esignature_share', { file_hash: file, emails: '["a@x.example", 5]' })).status).toBe(400);
		expect((await v2('esignature_share', { emails: 'a@x.example' })).status).toBe(400);
		expect((await v2('esignature_share', { file_hash: file, emails: 'a@x.example' }, stranger)).status).toBe(405);
		expect(sim.storage.shares).toHaveLength(before);
	});
});

describe('encryption key storage', () => {
	const keysUser = () => sim.accounts.get(demo.keys.userId)!;

	it('save_user_encryption_keys needs userID of the authenticated user and all four keys', async () => {
		const fields = { kem: 'k1', dsa: 'd1', x25519: 'x1', ed25519: 'e1' };
		expect((await v2('save_user_encryption_keys', { userID: String(stranger.id), ...fields })).status).toBe(403);
		expect(sim.encryptionKeys.publishedKeys(stranger.id)).toBeUndefined();
		expect((await v2('save_user_encryption_keys', { userID: 'abc', ...fields })).status).toBe(400);
		expect((await v2('save_user_encryption_keys', { userID: String(owner.id), kem: 'k1' })).status).toBe(400);
		const saved = await v2('save_user_encryption_keys', { userID: String(owner.id), ...fields });
		expect(saved.json).toEqual({ success: true });
		expect(sim.encryptionKeys.publishedKeys(owner.id)).toEqual({ kem: 'k1', dsa: 'd1', x25519: 'x1', ed25519: 'e1' });
	});

	it('saves and returns wrapped file and upload keys; 404 for unknown ones', async () => {
		expect((await v2('get_file_encryption_key', { userID: String(owner.id), fileHash: 'nothing-here' })).status).toBe(
			404,
		);
		const saved = await v2('save_file_encryption_key', {
			userID: String(owner.id),
			fileHash: 'fh-1',
			encryptionKey: 'wrapped-1',
			keySignature: 'sig-1',
			fileSignature: 'fsig-1',
		});
		expect(saved.status).toBe(200);
		const fetched = await v2('get_file_encryption_key', { userID: String(owner.id), fileHash: 'fh-1' });
		expect(fetched.json).toMatchObject({
			encryptionKey: 'wrapped-1',
			keySignature: 'sig-1',
			fileSignature: 'fsig-1',
			senderUserID: owner.id,
		});
		expect(
			(await v2('save_file_encryption_key', { userID: String(owner.id), fileHash: 'fh-2', encryptionKey: 'w' })).status,
		).toBe(400);
		await v2('save_upload_encryption_key', {
			userID: String(owner.id),
			uploadHash: 'up-1',
			encryptionKey: 'wrapped-up',
			keySignature: 'sig-up',
		});
		const upload = await v2('get_upload_encryption_key', { userID: String(owner.id), uploadHash: 'up-1' });
		expect(upload.json).toMatchObject({ encryptionKey: 'wrapped-up', keySignature: 'sig-up' });
		expect((await v2('get_upload_encryption_key', { userID: String(owner.id), uploadHash: 'fh-1' })).status).toBe(404);
		expect((await v2('get_file_encryption_key', { userID: String(stranger.id), fileHash: 'fh-1' })).status).toBe(403);
	});

	it('isEncryptedFolder returns the key of the encrypting user with the sender keys', async () => {
		const member = keysUser();
		await callForm(sim.baseUrl, '/api_v2/save_file_encryption_key', {
			user: member.login,
			user_access_token: demo.keys.apiToken,
			userID: String(member.id),
			fileHash: 'shared-file',
			encryptionKey: 'creator-key',
			keySignature: 'creator-sig',
		});
		expect((await v2('get_file_encryption_key', { userID: String(owner.id), fileHash: 'shared-file' })).status).toBe(
			404,
		);
		const viaFolder = await v2('get_file_encryption_key', {
			userID: String(owner.id),
			fileHash: 'shared-file',
			isEncryptedFolder: 'true',
		});
		expect(viaFolder.json).toMatchObject({
			encryptionKey: 'creator-key',
			senderUserID: member.id,
			senderKEMKey: 'demo-kem-public-key',
			senderED25519Key: 'demo-ed25519-public-key',
		});
	});

	it('get_share_encryption_key needs exactly one hash and a receiver with published keys', async () => {
		await v2('save_file_encryption_key', {
			userID: String(owner.id),
			fileHash: 'to-share',
			encryptionKey: 'mine',
			keySignature: 'my-sig',
		});
		const base = { userID: String(owner.id), receiverEmail: demo.keys.email };
		expect((await v2('get_share_encryption_key', base)).status).toBe(400);
		expect((await v2('get_share_encryption_key', { ...base, fileHash: 'to-share', uploadHash: 'up-1' })).status).toBe(
			400,
		);
		expect(
			(await v2('get_share_encryption_key', { ...base, receiverEmail: 'not-mail', fileHash: 'to-share' })).status,
		).toBe(400);
		expect(
			(await v2('get_share_encryption_key', { ...base, receiverEmail: stranger.email, fileHash: 'to-share' })).status,
		).toBe(404);
		expect((await v2('get_share_encryption_key', { ...base, fileHash: 'unknown-hash' })).status).toBe(404);
		const shared = await v2('get_share_encryption_key', { ...base, fileHash: 'to-share' });
		expect(shared.status).toBe(200);
		expect(shared.json).toEqual({
			encryptionKey: 'mine',
			keySignature: 'my-sig',
			receiverKEMKey: 'demo-kem-public-key',
			receiverDSAKey: 'demo-dsa-public-key',
			receiverX25519Key: 'demo-x25519-public-key',
			receiverED25519Key: 'demo-ed25519-public-key',
			receiverUserID: demo.keys.userId,
		});
		const byUpload = await v2('get_share_encryption_key', { ...base, uploadHash: 'up-1' });
		expect(byUpload.json.encryptionKey).toBe('wrapped-up');
	});

	it('answers 401 without credentials', async () => {
		expect(
			(await callForm(sim.baseUrl, '/api_v2/get_file_encryption_key', { userID: String(owner.id), fileHash: 'fh-1' }))
				.status,
		).toBe(401);
	});

	it('does not accept JSON bodies for V2 parameters', async () => {
		const response = await callRaw(
			sim.baseUrl,
			'/api_v2/get_file_encryption_key',
			JSON.stringify({ userID: owner.id, fileHash: 'fh-1' }),
			'application/json',
			{
				headers: basicAuth(owner.login, owner.password),
			},
		);
		expect(response.status).toBe(400);
	});
});
