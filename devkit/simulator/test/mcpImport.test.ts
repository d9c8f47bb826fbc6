/* eslint-disable @typescript-eslint/no-explicit-any -- this test reads service answers of every shape */
import type { FetchedSource, FetchSourceRequest } from '../mcp/index';
import { createMcpFixture } from '../mcp/testing';
import type { McpFixture, McpTestClient } from '../mcp/testing';

const DNS: Record<string, string[]> = {
	'files.example.com': ['93.184.216.34'],
	'cdn.example.net': ['151.101.1.1', '151.101.65.1'],
	'mixed.example.com': ['93.184.216.35', '10.0.0.8'],
	'internal.example.com': ['10.1.2.3'],
	'metadata.example.com': ['169.254.169.254'],
	'v6only.example.com': ['2001:db8::1'],
};

let f: McpFixture;
let alice: McpTestClient;
let folderHash: string;
let calls: FetchSourceRequest[];
let routes: Record<string, FetchedSource | (() => Promise<FetchedSource>)>;

beforeAll(async () => {
	f = await createMcpFixture({
		settings: { writesEnabled: true },
		deps: {
			resolveHost: async (host) => {
				if (!DNS[host]) throw new Error('ENOTFOUND');
				return DNS[host];
			},
			fetchSource: async (request) => {
				calls.push(request);
				const route = routes[request.url];
				if (!route) return { status: 404, body: Buffer.from('not found') };
				return typeof route === 'function' ? route() : route;
			},
		},
	});
	alice = f.client(f.bearer(f.alice));
});
afterAll(() => f.close());
beforeEach(() => {
	calls = [];
	routes = {};
	f.clock.advance(3_600_000);
	folderHash = f.seedFolder(f.alice.rootFolderHash, `imports-${Math.random().toString(36).slice(2)}`).hash;
});

const ok = (text: string, contentType = 'text/html'): FetchedSource => ({
	status: 200,
	body: Buffer.from(text),
	contentType,
});

async function importFile(args: Record<string, unknown>): Promise<any> {
	return alice.tool('svc_import_file', { folder_hash: folderHash, file_name: 'imported.pdf', ...args });
}
const code = (result: { isError: boolean; structuredContent: { error?: { code: string } } }) =>
	result.isError ? result.structuredContent.error?.code : 'ok';

describe('svc_import_file', () => {
	it('imports from a public HTTPS source_url, connecting to the validated address', async () => {
		routes['https://files.example.com/report.pdf'] = ok('%PDF-1.7 report', 'text/html');
		const result = await importFile({ source_url: 'https://files.example.com/report.pdf' });
		expect(result.structuredContent).toMatchObject({
			status: 'created',
			item: { name: 'imported.pdf', size: 15, mime_type: 'application/pdf', parent_folder_hash: folderHash },
		});
		expect(f.storage.getFile(result.structuredContent.item.hash)?.content.toString()).toBe('%PDF-1.7 report');
		expect(calls).toHaveLength(1);
		expect(calls[0]).toMatchObject({
			url: 'https://files.example.com/report.pdf',
			address: '93.184.216.34',
			maxBytes: 100 * 1024 * 1024,
		});
	});

	it('imports a file object, ignoring its MIME metadata and file_name', async () => {
		routes['https://cdn.example.net/blob/123'] = ok('col1,col2');
		const result = await importFile({
			file_name: 'table.csv',
			file: {
				download_url: 'https://cdn.example.net/blob/123',
				file_id: 'file-abc',
				mime_type: 'application/x-msdownload',
				file_name: 'evil.exe',
			},
		});
		expect(result.structuredContent.item).toMatchObject({ name: 'table.csv', mime_type: 'text/csv' });
	});

	it('needs exactly one of source_url and file, and file needs download_url and file_id', async () => {
		routes['https://files.example.com/a'] = ok('a');
		expect(code(await importFile({}))).toBe('invalid_argument');
		expect(
			code(
				await importFile({
					source_url: 'https://files.example.com/a',
					file: { download_url: 'https://files.example.com/a', file_id: 'x' },
				}),
			),
		).toBe('invalid_argument');
		expect(code(await importFile({ file: { download_url: 'https://files.example.com/a' } }))).toBe('invalid_argument');
		expect(code(await importFile({ file: { file_id: 'x' } }))).toBe('invalid_argument');
		expect(calls).toHaveLength(0);
	});

	it.each([
		['plain http', 'http://files.example.com/a'],
		['another port', 'https://files.example.com:8443/a'],
		['credentials', 'https://user:pass@files.example.com/a'],
		['a user name only', 'https://user@files.example.com/a'],
		['a fragment', 'https://files.example.com/a#part'],
		['an empty fragment', 'https://files.example.com/a#'],
		['an IPv6 literal', 'https://[2606:4700::1111]/a'],
		['a private IPv4 literal', 'https://192.168.1.10/a'],
		['loopback', 'https://127.0.0.1/a'],
		['a decimal loopback', 'https://2130706433/a'],
		['a host resolving to a private address', 'https://internal.example.com/a'],
		['a host resolving to link-local metadata', 'https://metadata.example.com/latest'],
		['a host with one private address among public ones', 'https://mixed.example.com/a'],
		['an IPv6-only host', 'https://v6only.example.com/a'],
		['file://', 'file:///etc/passwd'],
		['a sandbox path', '/mnt/data/report.pdf'],
		['ftp', 'ftp://files.example.com/a'],
	])('refuses %s with invalid_source and never fetches', async (_label, url) => {
		const result = await importFile({ source_url: url });
		expect(code(result)).toBe('invalid_source');
		expect(calls).toHaveLength(0);
		expect(f.childNames(folderHash)).toEqual([]);
	});

	it('applies the same rules to file.download_url', async () => {
		expect(code(await importFile({ file: { download_url: 'https://internal.example.com/x', file_id: 'f' } }))).toBe(
			'invalid_source',
		);
	});

	it('accepts port 443 spelled out', async () => {
		routes['https://files.example.com/a'] = ok('a');
		expect(code(await importFile({ source_url: 'https://files.example.com:443/a' }))).toBe('ok');
	});

	it('follows up to three redirects, validating each', async () => {
		routes['https://files.example.com/1'] = { status: 302, location: 'https://cdn.example.net/2' };
		routes['https://cdn.example.net/2'] = { status: 301, location: '/3' };
		routes['https://cdn.example.net/3'] = { status: 307, location: 'https://files.example.com/4' };
		routes['https://files.example.com/4'] = ok('final');
		const result = await importFile({ source_url: 'https://files.example.com/1' });
		expect(code(result)).toBe('ok');
		expect(calls.map((c) => [c.url, c.address])).toEqual([
			['https://files.example.com/1', '93.184.216.34'],
			['https://cdn.example.net/2', '151.101.1.1'],
			['https://cdn.example.net/3', '151.101.1.1'],
			['https://files.example.com/4', '93.184.216.34'],
		]);
	});

	it('refuses a fourth redirect', async () => {
		for (let i = 1; i <= 4; i++) routes[`https://files.example.com/r${i}`] = { status: 302, location: `/r${i + 1}` };
		routes['https://files.example.com/r5'] = ok('never');
		expect(code(await importFile({ source_url: 'https://files.example.com/r1' }))).toBe('invalid_source');
		expect(calls).toHaveLength(4);
	});

	it.each([
		['to a private address', 'https://internal.example.com/x'],
		['to plain http', 'http://files.example.com/x'],
		['to a relative path', 'next/file.pdf'],
		['to a dot path', '../file.pdf'],
		['to a network-path reference', '//internal.example.com/x'],
		['to a URL with a fragment', 'https://files.example.com/x#y'],
	])('refuses a redirect %s', async (_label, location) => {
		routes['https://files.example.com/start'] = { status: 302, location };
		routes['https://files.example.com/x'] = ok('x');
		expect(code(await importFile({ source_url: 'https://files.example.com/start' }))).toBe('invalid_source');
		expect(calls).toHaveLength(1);
	});

	it('reports source_unavailable for HTTP errors, DNS failures and fetch errors', async () => {
		expect(code(await importFile({ source_url: 'https://files.example.com/missing' }))).toBe('source_unavailable');
		expect(code(await importFile({ source_url: 'https://nowhere.example.org/x' }))).toBe('source_unavailable');
		routes['https://files.example.com/reset'] = () => Promise.reject(new Error('ECONNRESET'));
		expect(code(await importFile({ source_url: 'https://files.example.com/reset' }))).toBe('source_unavailable');
		routes['https://files.example.com/noloc'] = { status: 302 };
		expect(code(await importFile({ source_url: 'https://files.example.com/noloc' }))).toBe('source_unavailable');
	});

	it('gives up after the (scaled) 60-second deadline with source_unavailable', async () => {
		f.deps.settings.timeScale = 0.002; // 120 ms
		try {
			let aborted = false;
			routes['https://files.example.com/slow'] = () =>
				new Promise((resolve) => {
					const signal = calls[calls.length - 1].signal;
					signal.addEventListener('abort', () => {
						aborted = true;
						resolve(ok('too late'));
					});
				});
			// The deadline asked for, not the time it took: a busy machine may take seconds either way.
			// eslint-disable-next-line @n8n/community-nodes/no-restricted-globals -- a spy in a test, never inside n8n
			const timers = jest.spyOn(globalThis, 'setTimeout');
			let result: Awaited<ReturnType<typeof importFile>>;
			let asked: unknown[];
			try {
				result = await importFile({ source_url: 'https://files.example.com/slow' });
			} finally {
				asked = timers.mock.calls.map(([, ms]) => ms);
				timers.mockRestore();
			}
			expect(code(result)).toBe('source_unavailable');
			expect(result.structuredContent.error.message).toMatch(/deadline/);
			expect(asked).toContain(120);
			expect(aborted).toBe(true);
			expect(f.childNames(folderHash)).toEqual([]);
		} finally {
			f.deps.settings.timeScale = 1;
		}
	});

	it('refuses sources over 100 MiB with file_too_large', async () => {
		routes['https://files.example.com/huge'] = { status: 200, tooLarge: true };
		expect(code(await importFile({ source_url: 'https://files.example.com/huge' }))).toBe('file_too_large');
	});

	it('never overwrites: an existing name gives name_conflict', async () => {
		f.seedFile(folderHash, 'imported.pdf', 'original');
		routes['https://files.example.com/a'] = ok('replacement');
		expect(code(await importFile({ source_url: 'https://files.example.com/a' }))).toBe('name_conflict');
		expect(f.storage.listChildren(folderHash)).toHaveLength(1);
	});

	it('reaches virus_detected through the core storage', async () => {
		routes['https://files.example.com/eicar'] = ok(
			'X5O!P%@AP[4\\PZX54(P^)7CC)7}$EICAR-STANDARD-ANTIVIRUS-TEST-FILE!$H+H*',
		);
		expect(code(await importFile({ source_url: 'https://files.example.com/eicar' }))).toBe('virus_detected');
	});
});
