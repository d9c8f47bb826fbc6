import type { INodeParameters } from 'n8n-workflow';

import type { NodeRunResult } from '../../../devkit/harness';
import { startServiceSimulator, type ServiceSimulator } from '../../../devkit/simulator';

import {
	byHash,
	counting,
	everythingShown,
	passwordCredentials,
	secretsInQueryOutsideAccountScripts,
	sim,
	storage,
	tokenCredentials,
	useSimulator,
	type StorageCredentials,
	type StorageRunOptions,
} from './env';

useSimulator();

function expectNoSecrets(result: NodeRunResult) {
	const text = everythingShown(result);
	const demo = sim().demo;
	for (const secret of [demo.pro.password, demo.pro.apiToken, demo.twoFactor.password, demo.twoFactor.apiToken]) {
		expect(text).not.toContain(secret);
	}
	expect(text).not.toContain(Buffer.from(`${demo.pro.login}:${demo.pro.password}`).toString('base64'));
	for (const session of sim().sessions.all()) expect(text).not.toContain(session.id);
	expect(secretsInQueryOutsideAccountScripts(sim().requests)).toEqual([]);
}

const contract = () => sim().demo.files.contract.hash;

/** Get Many of the contract's signatures with Return All on; `parameters` add to or replace these. */
const getSignatures = (parameters: INodeParameters = {}, opts?: StorageRunOptions) =>
	storage(
		{ resource: 'esignature', operation: 'getMany', file: byHash(contract()), returnAll: true, ...parameters },
		opts,
	);

/** Share for Signing of the contract; `parameters` add the addresses and message or replace the file. */
const shareForSigning = (parameters: INodeParameters, opts?: StorageRunOptions) =>
	storage({ resource: 'esignature', operation: 'share', file: byHash(contract()), ...parameters }, opts);

describe('E-Signature > Get Many', () => {
	it('lists every signature record of the file, oldest first', async () => {
		const { result, actions } = await counting(() => getSignatures());
		expect(result.error).toBeUndefined();
		expect(result.items.map((item) => item.json)).toEqual([
			{ file_hash: contract(), signing_timestamp: '2025-01-15 09:30:00', signer_name: 'Anna Berzina' },
			{ file_hash: contract(), signing_timestamp: '2025-02-01 14:05:10', signer_name: 'Janis Ozols' },
			{ file_hash: contract(), signing_timestamp: '2025-03-20 23:59:59', signer_name: 'Pavel Pro' },
		]);
		expect(result.items.every((item) => JSON.stringify(item.pairedItem) === JSON.stringify({ item: 0 }))).toBe(true);
		expect(actions).toEqual(['get_esignatures']);
		expectNoSecrets(result);
	});

	it('includes both ends of the date range (a signature at 23:59:59 on To Date counts)', async () => {
		const result = await getSignatures({ filters: { fromDate: '2025-01-15', toDate: '2025-03-20' } });
		expect(result.error).toBeUndefined();
		expect(result.items.map((item) => item.json.signer_name)).toEqual(['Anna Berzina', 'Janis Ozols', 'Pavel Pro']);

		const inner = await getSignatures({ filters: { fromDate: '2025-01-16', toDate: '2025-03-19' } });
		expect(inner.items.map((item) => item.json.signer_name)).toEqual(['Janis Ozols']);
	});

	it("accepts the date picker's date-time values and sends only the day", async () => {
		const start = sim().requests.length;
		const result = await getSignatures({ filters: { fromDate: '2025-02-01T00:00:00', toDate: '2025-02-01T00:00:00' } });
		expect(result.error).toBeUndefined();
		expect(result.items.map((item) => item.json.signer_name)).toEqual(['Janis Ozols']);
		expect(
			sim()
				.requests.slice(start)
				.map((entry) => entry.status),
		).toEqual([200]);
	});

	it('a single day as both ends returns that day only', async () => {
		const result = await getSignatures({ filters: { fromDate: '2025-03-20', toDate: '2025-03-20' } });
		expect(result.items.map((item) => item.json.signer_name)).toEqual(['Pavel Pro']);
	});

	it('applies Limit when Return All is off', async () => {
		const result = await getSignatures({ returnAll: false, limit: 2 });
		expect(result.error).toBeUndefined();
		expect(result.items.map((item) => item.json.signer_name)).toEqual(['Anna Berzina', 'Janis Ozols']);
	});

	it('returns no items for a file without signatures', async () => {
		const result = await getSignatures({ file: byHash(sim().demo.files.brochure.hash) });
		expect(result.error).toBeUndefined();
		expect(result.items).toEqual([]);
	});

	it('refuses a reversed date range before any request, naming both parameters', async () => {
		const { result, actions } = await counting(() =>
			getSignatures({ filters: { fromDate: '2025-03-01', toDate: '2025-02-01' } }),
		);
		expect(actions).toEqual([]);
		expect(result.error?.message).toContain('From Date');
		expect(result.error?.message).toContain('To Date');
		expect(result.error?.itemIndex).toBe(0);
	});

	it.each([
		['2025-02-30', 'From Date'],
		['yesterday', 'From Date'],
	])('refuses the invalid date %s before any request', async (value, label) => {
		const { result, actions } = await counting(() => getSignatures({ filters: { fromDate: value } }));
		expect(actions).toEqual([]);
		expect(result.error?.message).toContain(label);
		expect(result.error?.message).toContain('not a valid date');
	});

	it('refuses an invalid To Date, naming it', async () => {
		const { result, actions } = await counting(() => getSignatures({ filters: { toDate: '2025-13-01' } }));
		expect(actions).toEqual([]);
		expect(result.error?.message).toContain('To Date');
	});

	it('maps 405 for an unknown file to a clear message', async () => {
		const result = await getSignatures({ file: byHash('NoSuchHash123') });
		expect(result.error?.httpCode).toBe('405');
		expect(result.error?.message).toMatch(/Svc does not permit this account to list the signatures \(405\)/);
		expectNoSecrets(result);
	});

	it('works with a password credential and keeps the password out of everything', async () => {
		const result = await getSignatures({ file: byHash('NoSuchHash123') }, { credentials: passwordCredentials() });
		expect(result.error?.httpCode).toBe('405');
		expectNoSecrets(result);
		const ok = await getSignatures({}, { credentials: passwordCredentials() });
		expect(ok.items).toHaveLength(3);
	});
});

describe('E-Signature > Share for Signing', () => {
	it('sends the request to several addresses separated by commas, with message and re-share addresses', async () => {
		const before = sim().storage.shares.length;
		const { result, actions } = await counting(() =>
			shareForSigning({
				emails: 'anna@example.com, ben@example.com,carla@example.org',
				text: 'Please sign the contract by Friday.',
				nextShareEmails: 'legal@example.com; boss@example.com',
			}),
		);
		expect(result.error).toBeUndefined();
		expect(actions).toEqual(['esignature_share']);
		expect(result.items).toHaveLength(1);
		expect(result.items[0].json).toEqual({
			file_hash: contract(),
			status: 'sent',
			sent_emails: 'anna@example.com,ben@example.com,carla@example.org',
			next_share_emails: 'legal@example.com,boss@example.com',
		});
		expect(result.items[0].pairedItem).toEqual({ item: 0 });
		expect(sim().storage.shares).toHaveLength(before + 1);
		expect(sim().storage.shares.at(-1)).toMatchObject({
			fileHash: contract(),
			sharedBy: sim().demo.pro.userId,
			emails: ['anna@example.com', 'ben@example.com', 'carla@example.org'],
			text: 'Please sign the contract by Friday.',
			nextShareEmails: ['legal@example.com', 'boss@example.com'],
		});
		expectNoSecrets(result);
	});

	it('sends one address without message or re-share addresses', async () => {
		const result = await shareForSigning({ emails: 'solo@example.com' });
		expect(result.error).toBeUndefined();
		expect(result.items[0].json).toMatchObject({
			status: 'sent',
			sent_emails: 'solo@example.com',
			next_share_emails: '',
		});
		expect(sim().storage.shares.at(-1)).toMatchObject({ emails: ['solo@example.com'], text: '', nextShareEmails: [] });
	});

	it('accepts addresses with dots, plus tags, subdomains and punycode domains', async () => {
		const emails = ['first.last+sign@sub.example.co.uk', "o'neil@example.com", 'x@xn--80ak6aa92e.xn--p1ai'];
		const result = await shareForSigning({ emails: emails.join(', ') });
		// The simulator accepts letter-only top-level domains; the punycode one is refused there (400), after the node let it through.
		expect(result.error?.httpCode).toBe('400');
		const accepted = await shareForSigning({ emails: emails.slice(0, 2).join(',') });
		expect(accepted.error).toBeUndefined();
		expect(sim().storage.shares.at(-1)?.emails).toEqual(emails.slice(0, 2));
	});

	it('sends a multi-line message as written', async () => {
		const message = 'Hello,\n\nplease sign.\n  Thanks';
		const result = await shareForSigning({ emails: 'lines@example.com', text: message });
		expect(result.error).toBeUndefined();
		expect(sim().storage.shares.at(-1)?.text).toBe(message);
	});

	it.each([
		['emails', 'anna@example.com, not-an-address', 'Recipient Emails'],
		['emails', 'anna@example', 'Recipient Emails'],
		['emails', 'anna..b@example.com', 'Recipient Emails'],
		['emails', '.anna@example.com', 'Recipient Emails'],
		['emails', 'anna@example.c0m', 'Recipient Emails'],
		['emails', `${'a'.repeat(250)}@example.com`, 'Recipient Emails'],
		['nextShareEmails', 'legal at example.com', 'Re-Share Emails'],
		['nextShareEmails', 'legal@example.com, boss@@example.com', 'Re-Share Emails'],
	])('refuses invalid address #%# in %s before any request, naming the parameter', async (name, value, label) => {
		const before = sim().storage.shares.length;
		const { result, actions } = await counting(() => shareForSigning({ emails: 'ok@example.com', [name]: value }));
		expect(actions).toEqual([]);
		expect(result.error?.message).toContain(label);
		expect(result.error?.message).toMatch(/invalid e-mail address/);
		expect(sim().storage.shares).toHaveLength(before);
	});

	it('refuses a list of only separators as empty before any request', async () => {
		const { result, actions } = await counting(() => shareForSigning({ emails: ' , ; ' }));
		expect(actions).toEqual([]);
		expect(result.error?.message).toContain('"Recipient Emails" is empty');
	});

	it('maps 405 (unknown file) and records no share', async () => {
		const before = sim().storage.shares.length;
		const result = await shareForSigning({ file: byHash('NoSuchHash123'), emails: 'a@example.com' });
		expect(result.error?.httpCode).toBe('405');
		expect(result.error?.message).toMatch(/share the file for signing \(405\)/);
		expect(sim().storage.shares).toHaveLength(before);
		expectNoSecrets(result);
	});

	it('maps a 400 from the service to an invalid-request message', async () => {
		// An address the node accepts but the service may still refuse: 400 is mapped, not swallowed.
		sim().faults.add({
			match: { action: 'esignature_share' },
			fault: { kind: 'statusBeforeCommit', status: 400 },
			times: 1,
		});
		const result = await shareForSigning({ emails: 'a@example.com' });
		expect(result.error?.httpCode).toBe('400');
		expect(result.error?.message).toMatch(/Svc refused the request to share the file for signing as invalid \(400\)/);
		expect(result.error?.description).toMatch(/parameters/);
	});

	it('continues on fail: the bad item becomes an error item paired with it, later items are shared', async () => {
		const before = sim().storage.shares.length;
		const result = await shareForSigning(
			{ emails: '={{ $json.to }}' },
			{
				continueOnFail: true,
				input: [
					{ json: { to: 'first@example.com' } },
					{ json: { to: 'broken' } },
					{ json: { to: 'third@example.com' } },
				],
			},
		);
		expect(result.error).toBeUndefined();
		expect(result.items).toHaveLength(3);
		expect(result.items[0].json).toMatchObject({ sent_emails: 'first@example.com' });
		expect(result.items[1].json.error).toMatch(/Recipient Emails.*invalid e-mail address: broken/);
		expect(result.items[1].pairedItem).toEqual({ item: 1 });
		expect(result.items[2].json).toMatchObject({ sent_emails: 'third@example.com' });
		expect(result.items[2].pairedItem).toEqual({ item: 2 });
		expect(
			sim()
				.storage.shares.slice(before)
				.map((share) => share.emails),
		).toEqual([['first@example.com'], ['third@example.com']]);
		expectNoSecrets(result);
	});

	it('without continue on fail, stops at the bad item with its index', async () => {
		const result = await shareForSigning(
			{ emails: '={{ $json.to }}' },
			{ input: [{ json: { to: 'first@example.com' } }, { json: { to: 'x@y' } }] },
		);
		expect(result.error?.itemIndex).toBe(1);
		expect(result.error?.message).toContain('Recipient Emails');
	});
});

describe('E-Signature with other answers of the service', () => {
	// A second simulator whose e-signature actions answer what a test sets: the node's tolerance.
	let other: ServiceSimulator;
	let answer: unknown;
	const RECORDS = [
		{ file_hash: 'F1', signing_timestamp: '2025-01-15 09:30:00', signer_name: 'A' },
		{ file_hash: 'F1', signing_timestamp: '2025-02-01 14:05:10', signer_name: 'B' },
		{ file_hash: 'F1', signing_timestamp: '2025-03-20 23:59:59', signer_name: 'C' },
	];

	beforeAll(async () => {
		other = await startServiceSimulator();
		for (const action of ['get_esignatures', 'esignature_share']) {
			other.mount(`/api_v2/${action}`, async () => ({ status: 200, json: answer }));
		}
	});

	afterAll(async () => {
		await other.close();
	});

	const credentials = (): StorageCredentials => ({
		svcStorageApi: { ...tokenCredentials().svcStorageApi, baseUrl: other.baseUrl },
	});
	const getMany = (filters: Record<string, string> = {}) =>
		storage(
			{ resource: 'esignature', operation: 'getMany', file: byHash('F1'), returnAll: true, filters },
			{ credentials: credentials() },
		);

	it.each([
		['the list under "data"', { success: true, data: RECORDS }],
		['an object keyed 0, 1, 2', { 2: RECORDS[2], 0: RECORDS[0], 1: RECORDS[1] }],
	])('reads %s', async (_label, body) => {
		answer = body;
		const result = await getMany();
		expect(result.error).toBeUndefined();
		expect(result.items.map((item) => item.json.signer_name)).toEqual(['A', 'B', 'C']);
	});

	it('an empty answer is an empty list', async () => {
		answer = [];
		expect((await getMany()).items).toEqual([]);
	});

	it('keeps the date range inclusive even if the service ignores it', async () => {
		answer = RECORDS;
		const result = await getMany({ fromDate: '2025-02-01', toDate: '2025-03-20' });
		expect(result.items.map((item) => item.json.signer_name)).toEqual(['B', 'C']);
	});

	it('an unknown answer is an error, not an empty list', async () => {
		answer = { unexpected: 'shape' };
		const result = await getMany();
		expect(result.error?.message).toBe('Svc answered the signature list in a form the node does not know');
	});

	it("a 200 with success:false is an error carrying the service's message", async () => {
		answer = { success: false, message: 'recipient limit reached' };
		const result = await storage(
			{ resource: 'esignature', operation: 'share', file: byHash('F1'), emails: 'a@example.com' },
			{ credentials: credentials() },
		);
		expect(result.items).toEqual([]);
		expect(result.error?.message).toBe('Svc did not share the file for signing: recipient limit reached');
		expect(result.error?.itemIndex).toBe(0);
	});
});
