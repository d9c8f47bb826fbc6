/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, no-console -- this file runs in Node under the test tools, never inside n8n */
import { createHash } from 'node:crypto';
import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

import type { IDataObject } from 'n8n-workflow';

import {
	createPoller,
	listSearch,
	loadOptions,
	loadPackage,
	removeBinaryData,
	resourceMapping,
	runNode,
	runWorkflow,
	testCredential,
	type CredentialsMap,
} from '../index';

const root = join(__dirname, 'fixtures', 'pkg');
const PKG = 'n8n-nodes-harness-fixture';

/** Deterministic bytes, so both ends can check content without holding big files. */
function patternChunk(offset: number, length: number): Buffer {
	const chunk = Buffer.allocUnsafe(length);
	for (let i = 0; i < length; i++) chunk[i] = (offset + i) % 251;
	return chunk;
}

function patternStream(size: number): Readable {
	let offset = 0;
	return new Readable({
		read() {
			if (offset >= size) {
				this.push(null);
				return;
			}
			const length = Math.min(1 << 16, size - offset);
			this.push(patternChunk(offset, length));
			offset += length;
		},
	});
}

async function patternSha256(size: number): Promise<string> {
	const hash = createHash('sha256');
	for await (const chunk of patternStream(size)) hash.update(chunk as Buffer);
	return hash.digest('hex');
}

interface ServiceState {
	logins: number;
	tokenRequests: number;
	events: Array<{ id: number; title: string }>;
	failEvents: boolean;
	things: Array<{ id: string; name: string }>;
}

function json(res: ServerResponse, status: number, body: unknown): void {
	res.writeHead(status, { 'content-type': 'application/json' });
	res.end(JSON.stringify(body));
}

async function readBody(req: IncomingMessage): Promise<string> {
	let body = '';
	for await (const chunk of req) body += String(chunk);
	return body;
}

function authorized(req: IncomingMessage): boolean {
	const auth = req.headers.authorization ?? '';
	return req.headers['x-api-key'] === 'good-key' || auth.startsWith('Session sess-') || auth === 'Bearer oauth-token-1';
}

function startService(state: ServiceState): Promise<Server> {
	const server = createServer((req, res) => {
		void (async () => {
			const url = new URL(req.url ?? '/', 'http://localhost');
			const path = url.pathname;
			if (req.method === 'POST' && path === '/login') {
				const { password } = JSON.parse(await readBody(req)) as { password?: string };
				if (password !== 'secret') return json(res, 401, { message: 'bad login' });
				return json(res, 200, { sessionToken: `sess-${++state.logins}` });
			}
			if (req.method === 'POST' && path === '/oauth/token') {
				const body = new URLSearchParams(await readBody(req));
				if (body.get('grant_type') !== 'client_credentials') return json(res, 400, { error: 'unsupported_grant_type' });
				state.tokenRequests++;
				return json(res, 200, { access_token: 'oauth-token-1', token_type: 'bearer', expires_in: 3600 });
			}
			if (path === '/me') {
				if (req.headers['x-api-key'] === 'locked') return json(res, 403, { message: 'locked' });
				if (req.headers['x-api-key'] === 'suspended') return json(res, 200, { user: { state: 'suspended' } });
				return authorized(req)
					? json(res, 200, { user: { state: 'active' } })
					: json(res, 401, { message: 'unauthorized' });
			}
			if (!authorized(req)) return json(res, 401, { message: 'unauthorized' });
			if (path === '/echo') {
				return json(res, 200, { path, query: Object.fromEntries(url.searchParams), headers: req.headers });
			}
			if (path.startsWith('/status/')) {
				const status = Number(path.slice('/status/'.length));
				return json(res, status, { message: `Service says ${status}` });
			}
			if (path === '/file') {
				const size = Number(url.searchParams.get('size'));
				res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': String(size) });
				return await pipeline(patternStream(size), res);
			}
			if (req.method === 'POST' && path === '/upload') {
				const hash = createHash('sha256');
				let bytes = 0;
				for await (const chunk of req) {
					hash.update(chunk as Buffer);
					bytes += (chunk as Buffer).length;
				}
				return json(res, 200, { bytes, sha256: hash.digest('hex') });
			}
			if (path === '/events') {
				if (state.failEvents) return json(res, 503, { message: 'try later' });
				const after = Number(url.searchParams.get('after') ?? 0);
				return json(res, 200, { events: state.events.filter((event) => event.id > after) });
			}
			if (path === '/things') {
				const filter = url.searchParams.get('filter') ?? '';
				const page = Number(url.searchParams.get('page') ?? 1);
				const matching = state.things.filter((thing) => thing.name.includes(filter));
				const slice = matching.slice((page - 1) * 2, page * 2);
				return json(res, 200, { things: slice, next: page * 2 < matching.length ? String(page + 1) : null });
			}
			if (path === '/columns') {
				return json(res, 200, {
					columns: [
						{ name: 'title', type: 'string', required: true },
						{ name: 'count', type: 'number', required: false },
					],
				});
			}
			json(res, 404, { message: 'no such route' });
		})().catch((error: Error) => {
			if (!res.headersSent) json(res, 500, { message: error.message });
			else res.destroy(error);
		});
	});
	return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

let server: Server;
let baseUrl: string;
const state: ServiceState = {
	logins: 0,
	tokenRequests: 0,
	events: [],
	failEvents: false,
	things: [],
};
const generic = (): CredentialsMap => ({ harnessGenericApi: { baseUrl, apiKey: 'good-key' } });

beforeAll(async () => {
	server = await startService(state);
	baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
	removeBinaryData();
	server.closeAllConnections();
	await new Promise((resolve) => server.close(resolve));
});

describe('loadPackage', () => {
	it('loads nodes and credentials from the n8n section, named as n8n names them', () => {
		const pkg = loadPackage(root);
		expect(pkg.packageName).toBe(PKG);
		expect(pkg.nodeTypeNames.sort()).toEqual([
			`${PKG}.harnessRecorder`,
			`${PKG}.harnessTest`,
			`${PKG}.harnessTrigger`,
			`${PKG}.harnessVersioned`,
		]);
		expect(pkg.credentialTypeNames.sort()).toEqual(['harnessFunctionApi', 'harnessGenericApi', 'harnessOAuth2Api']);
		expect(loadPackage(root)).toBe(pkg);
	});

	it('resolves versions of versioned and plain nodes, and applies n8n load-time additions', () => {
		const { nodeTypes, credentialTypes } = loadPackage(root);
		expect(nodeTypes.getByNameAndVersion(`${PKG}.harnessVersioned`, 1).description.version).toBe(1);
		expect(nodeTypes.getByNameAndVersion('harnessVersioned', 2.1).description.version).toEqual([2, 2.1]);
		expect(nodeTypes.defaultVersion('harnessVersioned')).toBe(2.1);
		// the loader adds the "Poll Times" parameter to polling nodes, as in n8n
		const trigger = nodeTypes.getByNameAndVersion('harnessTrigger', 1).description;
		expect(trigger.properties.map((p) => p.name)).toContain('pollTimes');
		expect(credentialTypes.getSupportedNodes('harnessGenericApi').sort()).toEqual([
			`${PKG}.harnessTest`,
			`${PKG}.harnessTrigger`,
		]);
		expect(credentialTypes.getParentTypes('harnessOAuth2Api')).toEqual(['oAuth2Api']);
	});
});

describe('runNode', () => {
	it('applies a generic authenticate with credential defaults, and collects node logs', async () => {
		const result = await runNode({
			root,
			type: 'harnessTest',
			parameters: { operation: 'echo' },
			credentials: generic(),
		});
		expect(result.error).toBeUndefined();
		const echo = result.items[0].json as { headers: IDataObject; query: IDataObject };
		expect(echo.headers['x-api-key']).toBe('good-key');
		expect(echo.query).toEqual({ account: 'main' });
		expect(result.items[0].pairedItem).toEqual({ item: 0 });
		expect(result.logs).toContain('info: harnessTest echo item 0');
	});

	it('applies a function authenticate after preAuthentication, persisting the token like n8n', async () => {
		const credentials: CredentialsMap = {
			harnessFunctionApi: { baseUrl, username: 'ann', password: 'secret' },
		};
		const loginsBefore = state.logins;
		const first = await runNode({
			root,
			type: 'harnessTest',
			parameters: { authentication: 'function', operation: 'echo' },
			credentials,
		});
		const token = `sess-${loginsBefore + 1}`;
		expect((first.items[0].json.headers as IDataObject).authorization).toBe(`Session ${token}`);
		expect(credentials.harnessFunctionApi.sessionToken).toBe(token);

		const second = await runNode({
			root,
			type: 'harnessTest',
			parameters: { authentication: 'function', operation: 'echo' },
			credentials,
		});
		expect((second.items[0].json.headers as IDataObject).authorization).toBe(`Session ${token}`);
		expect(state.logins).toBe(loginsBefore + 1);
	});

	it('runs an oAuth2Api-derived credential through n8n-core’s OAuth2 helper', async () => {
		const credentials: CredentialsMap = {
			harnessOAuth2Api: {
				baseUrl,
				accessTokenUrl: `${baseUrl}/oauth/token`,
				clientId: 'client',
				clientSecret: 'client-secret',
			},
		};
		const result = await runNode({
			root,
			type: 'harnessTest',
			parameters: { authentication: 'oAuth2', operation: 'echo' },
			credentials,
		});
		expect(result.error).toBeUndefined();
		expect((result.items[0].json.headers as IDataObject).authorization).toBe('Bearer oauth-token-1');
		expect((credentials.harnessOAuth2Api.oauthTokenData as IDataObject).access_token).toBe('oauth-token-1');
	});

	it('returns a NodeApiError with its httpCode and itemIndex', async () => {
		const result = await runNode({
			root,
			type: 'harnessTest',
			parameters: { operation: 'path', path: '/status/404' },
			credentials: generic(),
			input: [{ json: {} }, { json: {} }],
		});
		expect(result.items).toEqual([]);
		expect(result.error).toMatchObject({ name: 'NodeApiError', httpCode: '404', itemIndex: 0 });
		expect(result.error?.message).toMatch(/not be found|404/i);
		expect(result.error?.description).toBe('Service says 404');
		expect(result.logs).toEqual(['info: harnessTest path item 0']);
		expect(result.reportedErrors).toContain('AxiosError: Request failed with status code 404');
	});

	it('returns a NodeOperationError raised on a later item, with parameters resolved per item', async () => {
		const result = await runNode({
			root,
			type: 'harnessTest',
			parameters: { operation: 'validate', size: '={{ $json.size }}' },
			credentials: generic(),
			input: [{ json: { size: 3 } }, { json: { size: 0 } }],
		});
		expect(result.error).toMatchObject({
			name: 'NodeOperationError',
			message: 'Size must be positive',
			description: 'Set "Size" to a number above 0',
			itemIndex: 1,
		});
	});

	it('with continueOnFail returns error items paired with their input', async () => {
		const result = await runNode({
			root,
			type: 'harnessTest',
			parameters: { operation: 'path', path: '/status/500' },
			credentials: generic(),
			continueOnFail: true,
			input: [{ json: { n: 1 } }, { json: { n: 2 } }],
		});
		expect(result.error).toBeUndefined();
		expect(result.items).toHaveLength(2);
		expect(result.items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);
		expect(result.items[0].json.error).toEqual(expect.any(String));
	});

	it('round-trips binary data in default mode', async () => {
		const upload = await runNode({
			root,
			type: 'harnessTest',
			parameters: { operation: 'upload' },
			credentials: generic(),
			input: [
				{
					json: {},
					binary: { data: { data: Buffer.from('hello harness'), fileName: 'hello.txt', mimeType: 'text/plain' } },
				},
			],
		});
		expect(upload.error).toBeUndefined();
		expect(upload.items[0].json).toMatchObject({
			bytes: 13,
			sha256: createHash('sha256').update('hello harness').digest('hex'),
			fileName: 'hello.txt',
			mimeType: 'text/plain',
			streamed: false,
		});

		const download = await runNode({
			root,
			type: 'harnessTest',
			parameters: { operation: 'download', size: 5000, fileName: 'small.bin' },
			credentials: generic(),
		});
		const binary = download.items[0].binary!.data;
		expect(binary.id).toBeUndefined();
		expect(binary.fileName).toBe('small.bin');
		expect(await download.binaryBuffer(download.items[0])).toEqual(patternChunk(0, 5000));
	});

	describe('filesystem binary mode', () => {
		const size = 50 * 1024 * 1024;
		let dir: string;
		let file: string;

		beforeAll(async () => {
			dir = mkdtempSync(join(tmpdir(), 'harness-big-'));
			file = join(dir, 'big.bin');
			await pipeline(patternStream(size), createWriteStream(file));
		});

		afterAll(() => rmSync(dir, { recursive: true, force: true }));

		async function measured<T>(label: string, fn: () => Promise<T>): Promise<T> {
			global.gc?.();
			const before = process.memoryUsage().rss;
			let peak = before;
			const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
			try {
				return await fn();
			} finally {
				clearInterval(sampler);
				const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
				console.log(`${label}: RSS before ${mb(before)} MB, peak ${mb(peak)} MB, growth ${mb(peak - before)} MB`);
			}
		}

		it('streams a 50 MB file from disk to the service', async () => {
			const upload = await measured('filesystem mode, 50 MB upload (redirects off)', async () => {
				return await runNode({
					root,
					type: 'harnessTest',
					// n8n's request layer buffers a streamed body for redirect replay unless redirects are off
					parameters: { operation: 'upload', noRedirects: true },
					credentials: generic(),
					binaryMode: 'filesystem',
					input: [{ json: {}, binary: { data: { data: file, mimeType: 'application/octet-stream' } } }],
				});
			});
			expect(upload.error).toBeUndefined();
			expect(upload.items[0].json).toMatchObject({
				bytes: size,
				sha256: await patternSha256(size),
				fileName: 'big.bin',
				mimeType: 'application/octet-stream',
				streamed: true,
			});
		});

		it('streams a 50 MB download from the service to disk', async () => {
			const download = await measured('filesystem mode, 50 MB download', async () => {
				return await runNode({
					root,
					type: 'harnessTest',
					parameters: { operation: 'download', size, fileName: 'big-download.bin' },
					credentials: generic(),
					binaryMode: 'filesystem',
				});
			});
			expect(download.error).toBeUndefined();
			const binary = download.items[0].binary!.data;
			expect(binary.id).toMatch(/^filesystem-v2:/);
			expect(binary.bytes).toBe(size);
			const stored = await download.binaryBuffer(download.items[0]);
			expect(createHash('sha256').update(stored).digest('hex')).toBe(await patternSha256(size));
		});
	});
});

describe('runWorkflow', () => {
	it('runs a workflow of several nodes from the manual trigger', async () => {
		const result = await runWorkflow(
			{
				nodes: [
					{
						id: 'a',
						name: 'Start',
						type: 'n8n-nodes-base.manualTrigger',
						typeVersion: 1,
						position: [0, 0],
						parameters: {},
					},
					{ id: 'b', name: 'V1', type: 'harnessVersioned', typeVersion: 1, position: [200, 0], parameters: {} },
					{ name: 'Latest', type: `${PKG}.harnessVersioned`, parameters: { label: '={{ $json.label }}+' } },
					{
						id: 'd',
						name: 'Fail',
						type: 'harnessTest',
						typeVersion: 1,
						position: [600, 0],
						parameters: { operation: 'path', path: '/status/403' },
					},
				],
				connections: {
					Start: { main: [[{ node: 'V1', type: 'main', index: 0 }]] },
					V1: { main: [[{ node: 'Latest', type: 'main', index: 0 }]] },
					Latest: { main: [[{ node: 'Fail', type: 'main', index: 0 }]] },
				},
			},
			{ root, credentials: generic() },
		);
		expect(result.outputOf('V1')[0].json).toEqual({ label: 'v1', version: 1 });
		expect(result.outputOf('Latest')[0].json).toEqual({ label: 'v1+', version: 2.1 });
		expect(result.runData.Latest[0].source).toEqual([expect.objectContaining({ previousNode: 'V1' })]);
		expect(result.errorOf('Fail')).toMatchObject({ httpCode: '403', name: 'NodeApiError' });
		expect(result.error?.httpCode).toBe('403');
		expect(result.lastNodeExecuted).toBe('Fail');
	});
});

describe('concurrent runs', () => {
	it('keep their logs and binary modes apart', async () => {
		const run = (binaryMode: 'default' | 'filesystem', n: number) =>
			runNode({
				root,
				type: 'harnessTest',
				parameters: { operation: 'download', size: 1000 },
				credentials: generic(),
				binaryMode,
				input: Array.from({ length: n }, () => ({ json: {} })),
			});
		const [inline, stored] = await Promise.all([run('default', 2), run('filesystem', 3)]);
		expect(inline.logs).toHaveLength(2);
		expect(stored.logs).toHaveLength(3);
		expect(inline.items.every((item) => item.binary!.data.id === undefined)).toBe(true);
		expect(stored.items.every((item) => item.binary!.data.id?.startsWith('filesystem-v2:'))).toBe(true);
		expect(await stored.binaryBuffer(stored.items[2])).toEqual(patternChunk(0, 1000));
	});
});

describe('createPoller', () => {
	it('keeps the cursor in static data across polls, as JSON only', async () => {
		state.events = [
			{ id: 1, title: 'old' },
			{ id: 2, title: 'older' },
		];
		const poller = createPoller({ root, type: 'harnessTrigger', parameters: {}, credentials: generic() });

		expect(await poller.poll()).toBeNull();
		expect(poller.staticData()).toEqual({ lastId: 2 });

		state.events.push({ id: 3, title: 'new' });
		expect(await poller.poll()).toEqual([[{ json: { id: 3, title: 'new' } }]]);
		expect(poller.staticData()).toEqual({ lastId: 3 });
		expect(await poller.poll()).toBeNull();

		const snapshot = poller.staticData();
		snapshot.lastId = 0;
		expect(poller.staticData()).toEqual({ lastId: 3 });

		state.failEvents = true;
		await expect(poller.poll()).rejects.toMatchObject({ httpCode: '503' });
		state.failEvents = false;
		expect(poller.staticData()).toEqual({ lastId: 3 });

		state.events.push({ id: 4, title: 'newer' });
		expect(await poller.poll('manual')).toEqual([[{ json: { id: 1, title: 'old' } }]]);
		expect(poller.staticData()).toEqual({ lastId: 3 });
		expect(await poller.poll()).toEqual([[{ json: { id: 4, title: 'newer' } }]]);
	});

	it('starts from the given static data', async () => {
		state.events = [
			{ id: 7, title: 'seven' },
			{ id: 8, title: 'eight' },
		];
		const poller = createPoller({
			root,
			type: 'harnessTrigger',
			parameters: {},
			credentials: generic(),
			staticData: { lastId: 7 },
		});
		expect(await poller.poll()).toEqual([[{ json: { id: 8, title: 'eight' } }]]);
		expect(poller.staticData()).toEqual({ lastId: 8 });
	});
});

describe('node methods', () => {
	beforeAll(() => {
		state.things = ['alpha', 'beta', 'gamma', 'alphabet'].map((name, i) => ({ id: `t${i}`, name }));
	});

	it('listSearch filters and pages', async () => {
		const first = await listSearch({
			root,
			type: 'harnessTest',
			credentials: generic(),
			method: 'searchThings',
			filter: 'a',
		});
		expect(first.results).toEqual([
			{ name: 'alpha', value: 't0' },
			{ name: 'beta', value: 't1' },
		]);
		expect(first.paginationToken).toBe('2');
		const second = await listSearch({
			root,
			type: 'harnessTest',
			credentials: generic(),
			method: 'searchThings',
			filter: 'a',
			paginationToken: '2',
		});
		expect(second.results.map((r) => r.name)).toEqual(['gamma', 'alphabet']);
		expect(second.paginationToken).toBeUndefined();
	});

	it('loadOptions sees the current parameters', async () => {
		const options = await loadOptions({
			root,
			type: 'harnessTest',
			credentials: generic(),
			method: 'getThings',
			parameters: { operation: 'path', path: '#' },
		});
		expect(options).toEqual([
			{ name: '#alpha', value: 't0' },
			{ name: '#beta', value: 't1' },
		]);
	});

	it('resourceMapping returns the fields', async () => {
		const fields = await resourceMapping({ root, type: 'harnessTest', credentials: generic(), method: 'getColumns' });
		expect(fields.fields.map((f) => [f.id, f.type, f.required])).toEqual([
			['title', 'string', true],
			['count', 'number', false],
		]);
	});
});

describe('testCredential', () => {
	it('passes with a generic authenticate and a base URL expression', async () => {
		expect(await testCredential('harnessGenericApi', { baseUrl, apiKey: 'good-key' }, root)).toEqual({
			status: 'OK',
			message: 'Connection successful!',
		});
	});

	it('fails on a non-2xx answer, applying the test rules', async () => {
		const bad = await testCredential('harnessGenericApi', { baseUrl, apiKey: 'wrong' }, root);
		expect(bad).toEqual({ status: 'Error', message: 'Unauthorized' });
		expect(await testCredential('harnessGenericApi', { baseUrl, apiKey: 'locked' }, root)).toEqual({
			status: 'Error',
			message: 'This account is locked',
		});
		expect(await testCredential('harnessGenericApi', { baseUrl, apiKey: 'suspended' }, root)).toEqual({
			status: 'Error',
			message: 'This user is suspended',
		});
		expect(
			await testCredential('harnessFunctionApi', { baseUrl, username: 'x', password: 'nope' }, root),
		).toMatchObject({
			status: 'Error',
		});
	});

	it('runs preAuthentication for the test without storing its result', async () => {
		const data = { baseUrl, username: 'ann', password: 'secret' };
		expect(await testCredential('harnessFunctionApi', data, root)).toEqual({
			status: 'OK',
			message: 'Connection successful!',
		});
		expect(data).not.toHaveProperty('sessionToken');
	});

	it('reports an unreachable service', async () => {
		const result = await testCredential(
			'harnessGenericApi',
			{ baseUrl: 'http://127.0.0.1:1', apiKey: 'good-key' },
			root,
		);
		expect(result).toEqual({ status: 'Error', message: 'ECONNREFUSED' });
	});
});
