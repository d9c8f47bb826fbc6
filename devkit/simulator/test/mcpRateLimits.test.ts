import { createMcpFixture, TEST_CLIENT_IP_HEADER } from '../mcp/testing';
import type { HttpAnswer, McpFixture, McpTestClient } from '../mcp/testing';

const MINUTE = 60_000;
const HOUR = 3_600_000;

let f: McpFixture;
let folderHash: string;
let fileHash: string;

beforeAll(async () => {
	f = await createMcpFixture({ settings: { writesEnabled: true } });
	f.alice.accessTokens.push({ token: 'alice-second-token', type: 'API' });
	folderHash = f.seedFolder(f.alice.rootFolderHash, 'limits').hash;
	fileHash = f.seedFile(folderHash, 'a.txt', 'a', { mimeType: 'text/plain' }).hash;
});
afterAll(() => f.close());
/** Fixed windows: start each scenario at the top of an hour so the hourly window is whole. */
const nextHour = () => f.clock.advance(HOUR - (f.clock.now() % HOUR));
beforeEach(nextHour);

async function burst(n: number, send: (i: number) => Promise<HttpAnswer>): Promise<number[]> {
	const statuses: number[] = [];
	for (let start = 0; start < n; start += 25) {
		const batch = await Promise.all(Array.from({ length: Math.min(25, n - start) }, (_, k) => send(start + k)));
		statuses.push(...batch.map((a) => a.status));
	}
	return statuses;
}

function expectRateLimited(answer: HttpAnswer, seconds: number): void {
	expect(answer.status).toBe(429);
	expect(answer.headers.get('retry-after')).toBe(String(seconds));
	expect(answer.body.error.code).toBe(-32029);
	expect(answer.body.error.message).toContain(`Retry after ${seconds} seconds.`);
	expect(answer.body.error.data.retry_after_seconds).toBe(seconds);
}

/** Uses up `perMinute` per window until the hourly cap, then checks the hourly refusal. */
async function checkHourly(
	perMinute: number,
	perHour: number,
	send: (i: number) => Promise<HttpAnswer>,
): Promise<void> {
	let sent = 0;
	while (sent < perHour) {
		const n = Math.min(perMinute, perHour - sent);
		expect(await burst(n, send)).toEqual(Array(n).fill(200));
		sent += n;
		if (sent < perHour) f.clock.advance(MINUTE);
	}
	f.clock.advance(MINUTE);
	const refused = await send(0);
	expect(refused.status).toBe(429);
	// The hourly window ends at the top of the hour.
	const hourEnd = Math.floor(f.clock.now() / HOUR) * HOUR + HOUR;
	expectRateLimited(refused, Math.ceil((hourEnd - f.clock.now()) / 1000));
}

const callAs =
	(client: McpTestClient, name: string, args: Record<string, unknown>, headers: Record<string, string> = {}) =>
	() =>
		client.callTool(name, args, { headers });

describe('public documentation: 120/min, 2400/h per client IP', () => {
	it('limits per minute, per IP, with the retry time in seconds', async () => {
		const anon = f.client();
		const ip = { [TEST_CLIENT_IP_HEADER]: '198.51.100.7' };
		const statuses = await burst(120, (i) =>
			i % 2
				? anon.callTool('svc_search_docs', { query: 'file' }, { headers: ip })
				: anon.rpc('resources/read', { uri: 'svc-docs://storage-api' }, { headers: ip }),
		);
		expect(statuses).toEqual(Array(120).fill(200));
		const refused = await anon.callTool('svc_get_doc', { uri: 'svc-docs://storage-api' }, { headers: ip });
		expectRateLimited(refused, 60);
		f.clock.advance(15_000);
		expectRateLimited(await anon.callTool('svc_get_doc', { uri: 'svc-docs://storage-api' }, { headers: ip }), 45);
		expect(
			(
				await anon.callTool(
					'svc_get_doc',
					{ uri: 'svc-docs://storage-api' },
					{ headers: { [TEST_CLIENT_IP_HEADER]: '198.51.100.8' } },
				)
			).status,
		).toBe(200);
		// Signed-in traffic is limited per token, not per IP.
		expect(
			(await f.client(f.bearer(f.alice)).callTool('svc_search_docs', { query: 'file' }, { headers: ip })).status,
		).toBe(200);
		f.clock.advance(45_000);
		expect((await anon.callTool('svc_get_doc', { uri: 'svc-docs://storage-api' }, { headers: ip })).status).toBe(200);
	});

	it('limits per hour', async () => {
		const anon = f.client();
		await checkHourly(
			120,
			2400,
			callAs(anon, 'svc_search_docs', { query: 'upload' }, { [TEST_CLIENT_IP_HEADER]: '198.51.100.9' }),
		);
	});
});

describe('per-token buckets', () => {
	it.each([
		['private search', 'svc_search_files', () => ({ query: 'a' }), 30, 600],
		['private file read', 'svc_read_file', () => ({ file_hash: fileHash }), 40, 700],
		['folder listing', 'svc_list_folder', () => ({ folder_hash: folderHash }), 90, 1800],
	])('%s: per minute and per hour, separately for each token', async (_label, tool, args, perMinute, perHour) => {
		const first = f.client(f.bearer(f.alice));
		const second = f.client(`Bearer ${f.alice.id}:alice-second-token`);
		expect(await burst(perMinute, () => first.callTool(tool, args()))).toEqual(Array(perMinute).fill(200));
		expectRateLimited(await first.callTool(tool, args()), 60);
		expect((await second.callTool(tool, args())).status).toBe(200);
		nextHour();
		await checkHourly(perMinute, perHour, () => first.callTool(tool, args()));
	});

	it('counts file info with file reads and folder info with listings', async () => {
		const client = f.client(f.bearer(f.alice));
		await burst(40, () => client.callTool('svc_get_file_info', { file_hash: fileHash }));
		expect((await client.callTool('svc_read_file', { file_hash: fileHash })).status).toBe(429);
		await burst(90, () => client.callTool('svc_get_folder_info', { folder_hash: folderHash }));
		expect((await client.callTool('svc_get_root_folder')).status).toBe(429);
	});
});

describe('writes: 30/min, 300/h per user; imports additionally 6/min, 60/h', () => {
	it('shares the write bucket across the tokens of one user', async () => {
		const first = f.client(f.bearer(f.alice));
		const second = f.client(`Bearer ${f.alice.id}:alice-second-token`);
		const statuses = await burst(30, (i) =>
			(i % 2 ? first : second).callTool('svc_create_folder', {
				parent_folder_hash: folderHash,
				folder_name: `w-${f.clock.now()}-${i}`,
			}),
		);
		expect(statuses).toEqual(Array(30).fill(200));
		const refused = await second.callTool('svc_rename_file', { file_hash: fileHash, file_name: 'b.txt' });
		expectRateLimited(refused, 60);
		expect(f.storage.getFile(fileHash)?.name).toBe('a.txt');
		// Another user is not affected.
		const bobFolder = f.seedFolder(f.bob.rootFolderHash, `bob-${f.clock.now()}`);
		expect(
			(
				await f
					.client(f.bearer(f.bob))
					.callTool('svc_create_folder', { parent_folder_hash: bobFolder.hash, folder_name: 'x' })
			).status,
		).toBe(200);
	});

	it('limits writes per hour', async () => {
		const client = f.client(f.bearer(f.alice));
		let n = 0;
		await checkHourly(30, 300, () =>
			client.callTool('svc_rename_folder', { folder_hash: folderHash, folder_name: `limits-${n++}` }),
		);
	});

	it('limits imports separately, and imports count as writes', async () => {
		f.deps.fetchSource = async () => ({ status: 200, body: Buffer.from('x') });
		f.deps.resolveHost = async () => ['93.184.216.34'];
		const client = f.client(f.bearer(f.alice));
		let n = 0;
		const importOne = () =>
			client.callTool('svc_import_file', {
				folder_hash: folderHash,
				file_name: `imp-${f.clock.now()}-${n++}.txt`,
				source_url: 'https://files.example.com/x',
			});
		expect(await burst(6, importOne)).toEqual(Array(6).fill(200));
		expectRateLimited(await importOne(), 60);
		// 6 writes used: 24 more plain writes fit this minute, then the write bucket refuses.
		expect(
			await burst(24, (i) =>
				client.callTool('svc_create_folder', {
					parent_folder_hash: folderHash,
					folder_name: `after-import-${f.clock.now()}-${i}`,
				}),
			),
		).toEqual(Array(24).fill(200));
		expect(
			(await client.callTool('svc_create_folder', { parent_folder_hash: folderHash, folder_name: 'one-too-many' }))
				.status,
		).toBe(429);
		nextHour();
		await checkHourly(6, 60, importOne);
	});
});

describe("DVS reads (the simulator's own bucket): 60/min, 1200/h per token", () => {
	it('limits DVS reads per token', async () => {
		f.deps.settings.dvsEnabled = true;
		try {
			const client = f.client(f.bearer(f.alice));
			expect(await burst(60, () => client.callTool('svc_dvs_get_fields', { section: 'task' }))).toEqual(
				Array(60).fill(200),
			);
			expectRateLimited(await client.callTool('svc_dvs_list_documents', { section: 'task' }), 60);
			// Storage reads are a different bucket.
			expect((await client.callTool('svc_list_folder', { folder_hash: folderHash })).status).toBe(200);
		} finally {
			f.deps.settings.dvsEnabled = false;
		}
	});
});

describe('timeScale', () => {
	// The windows are read on Date.now (the deployment's clock); only Date is faked, so requests still flow.
	beforeEach(() => {
		jest.useFakeTimers({
			doNotFake: [
				'hrtime',
				'nextTick',
				'performance',
				'queueMicrotask',
				'setImmediate',
				'clearImmediate',
				'setInterval',
				'clearInterval',
				'setTimeout',
				'clearTimeout',
			],
			// Right after a 600 ms window boundary, so the burst fits one window.
			now: 600 * 3_000_000 + 5,
		});
	});
	afterEach(() => {
		jest.useRealTimers();
	});

	it('shrinks the windows on the real clock', async () => {
		const g = await createMcpFixture({ realClock: true, settings: { timeScale: 0.01 } });
		try {
			const folder = g.seedFolder(g.alice.rootFolderHash, 'scaled');
			const client = g.client(g.bearer(g.alice));
			expect(await burst(90, () => client.callTool('svc_list_folder', { folder_hash: folder.hash }))).toEqual(
				Array(90).fill(200),
			);
			const refused = await client.callTool('svc_list_folder', { folder_hash: folder.hash });
			expect(refused.status).toBe(429);
			expect(refused.body.error.data.retry_after_seconds).toBe(1);
			jest.setSystemTime(Date.now() + 650);
			expect((await client.callTool('svc_list_folder', { folder_hash: folder.hash })).status).toBe(200);
		} finally {
			await g.close();
		}
	});
});
