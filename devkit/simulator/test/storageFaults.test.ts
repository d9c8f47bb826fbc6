import { request } from 'undici';

import type { Account } from '../accounts';
import { createAccount } from '../seed';
import { startSimulator, type Simulator } from '../server';
import { basicAuth, callForm, callMultipart, callRaw } from '../storage/client';
import type { SimRequest } from '../types';

let sim: Simulator;
let owner: Account;

beforeAll(async () => {
	sim = await startSimulator();
	owner = createAccount(sim, { plan: 'PRO' });
});

afterEach(() => {
	sim.faults.clear();
});

afterAll(async () => {
	await sim.close();
});

const createFolder = (name: string) =>
	callForm(
		sim.baseUrl,
		'/api_v2/create_folder',
		{ folder_name: name },
		{ headers: basicAuth(owner.login, owner.password) },
	);
const folderNamed = (name: string) => sim.storage.findChildByName(owner.rootFolderHash, name);
const lastLog = () => sim.requests[sim.requests.length - 1];

describe('fault kinds', () => {
	it('dropAfterCommit: the folder is created, the client gets no response', async () => {
		sim.faults.add({ match: { action: 'create_folder' }, fault: { kind: 'dropAfterCommit' } });
		await expect(createFolder('Dropped after')).rejects.toThrow();
		expect(folderNamed('Dropped after')).toBeDefined();
		expect(lastLog()).toMatchObject({
			action: 'create_folder',
			status: 'dropped',
			fault: 'dropAfterCommit',
			auth: 'basic',
		});
	});

	it('dropBeforeCommit: nothing is created', async () => {
		sim.faults.add({ match: { action: 'create_folder' }, fault: { kind: 'dropBeforeCommit' } });
		await expect(createFolder('Dropped before')).rejects.toThrow();
		expect(folderNamed('Dropped before')).toBeUndefined();
		expect(lastLog()).toMatchObject({ status: 'dropped', fault: 'dropBeforeCommit' });
	});

	it('status500AfterCommit: 500 with an empty body, the folder exists', async () => {
		sim.faults.add({ match: { path: '/api_v2/create_folder' }, fault: { kind: 'status500AfterCommit' } });
		const response = await createFolder('Five hundred');
		expect(response.status).toBe(500);
		expect(response.text).toBe('');
		expect(folderNamed('Five hundred')).toBeDefined();
	});

	it('statusBeforeCommit: the given status, nothing written', async () => {
		sim.faults.add({
			match: { method: 'POST', action: 'create_folder' },
			fault: { kind: 'statusBeforeCommit', status: 503 },
		});
		expect((await createFolder('Unavailable')).status).toBe(503);
		expect(folderNamed('Unavailable')).toBeUndefined();
		expect(lastLog()).toMatchObject({ status: 503, fault: 'statusBeforeCommit' });
	});

	it('rateLimit: 429 with Retry-After and an empty body for REST', async () => {
		sim.faults.add({ match: { action: 'create_folder' }, fault: { kind: 'rateLimit', retryAfterSeconds: 7 } });
		const response = await createFolder('Limited');
		expect(response.status).toBe(429);
		expect(response.headers['retry-after']).toBe('7');
		expect(response.text).toBe('');
		expect(folderNamed('Limited')).toBeUndefined();
		expect((await createFolder('Limited')).status).toBe(200);
	});

	it('rateLimit: a JSON-RPC error naming the seconds for JSON-RPC bodies', async () => {
		const seen: SimRequest[] = [];
		sim.mount('/api/mcp', async (req) => {
			seen.push(req);
			return { status: 200, json: { jsonrpc: '2.0', id: 1, result: {} } };
		});
		sim.faults.add({ match: { mcpTool: 'svc_create_folder' }, fault: { kind: 'rateLimit', retryAfterSeconds: 3 } });
		const body = JSON.stringify({
			jsonrpc: '2.0',
			id: 42,
			method: 'tools/call',
			params: { name: 'svc_create_folder', arguments: {} },
		});
		const response = await callRaw(sim.baseUrl, '/api/mcp', body, 'application/json');
		expect(response.status).toBe(429);
		expect(response.headers['retry-after']).toBe('3');
		expect(response.json).toEqual({
			jsonrpc: '2.0',
			id: 42,
			error: { code: -32029, message: 'Rate limit exceeded. Retry after 3 seconds.' },
		});
		expect(seen).toHaveLength(0);
		expect(lastLog()).toMatchObject({
			path: '/api/mcp',
			mcpMethod: 'tools/call',
			mcpTool: 'svc_create_folder',
			status: 429,
		});
	});

	it('delay: the request is answered normally after the delay', async () => {
		sim.faults.add({ match: { action: 'create_folder' }, fault: { kind: 'delay', ms: 300 } });
		const started = Date.now();
		const response = await createFolder('Slow');
		expect(response.status).toBe(200);
		expect(Date.now() - started).toBeGreaterThanOrEqual(280);
		expect(lastLog().fault).toBe('delay');
	});

	it('mcpUncertain and partialWrite reach the mounted handler as req.fault', async () => {
		const faults: Array<string | undefined> = [];
		sim.mount('/api_dvs/', async (req) => {
			faults.push(req.fault?.kind);
			return { status: 200, json: {} };
		});
		sim.faults.add({ match: { action: 'create_document' }, fault: { kind: 'partialWrite' } });
		sim.faults.add({ match: { path: '^/api_dvs/' }, fault: { kind: 'mcpUncertain' } });
		await callRaw(sim.baseUrl, '/api_dvs/task/create_document', '{}', 'application/json');
		await callRaw(sim.baseUrl, '/api_dvs/task/get_fields', '{}', 'application/json');
		await callRaw(sim.baseUrl, '/api_dvs/task/get_fields', '{}', 'application/json');
		expect(faults).toEqual(['partialWrite', 'mcpUncertain', undefined]);
		expect(sim.requests.slice(-3).map((entry) => entry.action)).toEqual([
			'create_document',
			'get_fields',
			'get_fields',
		]);
	});

	it('dropAfterCommit on upload_file keeps the uploaded file', async () => {
		const folder = sim.storage.createFolder(owner.id, owner.rootFolderHash, 'Upload drops', 'PRIVATE');
		sim.faults.add({ match: { action: 'upload_file' }, fault: { kind: 'dropAfterCommit' } });
		await expect(
			callMultipart(
				sim.baseUrl,
				'/api_v2/upload_file',
				{ folder_hash: folder.hash },
				[{ name: 'written.txt', content: 'x' }],
				{
					headers: basicAuth(owner.login, owner.password),
				},
			),
		).rejects.toThrow();
		expect(sim.storage.findChildByName(folder.hash, 'written.txt')).toBeDefined();
	});

	it('dropBeforeCommit on upload_file stores nothing', async () => {
		const folder = sim.storage.createFolder(owner.id, owner.rootFolderHash, 'Upload drops before', 'PRIVATE');
		sim.faults.add({ match: { action: 'upload_file' }, fault: { kind: 'dropBeforeCommit' } });
		await expect(
			callMultipart(
				sim.baseUrl,
				'/api_v2/upload_file',
				{ folder_hash: folder.hash },
				[{ name: 'lost.txt', content: 'x' }],
				{
					headers: basicAuth(owner.login, owner.password),
				},
			),
		).rejects.toThrow();
		expect(sim.storage.listChildren(folder.hash)).toHaveLength(0);
	});
});

describe('fault matching', () => {
	it('honours times and skip, and reports pending faults', async () => {
		const fault = sim.faults.add({
			match: { action: 'create_folder' },
			fault: { kind: 'statusBeforeCommit', status: 502 },
			skip: 1,
			times: 2,
		});
		const statuses = [];
		for (let i = 0; i < 4; i++) statuses.push((await createFolder(`Counted ${i}`)).status);
		expect(statuses).toEqual([200, 502, 502, 200]);
		expect(fault.hits).toBe(2);
		expect(sim.faults.pending()).toHaveLength(0);
	});

	it('accepts a predicate as match', async () => {
		sim.faults.add({
			match: (req) => req.path.endsWith('/create_folder') && req.body.toString().includes('Chosen'),
			fault: { kind: 'statusBeforeCommit', status: 500 },
		});
		expect((await createFolder('Other')).status).toBe(200);
		expect((await createFolder('Chosen')).status).toBe(500);
		expect(sim.faults.pending()).toHaveLength(0);
	});

	it('lets a skipping fault pass the request on to the next fault', async () => {
		sim.faults.add({ match: { action: 'create_folder' }, fault: { kind: 'statusBeforeCommit', status: 502 }, skip: 1 });
		sim.faults.add({ match: { action: 'create_folder' }, fault: { kind: 'statusBeforeCommit', status: 503 } });
		expect((await createFolder('A')).status).toBe(503);
		expect((await createFolder('B')).status).toBe(502);
	});
});

describe('request log and routing', () => {
	it('records action, auth, status and secrets in the query', async () => {
		sim.resetRequests();
		await callForm(sim.baseUrl, '/api/validate_session.php', {}, { method: 'GET', query: { PHPSESSID: 'abc' } });
		await callForm(
			sim.baseUrl,
			'/api_v2/get_folder_info',
			{ folder_hash: owner.rootFolderHash },
			{ query: { folder_upload_key: 'k' }, headers: basicAuth(owner.login, owner.password) },
		);
		expect(sim.requests).toEqual([
			expect.objectContaining({
				seq: expect.any(Number),
				method: 'GET',
				path: '/api/validate_session.php',
				action: 'validate_session',
				status: 200,
				auth: 'session',
				secretInQuery: true,
			}),
			expect.objectContaining({
				method: 'POST',
				action: 'get_folder_info',
				status: 200,
				auth: 'basic',
				secretInQuery: true,
			}),
		]);
		expect(sim.requests[1].seq).toBeGreaterThan(sim.requests[0].seq);
	});

	it('routes the longest mounted prefix before the built-in /api/ scripts', async () => {
		sim.mount('/api/mcp', async () => ({ status: 202 }));
		expect(
			(
				await callRaw(
					sim.baseUrl,
					'/api/mcp',
					JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }),
					'application/json',
				)
			).status,
		).toBe(202);
		expect(lastLog().mcpMethod).toBe('notifications/initialized');
		expect((await callForm(sim.baseUrl, '/api/login.php', { user: 'nobody', pass: 'x' })).text.trim()).toBe(
			'error: incorrect login',
		);
	});
});

describe('control surface', () => {
	it('adds and clears faults, lists requests and dumps state over HTTP', async () => {
		const add = await request(`${sim.baseUrl}/__sim/faults`, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify({ match: { action: 'create_folder' }, fault: { kind: 'statusBeforeCommit', status: 504 } }),
		});
		expect(add.statusCode).toBe(201);
		await add.body.dump();
		expect((await createFolder('Via control')).status).toBe(504);
		const invalid = await request(`${sim.baseUrl}/__sim/faults`, {
			method: 'POST',
			body: JSON.stringify({ match: {}, fault: { kind: 'explode' } }),
		});
		expect(invalid.statusCode).toBe(400);
		await invalid.body.dump();
		sim.faults.add({ match: { action: 'create_folder' }, fault: { kind: 'dropBeforeCommit' } });
		const cleared = await request(`${sim.baseUrl}/__sim/faults`, { method: 'DELETE' });
		await cleared.body.dump();
		expect(sim.faults.pending()).toHaveLength(0);

		const requests = await request(`${sim.baseUrl}/__sim/requests`);
		const log = (await requests.body.json()) as Array<{ path: string }>;
		expect(log.some((entry) => entry.path.startsWith('/__sim'))).toBe(false);
		expect(log.at(-1)).toMatchObject({ action: 'create_folder', status: 504 });

		const state = await request(`${sim.baseUrl}/__sim/state`);
		const dump = (await state.body.json()) as {
			accounts: Array<{ id: number }>;
			storage: { folders: Array<{ hash: string }> };
		};
		expect(dump.accounts.map((account) => account.id)).toContain(owner.id);
		expect(dump.storage.folders.map((folder) => folder.hash)).toContain(owner.rootFolderHash);

		const reset = await request(`${sim.baseUrl}/__sim/reset-requests`, { method: 'POST' });
		await reset.body.dump();
		expect(sim.requests).toHaveLength(0);
	});

	it('empties the trash on /__sim/purge-deleted: a deleted file is gone for good, an active one stays', async () => {
		const folder = sim.storage.createFolder(owner.id, owner.rootFolderHash, 'purged');
		const kept = sim.storage.addFile(owner.id, folder.hash, 'kept.txt', Buffer.from('kept'));
		const gone = sim.storage.addFile(owner.id, folder.hash, 'gone.txt', Buffer.from('gone'));
		sim.storage.deleteFile(gone.hash);
		expect(sim.storage.getFile(gone.hash, true)).toBeDefined();

		const purge = await request(`${sim.baseUrl}/__sim/purge-deleted`, { method: 'POST' });
		expect(await purge.body.json()).toEqual({ purged: 1 });
		expect(sim.storage.getFile(gone.hash, true)).toBeUndefined();
		expect(() => sim.storage.undeleteFile(gone.hash)).toThrow('file not found');

		const collect = await request(`${sim.baseUrl}/__sim/collect-garbage`, { method: 'POST' });
		expect(collect.statusCode).toBe(200);
		expect(await collect.body.json()).toEqual({ collected: expect.any(Boolean) });
		expect(sim.storage.getFile(kept.hash)?.content.toString()).toBe('kept');
	});
});
