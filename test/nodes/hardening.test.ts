/* eslint-disable @n8n/community-nodes/no-restricted-imports -- this file runs in Node under the test tools, never inside n8n */
/**
 * The rules of the hardening issue that the three reliability suites (chaos, redirects, bad
 * answers) do not already prove, each through the engine: parameters checked before any request,
 * secrets redacted in every encoding a server may echo them in, bounded error excerpts, file
 * names from the server without a path, cut downloads, timeouts of editor lookups, and the
 * readings of "no documented data".
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import { listSearch, runNode, useWarpedTime, type CredentialsMap, type NodeRunResult } from '../../devkit/harness';
import { startServiceSimulator, type ServiceSimulator } from '../../devkit/simulator';
import { createAccount } from '../../devkit/simulator/seed';
import { ALL_TOOLS_ON, byId, parityEnvOf } from './parity/env';

let sim: ServiceSimulator;
const env = parityEnvOf(() => sim);
beforeAll(async () => {
	sim = await startServiceSimulator();
	Object.assign(sim.mcp.settings, ALL_TOOLS_ON);
});
afterAll(async () => await sim.close());
beforeEach(() => sim.faults.clear());

const pro = () => sim.demo.pro;
const folder = () =>
	sim.storage.createFolder(pro().userId, pro().rootFolderHash, `h-${Math.random().toString(36).slice(2, 8)}`);
const requestsSince = (from: number) => sim.requests.slice(from).length;

function shown(result: NodeRunResult): string {
	return JSON.stringify([
		result.error?.message,
		result.error?.description,
		result.items.map((item) => item.json),
		result.logs,
	]);
}

describe('parameters are checked before any request', () => {
	it('a text field given an object by expression names the parameter', async () => {
		const from = sim.requests.length;
		const result = await env.storage(
			'rest',
			{ resource: 'folder', operation: 'create', parentFolder: byId(folder().hash), folderName: '={{ $json.name }}' },
			{ input: [{ json: { name: { first: 'not', last: 'text' } } }] },
		);
		expect(result.error?.message).toBe('The parameter "Folder Name" got an object, not text');
		expect(result.error?.description).toMatch(/JSON\.stringify/);
		expect(shown(result)).not.toContain('[object Object]');
		expect(requestsSince(from)).toBe(0);
	});

	it('a list given to a hash names the parameter', async () => {
		const result = await env.storage(
			'rest',
			{ resource: 'file', operation: 'getInfo', file: { __rl: true, mode: 'id', value: '={{ $json.hashes }}' } },
			{ input: [{ json: { hashes: ['a', 'b'] } }] },
		);
		expect(result.error?.message).toBe('The parameter "File" got a list, not text');
	});

	it.each([0, -5, 2.5])('Limit %s is refused as not a whole number of at least 1', async (limit) => {
		const from = sim.requests.length;
		const result = await env.storage('rest', {
			resource: 'folder',
			operation: 'getContent',
			folder: byId(folder().hash),
			returnAll: false,
			limit,
		});
		expect(result.error?.message).toMatch(/^The parameter "Limit" (must be a whole number|is out of range)/);
		expect(requestsSince(from)).toBe(0);
	});

	/** E-Signature → Get Many over REST of a new file, with From Date `fromDate`. */
	async function signaturesFrom(fromDate: string) {
		const file = sim.storage.addFile(pro().userId, folder().hash, 'signed.pdf', Buffer.from('%PDF'));
		const parameters = { resource: 'esignature', operation: 'getMany', file: byId(file.hash), returnAll: true };
		return await env.storage('rest', { ...parameters, filters: { fromDate } });
	}

	it.each(['2025-01-15garbage', '2025-02-30', '15.01.2025'])('the date "%s" is refused', async (date) => {
		const result = await signaturesFrom(date);
		expect(result.error?.message).toBe(`The parameter "From Date" is not a valid date: "${date}"`);
	});

	it('an ISO 8601 date-time with a zone is a date', async () => {
		const result = await signaturesFrom('2025-01-15T10:00:00.000+02:00');
		expect(result.error).toBeUndefined();
	});
});

describe('secrets a server echoes back are redacted in every encoding', () => {
	const secret = 'p@ss w+rd/=%&x';
	it.each(['raw', 'percent', 'plus'] as const)('%s', async (encoding) => {
		const account = createAccount(sim, { password: secret, accessTokens: [{ token: `tok ${secret}`, type: 'API' }] });
		const credentialSets: CredentialsMap[] = [
			{ svcStorageApi: { baseUrl: sim.baseUrl, authMethod: 'password', user: account.login, password: secret } },
			{
				svcStorageApi: {
					baseUrl: sim.baseUrl,
					authMethod: 'accessToken',
					user: account.login,
					accessToken: `tok ${secret}`,
				},
			},
		];
		for (const credentials of credentialSets) {
			for (const parameters of [
				{ resource: 'folder', operation: 'getInfo', folder: byId(account.rootFolderHash) },
				{ resource: 'account', operation: 'getUserData' },
			]) {
				sim.faults.clear();
				sim.faults.add({ match: { path: '^/api' }, fault: { kind: 'echoRequest', status: 500, encoding } });
				const result = await env.storage('rest', parameters, { credentials });
				const text = shown(result);
				expect(result.error?.message).toMatch(/\(500\)/);
				for (const form of [
					secret,
					encodeURIComponent(secret),
					new URLSearchParams({ s: secret }).toString().slice(2),
					Buffer.from(`${account.login}:${secret}`).toString('base64'),
				]) {
					expect(text).not.toContain(form);
				}
				expect(text).toContain('[redacted]');
			}
		}
	});

	it('an error body of 1 MB becomes an excerpt of at most 1000 characters', async () => {
		const server: Server = createServer((_req, res) => {
			res.writeHead(500, { 'Content-Type': 'text/plain' });
			res.end('x'.repeat(1024 * 1024));
		});
		await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
		try {
			const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
			const result = await runNode({
				type: 'n8n-nodes-svc.svcStorage',
				parameters: { resource: 'folder', operation: 'getInfo', folder: byId('abc') },
				credentials: { svcStorageApi: { baseUrl, authMethod: 'accessToken', user: 'u', accessToken: 'token-123' } },
			});
			expect(result.error?.message.length).toBeLessThan(1200);
			expect(`${result.error?.message}${result.error?.description ?? ''}`.length).toBeLessThan(2500);
		} finally {
			await new Promise<void>((resolve) => server.close(() => resolve()));
		}
	});
});

describe('downloads', () => {
	it.each(['rest', 'mcp'] as const)(
		'%s: a file name from the service never carries a path into the binary file name',
		async (auth) => {
			const file = sim.storage.addFile(pro().userId, folder().hash, 'innocent.txt', Buffer.from('data'));
			(sim.storage.getFile(file.hash) as { name: string }).name = '../../etc/passwd';
			const result = await env.storage(auth, {
				resource: 'file',
				operation: 'download',
				file: byId(file.hash),
				binaryPropertyName: 'data',
			});
			expect(result.error).toBeUndefined();
			expect(result.items[0].binary?.data.fileName).toBe('passwd');
			expect(result.items[0].json.file_name).toBe('passwd');
		},
	);

	it('a body cut mid-way says how many of how many bytes arrived', async () => {
		const file = sim.storage.addFile(pro().userId, folder().hash, 'big.bin', Buffer.alloc(200_000, 1));
		sim.faults.add({ match: { action: 'download_file' }, fault: { kind: 'cutBody', afterBytes: 50_000 } });
		const result = await env.storage('rest', {
			resource: 'file',
			operation: 'download',
			file: byId(file.hash),
			binaryPropertyName: 'data',
		});
		expect(result.error?.message).toMatch(/^The download of "big\.bin" was cut off: \d+ of 200000 bytes arrived/);
		expect(result.items).toHaveLength(0);
	});
});

it('a download that stalls mid-body gives up after the Timeout option without new bytes and says how far it got', async () => {
	const file = sim.storage.addFile(pro().userId, folder().hash, 'slow.bin', Buffer.alloc(200_000, 2));
	sim.faults.add({ match: { action: 'download_file' }, fault: { kind: 'cutBody', afterBytes: 30_000, stall: true } });
	const result = await env.storage('rest', {
		resource: 'file',
		operation: 'download',
		file: byId(file.hash),
		binaryPropertyName: 'data',
		// The Timeout option also times the wait for the first bytes: 3 s leaves a busy machine room for those.
		options: { timeout: 3000 },
	});
	expect(result.error?.message).toMatch(/^The download of "slow\.bin" was cut off: \d+ of 200000 bytes arrived/);
});

describe('every request has a timeout', () => {
	// Axios times the wait for an answer with a plain timer: warped, 30 s pass in 30 ms (the server never answers).
	useWarpedTime(1000, 1000, { requestTimeouts: true });

	it('an editor lookup against a server that never answers gives up after 30 s and says so', async () => {
		sim.faults.add({ match: { path: '^/api' }, fault: { kind: 'hang' }, times: 10 });
		await expect(
			listSearch({
				type: 'n8n-nodes-svc.svcStorage',
				method: 'searchFolders',
				credentials: {
					svcStorageApi: {
						baseUrl: sim.baseUrl,
						authMethod: 'accessToken',
						user: pro().login,
						accessToken: pro().apiToken,
					},
				},
			}),
		).rejects.toThrow(/did not answer in time while trying to read the account data \(timeout 30000 ms\)/);
	});
});

// Document 1, move_file and delete_file: "Response 200 with no documented data."
describe.each(['emptyBody', 'emptyObject', 'status'] as const)('"no documented data" read as %s', (reading) => {
	let readingSim: ServiceSimulator;
	const readingEnv = parityEnvOf(() => readingSim);
	beforeAll(async () => {
		readingSim = await startServiceSimulator({ noDataAnswer: reading });
	});
	afterAll(async () => await readingSim.close());

	it('Move and Delete output what the node asked for', async () => {
		const owner = readingSim.demo.pro;
		const target = readingSim.storage.createFolder(owner.userId, owner.rootFolderHash, 'target');
		const file = readingSim.storage.addFile(owner.userId, owner.rootFolderHash, 'moving.txt', Buffer.from('m'));
		const moved = await readingEnv.storage('rest', {
			resource: 'file',
			operation: 'move',
			file: byId(file.hash),
			targetFolder: byId(target.hash),
		});
		expect(moved.items.map((item) => item.json)).toEqual([{ file_hash: file.hash, folder_hash: target.hash }]);
		const deleted = await readingEnv.storage('rest', { resource: 'file', operation: 'delete', file: byId(file.hash) });
		expect(deleted.items.map((item) => item.json)).toEqual([{ file_hash: file.hash, deleted: true }]);
		expect(readingSim.storage.getFile(file.hash)).toBeUndefined();
	});
});
