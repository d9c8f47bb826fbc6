/* eslint-disable @typescript-eslint/no-explicit-any -- this test reads service answers of every shape */
import { validate } from '../mcp/jsonSchema';
import { createMcpFixture } from '../mcp/testing';
import type { McpFixture, McpTestClient } from '../mcp/testing';

let f: McpFixture;
let alice: McpTestClient;
let bob: McpTestClient;

let schemas: Record<string, any>;

beforeAll(async () => {
	f = await createMcpFixture();
	alice = f.client(f.bearer(f.alice));
	bob = f.client(f.bearer(f.bob));
	const listed = await f.client().rpc('tools/list');
	schemas = Object.fromEntries(
		listed.body.result.tools.map((t: { name: string; outputSchema: unknown }) => [t.name, t.outputSchema]),
	);
});
afterAll(() => f.close());

async function call(client: McpTestClient, name: string, args: Record<string, unknown>): Promise<any> {
	const result = await client.tool(name, args);
	if (!result.isError && schemas[name]) expect(validate(schemas[name], result.structuredContent)).toBeUndefined();
	return result;
}

describe('root, folder and file info', () => {
	it('returns the root folder with effective access', async () => {
		const result = await call(alice, 'svc_get_root_folder', {});
		expect(result.structuredContent.folder).toMatchObject({
			type: 'folder',
			hash: f.alice.rootFolderHash,
			is_root: true,
			parent_folder_hash: null,
			access: { can_add: true, can_edit: false },
		});
		expect(JSON.parse(result.content[0].text)).toEqual(result.structuredContent);
	});

	it('shows can_add/can_edit per connection, and hides what the caller cannot see', async () => {
		const shared = f.seedFolder(f.alice.rootFolderHash, 'shared-view');
		const file = f.seedFile(shared.hash, 'plan.txt', 'plan', { mimeType: 'text/plain' });
		const own = await call(alice, 'svc_get_file_info', { file_hash: file.hash });
		expect(own.structuredContent.file).toMatchObject({
			name: 'plan.txt',
			size: 4,
			mime_type: 'text/plain',
			access_type: 'PRIVATE',
			access: { can_add: false, can_edit: true, can_download: true },
		});
		const hidden = await call(bob, 'svc_get_file_info', { file_hash: file.hash });
		expect(hidden.isError).toBe(true);
		expect(hidden.structuredContent.error.code).toBe('not_found');
		f.storage.grant(shared.hash, f.bob.id, 'view');
		const viewer = await call(bob, 'svc_get_folder_info', { folder_hash: shared.hash });
		expect(viewer.structuredContent.folder.access).toEqual({ can_add: false, can_edit: false });
		const viewerFile = await call(bob, 'svc_get_file_info', { file_hash: file.hash });
		expect(viewerFile.structuredContent.file.access).toEqual({ can_add: false, can_edit: false, can_download: true });
		f.storage.grant(shared.hash, f.bob.id, 'edit');
		expect(
			(await call(bob, 'svc_get_folder_info', { folder_hash: shared.hash })).structuredContent.folder.access,
		).toEqual({ can_add: true, can_edit: true });
	});

	it('does not confuse a file hash with a folder hash', async () => {
		const folder = f.seedFolder(f.alice.rootFolderHash, 'confuse');
		const file = f.seedFile(folder.hash, 'x.bin', 'x');
		expect((await call(alice, 'svc_get_folder_info', { folder_hash: file.hash })).structuredContent.error.code).toBe(
			'not_found',
		);
		expect((await call(alice, 'svc_get_file_info', { file_hash: folder.hash })).structuredContent.error.code).toBe(
			'not_found',
		);
	});

	it('validates arguments against the input schema (invalid_argument tool error)', async () => {
		for (const args of [{}, { folder_hash: 5 }, { folder_hash: 'x', extra: 1 }]) {
			const result = await call(alice, 'svc_get_folder_info', args);
			expect(result.isError).toBe(true);
			expect(result.structuredContent.error.code).toBe('invalid_argument');
		}
	});
});

describe('svc_list_folder paging over the raw sequence', () => {
	let folderHash: string;
	const visibleToBob: string[] = [];

	beforeAll(() => {
		const folder = f.seedFolder(f.alice.rootFolderHash, 'team');
		folderHash = folder.hash;
		f.storage.grant(folder.hash, f.bob.id, 'edit');
		for (let i = 0; i < 11; i++) {
			if (i % 4 === 0) f.seedFolder(folder.hash, `sub-${i}`);
			else f.seedFile(folder.hash, `file-${i}.txt`, `n${i}`, { mimeType: 'text/plain' });
		}
		// The raw sequence: the three folders, then the eight files. Raw positions 1, 2, 3 and 7
		// are restricted for bob: page 0..3 comes back short.
		f.storage.listChildren(folder.hash).forEach((item, position) => {
			if ([1, 2, 3, 7].includes(position)) f.storage.restrict(item.hash, f.bob.id);
			else visibleToBob.push(item.name);
		});
	});

	// Document 2, svc_list_folder: "a page may be short after access filtering; offset addresses
	// the raw sequence, not the visible count". Only limit and offset are defined: no paging hints.
	it('returns short pages addressed by raw offsets, with no paging fields beyond limit and offset', async () => {
		const seen: string[] = [];
		const counts: number[] = [];
		for (let offset = 0; ; offset += 4) {
			const result = await call(bob, 'svc_list_folder', { folder_hash: folderHash, limit: 4, offset });
			const page = result.structuredContent;
			expect(page).not.toHaveProperty('has_more');
			expect(page).not.toHaveProperty('next_offset');
			if (page.items.length === 0) break;
			counts.push(page.items.length);
			seen.push(...page.items.map((i: { name: string }) => i.name));
		}
		expect(counts).toEqual([1, 3, 3]);
		expect(seen).toEqual(visibleToBob);
	});

	it('can return an empty page that is not the end', async () => {
		const result = await call(bob, 'svc_list_folder', { folder_hash: folderHash, limit: 3, offset: 1 });
		expect(result.structuredContent.items).toEqual([]);
		const next = await call(bob, 'svc_list_folder', { folder_hash: folderHash, limit: 3, offset: 4 });
		expect(next.structuredContent.items.length).toBeGreaterThan(0);
	});

	it('adds next_offset and has_more with the "hints" paging reading', async () => {
		const hinted = await createMcpFixture({ settings: { listPaging: 'hints' } });
		try {
			const folder = hinted.seedFolder(hinted.alice.rootFolderHash, 'hinted');
			for (let i = 0; i < 5; i++) hinted.seedFile(folder.hash, `f-${i}.txt`, 'x');
			const client = hinted.client(hinted.bearer(hinted.alice));
			const first = (await client.tool('svc_list_folder', { folder_hash: folder.hash, limit: 3 }))
				.structuredContent as Record<string, unknown>;
			expect(first).toMatchObject({ has_more: true, next_offset: 3 });
			const last = (await client.tool('svc_list_folder', { folder_hash: folder.hash, limit: 3, offset: 3 }))
				.structuredContent as Record<string, unknown>;
			expect(last).toMatchObject({ has_more: false, next_offset: null });
		} finally {
			await hinted.close();
		}
	});

	it('gives the owner everything, folders and files with their fields', async () => {
		const result = await call(alice, 'svc_list_folder', { folder_hash: folderHash });
		expect(result.structuredContent.limit).toBe(50);
		expect(result.structuredContent.items).toHaveLength(11);
		expect(result.structuredContent.items[0]).toMatchObject({
			type: 'folder',
			name: 'sub-0',
			parent_folder_hash: folderHash,
		});
		expect(result.structuredContent.items[3]).toMatchObject({
			type: 'file',
			name: 'file-1.txt',
			size: 2,
			mime_type: 'text/plain',
		});
	});

	it('refuses limits outside 1..200', async () => {
		for (const limit of [0, 201]) {
			const result = await call(alice, 'svc_list_folder', { folder_hash: folderHash, limit });
			expect(result.structuredContent.error.code).toBe('invalid_argument');
		}
	});

	it('shows nothing inside an add-only destination', async () => {
		const dropbox = f.seedFolder(f.alice.rootFolderHash, 'dropbox');
		const secret = f.seedFile(dropbox.hash, 'secret.txt', 's');
		f.storage.grant(dropbox.hash, f.bob.id, 'add');
		const info = await call(bob, 'svc_get_folder_info', { folder_hash: dropbox.hash });
		expect(info.structuredContent.folder.access).toEqual({ can_add: true, can_edit: false });
		const listing = await call(bob, 'svc_list_folder', { folder_hash: dropbox.hash });
		expect(listing.structuredContent.items).toEqual([]);
		expect((await call(bob, 'svc_get_file_info', { file_hash: secret.hash })).structuredContent.error.code).toBe(
			'not_found',
		);
	});
});

describe('svc_read_file', () => {
	let folderHash: string;
	beforeAll(() => {
		folderHash = f.seedFolder(f.alice.rootFolderHash, 'reads').hash;
	});

	it('returns text files inline as UTF-8', async () => {
		const file = f.seedFile(folderHash, 'notes.md', '# Piezīmes ✓', { mimeType: 'text/markdown' });
		const result = await alice.tool('svc_read_file', { file_hash: file.hash });
		expect(result.content).toEqual([{ type: 'text', text: '# Piezīmes ✓' }]);
		expect(result.structuredContent).toMatchObject({ delivery: 'text', file: { hash: file.hash } });
	});

	// Document 2, svc_read_file: "text files inline as UTF-8" — the file's text, so a byte order mark and CRLF stay.
	it('returns a text file inline unchanged: its byte order mark and CRLF line ends kept', async () => {
		const bytes = Buffer.concat([Buffer.from('efbbbf', 'hex'), Buffer.from('a;b\r\n1;2\r\n')]);
		const file = f.seedFile(folderHash, 'table.csv', bytes, { mimeType: 'text/csv' });
		const result = await alice.tool('svc_read_file', { file_hash: file.hash });
		expect(Buffer.from(result.content[0].text, 'utf8').equals(bytes)).toBe(true);
	});

	it('returns binary files as a base64 blob resource', async () => {
		const bytes = Buffer.from([0, 1, 2, 250, 255]);
		const file = f.seedFile(folderHash, 'image.png', bytes, { mimeType: 'image/png' });
		const result = await alice.tool('svc_read_file', { file_hash: file.hash });
		expect(result.content[0]).toEqual({
			type: 'resource',
			resource: { uri: `svc-file://${file.hash}`, mimeType: 'image/png', blob: bytes.toString('base64') },
		});
		expect(result.structuredContent.delivery).toBe('blob');
	});

	it('treats text-typed but invalid UTF-8 as binary', async () => {
		const file = f.seedFile(folderHash, 'latin1.txt', Buffer.from([0x66, 0xe9, 0x65]), {
			mimeType: 'text/plain',
		});
		const result = await alice.tool('svc_read_file', { file_hash: file.hash });
		expect(result.content[0].type).toBe('resource');
	});

	it('returns metadata and a URL above max_bytes and above 25 MB', async () => {
		const small = f.seedFile(folderHash, 'ten.txt', '0123456789', { mimeType: 'text/plain' });
		const limited = await alice.tool('svc_read_file', { file_hash: small.hash, max_bytes: 5 });
		expect(limited.structuredContent).toMatchObject({ delivery: 'url', file: { hash: small.hash, size: 10 } });
		expect(limited.structuredContent.download_url).toMatch(
			new RegExp(`^${f.server.baseUrl}/mcp-download/${small.hash}\\?expires=\\d+&sig=[0-9a-f]{64}$`),
		);
		const huge = f.seedFile(folderHash, 'huge.bin', Buffer.alloc(26_214_401));
		const capped = await alice.tool('svc_read_file', { file_hash: huge.hash, max_bytes: 100_000_000 });
		expect(capped.structuredContent.delivery).toBe('url');
		const exact = f.seedFile(folderHash, 'exact.bin', Buffer.alloc(16, 1));
		expect(
			(await alice.tool('svc_read_file', { file_hash: exact.hash, max_bytes: 16 })).structuredContent.delivery,
		).toBe('blob');
	});

	it('needs download rights', async () => {
		const preview = f.seedFolder(f.alice.rootFolderHash, 'preview-only');
		const file = f.seedFile(preview.hash, 'contract.pdf', '%PDF', { mimeType: 'application/pdf' });
		f.storage.grant(preview.hash, f.bob.id, 'preview');
		expect(
			(await bob.tool('svc_get_file_info', { file_hash: file.hash })).structuredContent.file.access.can_download,
		).toBe(false);
		const result = await bob.tool('svc_read_file', { file_hash: file.hash });
		expect(result.isError).toBe(true);
		expect(result.structuredContent.error.code).toBe('permission_denied');
		expect(result.content[0].text).toMatch(/^permission_denied: /);
	});
});

describe('svc_search_files', () => {
	it('matches names and indexed metadata, only among visible items', async () => {
		const folder = f.seedFolder(f.alice.rootFolderHash, 'search-area');
		f.seedFile(folder.hash, 'invoice-2026.pdf', 'x', { mimeType: 'application/pdf' });
		f.seedFile(folder.hash, 'photo.jpg', 'x', {
			mimeType: 'image/jpeg',
			description: 'Receipt for the invoice',
			tags: ['finance'],
		});
		f.seedFile(folder.hash, 'cat.jpg', 'x', { mimeType: 'image/jpeg', tags: ['Invoice-like'] });
		const bobRoot = f.seedFolder(f.bob.rootFolderHash, 'bob-stuff');
		f.seedFile(bobRoot.hash, 'bob-invoice.pdf', 'x');
		const result = await call(alice, 'svc_search_files', { query: 'invoice' });
		expect(result.structuredContent.items.map((i: { name: string }) => i.name).sort()).toEqual([
			'cat.jpg',
			'invoice-2026.pdf',
			'photo.jpg',
		]);
		expect(result.structuredContent.count).toBe(3);
		const limited = await call(alice, 'svc_search_files', { query: 'invoice', limit: 1 });
		expect(limited.structuredContent.items).toHaveLength(1);
		const tags = await call(alice, 'svc_search_files', { query: 'finance' });
		expect(tags.structuredContent.items.map((i: { name: string }) => i.name)).toEqual(['photo.jpg']);
	});
});
