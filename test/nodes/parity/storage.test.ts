/**
 * Svc Storage with either credential: every operation the MCP endpoint offers runs with the
 * Svc Storage API (REST) and the Svc MCP-Endpoint API credential against the same simulator, with the
 * same output fields and the same effect on the shared store. Then what only MCP has, what it
 * hides, reconciliation over MCP, and refusals that name the deployment setting or OAuth scope.
 */
import type { INodeParameters } from 'n8n-workflow';

import { listSearch } from '../../../devkit/harness';
import { servePublicSources, type PublicSources } from '../../../devkit/publicSources';
import type { FetchedSource } from '../../../devkit/simulator/mcp';
import type { StoredFolder } from '../../../devkit/simulator/storage/store';
import { overBothApis } from '../../routedOperations';
import { storageActions } from '../../../nodes/SvcStorage/actions/router';
import { storageOperations, textInput } from './storageOperations';
import {
	AUTHS,
	byId,
	fieldsOf,
	jsonOf,
	nodeDescription,
	nodeProperties,
	oauthCredential,
	offeredValues,
	OutputFields,
	STORAGE_NODE,
	toolCalls,
	useParityEnv,
} from './env';

const Q1_REPORT = 'https://files.example.com/reports/q1.pdf';
const IMPORT_ROUTES: Record<string, FetchedSource> = {
	[Q1_REPORT]: {
		status: 200,
		body: Buffer.from('%PDF-1.7 imported report'),
		contentType: 'text/html',
	},
};

/** The sources on the public host, for Svc's imports and the node's read of a lost import's source alike. */
let sources: PublicSources | undefined;
beforeAll(async () => {
	sources = await servePublicSources(
		['files.example.com'],
		(url) => IMPORT_ROUTES[url] ?? { status: 404, body: Buffer.from('not found') },
	);
});
afterAll(async () => await sources?.close());

const env = useParityEnv({
	mcpDeps: {
		resolveHost: async (host) => await sources!.resolveHost(host),
		fetchSource: async (request) => await sources!.fetchSource(request),
	},
});

const sim = () => env.sim();
const pro = () => sim().demo.pro;

/** Output fields per operation and credential, compared at the end. */
const fields = new OutputFields();

/** File → Import From URL over MCP into the folder, from the source these parameters name. */
const importInto = async (folderHash: string, source: INodeParameters) =>
	await env.storage('mcp', { resource: 'file', operation: 'importFromUrl', folder: byId(folderHash), ...source });

const namesIn = (folderHash: string) =>
	sim()
		.storage.listChildren(folderHash)
		.map((item) => item.name);

function workFolder(label: string): StoredFolder {
	return sim().storage.createFolder(
		pro().userId,
		pro().rootFolderHash,
		`${label}-${Math.random().toString(36).slice(2, 8)}`,
	);
}

describe.each(AUTHS)('Svc Storage with the %s credential', (auth) => {
	storageOperations(env, auth, (operation, json) => fields.record(operation, auth, json));
});

describe('the same output fields with either credential', () => {
	fields.itIsTheSameForEach(overBothApis('SvcStorage'));
});

describe('Svc Storage over MCP: what differs', () => {
	// Document 2, svc_list_folder: "a page may be short after access filtering; offset addresses
	// the raw sequence, not the visible count".
	async function listWithHidden(count: number, hiddenRange: [number, number]) {
		const folder = workFolder(`short-pages-${count}-${hiddenRange.join('-')}`);
		const files = Array.from({ length: count }, (_, n) =>
			sim().storage.addFile(pro().userId, folder.hash, `s${n}.txt`, Buffer.from('x')),
		);
		const hidden = new Set(files.slice(...hiddenRange).map((file) => file.hash));
		for (const hash of hidden) sim().storage.restrict(hash, pro().userId);
		try {
			const entries = jsonOf(
				await env.storage('mcp', {
					resource: 'folder',
					operation: 'getContent',
					folder: byId(folder.hash),
					returnAll: true,
				}),
			);
			return {
				names: entries.map((entry) => entry.file_name),
				expected: files.filter((file) => !hidden.has(file.hash)).map((file) => file.name),
			};
		} finally {
			for (const hash of hidden) sim().storage.restrict(hash, pro().userId, false);
		}
	}

	it('pages by raw offsets across short pages, skipping and repeating nothing', async () => {
		const { names, expected } = await listWithHidden(460, [20, 190]);
		expect(names).toEqual(expected);
	});

	it("follows a server's next_offset / has_more across an all-hidden page when the server sends them", async () => {
		sim().mcp.settings.listPaging = 'hints';
		try {
			const { names, expected } = await listWithHidden(260, [0, 205]);
			expect(names).toEqual(expected);
		} finally {
			sim().mcp.settings.listPaging = 'document';
		}
	});

	it('a taken name is a name_conflict error (REST numbers the name instead)', async () => {
		const work = workFolder('conflict');
		sim().storage.createFolder(pro().userId, work.hash, 'Taken');
		const mcp = await env.storage('mcp', {
			resource: 'folder',
			operation: 'create',
			parentFolder: byId(work.hash),
			folderName: 'Taken',
		});
		expect(mcp.error?.message).toMatch(/already exists.*name_conflict/);
		expect(mcp.error?.description).toMatch(/never renames/);
		const [rest] = jsonOf(
			await env.storage('rest', {
				resource: 'folder',
				operation: 'create',
				parentFolder: byId(work.hash),
				folderName: 'Taken',
			}),
		);
		expect(rest.folder_name).toBe('Taken (1)');
		expect(sim().storage.listChildren(work.hash)).toHaveLength(2);
	});

	it('an upload over 10 MiB is refused before any request, naming the limit and the REST credential', async () => {
		const work = workFolder('too-big');
		const from = sim().requests.length;
		const result = await env.storage(
			'mcp',
			{ resource: 'file', operation: 'upload', folder: byId(work.hash), binaryPropertyName: 'data' },
			{
				input: [
					{
						json: {},
						binary: {
							data: {
								data: Buffer.alloc(10 * 1024 * 1024 + 1),
								fileName: 'big.bin',
								mimeType: 'application/octet-stream',
							},
						},
					},
				],
			},
		);
		expect(result.error?.message).toMatch(/10 MiB/);
		expect(result.error?.description).toMatch(/Svc Storage API credential/);
		expect(toolCalls(sim(), from)).not.toContain('svc_upload_file');
		expect(sim().storage.listChildren(work.hash)).toHaveLength(0);
	});

	it('renaming to the current name reports unchanged: true', async () => {
		const work = workFolder('unchanged');
		const stored = sim().storage.addFile(pro().userId, work.hash, 'same.txt', Buffer.from('same'));
		const [json] = jsonOf(
			await env.storage('mcp', { resource: 'file', operation: 'rename', file: byId(stored.hash), newName: 'same.txt' }),
		);
		expect(json).toEqual({ file_hash: stored.hash, file_name: 'same.txt', unchanged: true });
	});

	it("a write with the deployment's writes off names SVC_MCP_WRITES_ENABLED", async () => {
		sim().mcp.settings.writesEnabled = false;
		const work = workFolder('writes-off');
		const result = await env.storage('mcp', {
			resource: 'folder',
			operation: 'create',
			parentFolder: byId(work.hash),
			folderName: 'Nope',
		});
		expect(`${result.error?.message} ${result.error?.description}`).toMatch(/SVC_MCP_WRITES_ENABLED/);
		expect(sim().storage.listChildren(work.hash)).toHaveLength(0);
		// Reads stay on.
		expect(
			jsonOf(await env.storage('mcp', { resource: 'folder', operation: 'getInfo', folder: byId(work.hash) }))[0]
				.folder_hash,
		).toBe(work.hash);
	});

	it('an OAuth token without files:write reads but cannot write, and the error names the scope', async () => {
		const token = await oauthCredential(sim(), { login: pro().login, password: pro().password }, ['files:read']);
		const credentials = env.storageCredentials('oauth', token);
		const work = workFolder('oauth');
		const read = await env.storage(
			'mcp',
			{ authentication: 'svcMcpOAuth2Api', resource: 'folder', operation: 'getInfo', folder: byId(work.hash) },
			{ credentials },
		);
		expect(jsonOf(read)[0].folder_hash).toBe(work.hash);
		const write = await env.storage(
			'mcp',
			{
				authentication: 'svcMcpOAuth2Api',
				resource: 'folder',
				operation: 'create',
				parentFolder: byId(work.hash),
				folderName: 'Scoped',
			},
			{ credentials },
		);
		expect(`${write.error?.message} ${write.error?.description}`).toMatch(/files:write/);
		expect(sim().storage.listChildren(work.hash)).toHaveLength(0);
	});

	it('an OAuth token with files:write creates', async () => {
		const token = await oauthCredential(sim(), { login: pro().login, password: pro().password }, [
			'files:read',
			'files:write',
		]);
		const work = workFolder('oauth-write');
		const [json] = jsonOf(
			await env.storage(
				'mcp',
				{
					authentication: 'svcMcpOAuth2Api',
					resource: 'folder',
					operation: 'create',
					parentFolder: byId(work.hash),
					folderName: 'Granted',
				},
				{ credentials: env.storageCredentials('oauth', token) },
			),
		);
		expect(sim().storage.getFolder(json.folder_hash as string)?.name).toBe('Granted');
	});
});

describe('reconciliation over MCP: a lost answer never writes twice', () => {
	it('Folder → Create: the connection drops after svc_create_folder committed → one folder, reconciled', async () => {
		const work = workFolder('reconcile-folder');
		sim().faults.add({
			match: { mcpTool: 'svc_create_folder' },
			fault: { kind: 'dropAfterCommit', storedLaterMs: 2000 },
		});
		const from = sim().requests.length;
		const result = await env.storage('mcp', {
			resource: 'folder',
			operation: 'create',
			parentFolder: byId(work.hash),
			folderName: 'Once',
		});
		const items = jsonOf(result);
		expect(items).toHaveLength(1);
		expect(items[0]).toMatchObject({ folder_name: 'Once', reconciled: true });
		expect(namesIn(work.hash)).toEqual(['Once']);
		expect(toolCalls(sim(), from, 'svc_create_folder')).toHaveLength(1);
		expect(fieldsOf(items[0])).toEqual(fields.of('folder.create', 'mcp'));
	});

	it.each([
		{
			when: 'after svc_upload_file committed → one file, reconciled',
			fault: 'dropAfterCommit' as const,
			file: ['once.txt', 'exactly once'],
			reconciled: true,
			calls: 1,
		},
		{
			when: 'before the write → sent once more, one file',
			fault: 'dropBeforeCommit' as const,
			file: ['again.txt', 'retry'],
			reconciled: undefined,
			calls: 2,
		},
	])('File → Upload: the connection drops $when', async ({ fault, file: [name, text], reconciled, calls }) => {
		const work = workFolder(`upload-${fault}`);
		// Stored a moment after it arrived: a time only the write can show (within the send's second it could be another's).
		sim().faults.add({ match: { mcpTool: 'svc_upload_file' }, fault: { kind: fault, storedLaterMs: 2000 } });
		const from = sim().requests.length;
		const items = jsonOf(
			await env.storage(
				'mcp',
				{ resource: 'file', operation: 'upload', folder: byId(work.hash), binaryPropertyName: 'data' },
				{ input: textInput(name, text) },
			),
		);
		expect(items).toHaveLength(1);
		expect(items[0]).toMatchObject({ file_name: name, size: text.length });
		expect(items[0].reconciled).toBe(reconciled);
		expect(namesIn(work.hash)).toEqual([name]);
		expect(toolCalls(sim(), from, 'svc_upload_file')).toHaveLength(calls);
	});

	it('Import From URL: a 500 after commit → one file, reconciled', async () => {
		const work = workFolder('reconcile-import');
		sim().faults.add({
			match: { mcpTool: 'svc_import_file' },
			fault: { kind: 'status500AfterCommit', storedLaterMs: 2000 },
		});
		const items = jsonOf(await importInto(work.hash, { source: 'url', sourceUrl: Q1_REPORT }));
		expect(items).toHaveLength(1);
		expect(items[0]).toMatchObject({ file_name: 'q1.pdf', reconciled: true });
		expect(sim().storage.listChildren(work.hash)).toHaveLength(1);
	});
});

describe('operations only the MCP endpoint has', () => {
	it('File → Search finds files by name and returns folder-content fields', async () => {
		const work = workFolder('search');
		const unique = `zebrafish${Date.now()}`;
		const stored = sim().storage.addFile(pro().userId, work.hash, `${unique} report.txt`, Buffer.from('x'));
		const items = jsonOf(await env.storage('mcp', { resource: 'file', operation: 'search', query: unique, limit: 10 }));
		expect(items.map((item) => item.file_hash)).toEqual([stored.hash]);
		expect(fieldsOf(items[0])).toEqual(
			expect.arrayContaining(fields.of('folder.getContent.file', 'mcp') ?? ['file_hash']),
		);
	});

	it('File → Import From URL stores the fetched file; status created', async () => {
		const work = workFolder('import');
		const [json] = jsonOf(
			await importInto(work.hash, { source: 'url', sourceUrl: Q1_REPORT, fileName: 'Q1 report.pdf' }),
		);
		expect(json).toMatchObject({ status: 'created', file_name: 'Q1 report.pdf', folder_hash: work.hash, size: 24 });
		expect(
			sim()
				.storage.getFile(json.file_hash as string)
				?.content.toString(),
		).toBe('%PDF-1.7 imported report');
		expect(fieldsOf(json)).toEqual([...(fields.of('file.upload', 'mcp') ?? []), 'status'].sort());
	});

	it('File → Import From URL with a file object', async () => {
		const work = workFolder('import-object');
		const [json] = jsonOf(
			await importInto(work.hash, {
				source: 'fileObject',
				downloadUrl: Q1_REPORT,
				fileId: 'file-abc',
				fileName: 'attached.pdf',
			}),
		);
		expect(json).toMatchObject({ status: 'created', file_name: 'attached.pdf' });
	});

	it('File → Import From URL refuses a non-HTTPS URL before any request', async () => {
		const work = workFolder('import-http');
		const from = sim().requests.length;
		const result = await importInto(work.hash, { source: 'url', sourceUrl: 'http://files.example.com/reports/q1.pdf' });
		expect(result.error?.message).toMatch(/Source URL.*https/);
		expect(toolCalls(sim(), from)).toEqual([]);
	});

	it('Folder → Move moves a folder, then reports unchanged', async () => {
		const work = workFolder('move-folder');
		const folder = sim().storage.createFolder(pro().userId, work.hash, 'mover');
		const target = sim().storage.createFolder(pro().userId, work.hash, 'target');
		const moveFolder = async () =>
			jsonOf(
				await env.storage('mcp', {
					resource: 'folder',
					operation: 'move',
					folder: byId(folder.hash),
					targetFolder: byId(target.hash),
				}),
			)[0];
		const moved = await moveFolder();
		expect(moved).toEqual({
			folder_hash: folder.hash,
			folder_name: 'mover',
			parent_folder_hash: target.hash,
			access_type: 'PRIVATE',
			status: 'updated',
		});
		expect(sim().storage.getFolder(folder.hash)?.parentHash).toBe(target.hash);
		const again = await moveFolder();
		expect(again.status).toBe('unchanged');
	});

	it('with the REST credential they say they need MCP', async () => {
		const result = await env.storage('rest', { resource: 'file', operation: 'search', query: 'x', limit: 5 });
		expect(result.error?.message).toMatch(/needs an MCP credential/);
	});
});

describe('what MCP does not offer says so, and is refused at run time', () => {
	const properties = () => nodeProperties(STORAGE_NODE);

	it('resources and operations are the same whichever credential is chosen (n8n lists each action once)', () => {
		for (const authentication of ['svcStorageApi', 'svcMcpApi', 'svcMcpOAuth2Api']) {
			expect(offeredValues(properties(), 'resource', { authentication })).toEqual([
				'account',
				'encryptionKey',
				'esignature',
				'file',
				'folder',
			]);
			// Every operation the router declares for the resource, whichever credential (an MCP-less one says so).
			for (const resource of ['folder', 'file'])
				expect(offeredValues(properties(), 'operation', { authentication, resource })).toEqual(
					Object.keys(storageActions.resources[resource]).sort(),
				);
		}
	});

	it('an operation only one wire has says which in its description', () => {
		const options = (resource: string) =>
			properties()
				.filter(
					(property) => property.name === 'operation' && property.displayOptions?.show?.resource?.includes(resource),
				)
				.flatMap((property) => property.options ?? []) as Array<{ value: string; description?: string }>;
		const said = (resource: string, value: string) =>
			options(resource).find((option) => option.value === value)?.description;
		expect(said('folder', 'delete')).toMatch(/\(not over MCP\)$/);
		expect(said('file', 'restore')).toMatch(/\(not over MCP\)$/);
		expect(said('folder', 'move')).toMatch(/\(MCP only\)$/);
		expect(said('file', 'search')).toMatch(/\(MCP only\)$/);
		expect(said('file', 'download')).not.toMatch(/MCP/);
	});

	it('upload keys, watermarks and the access type are REST-only; the MCP notice explains why', () => {
		const upload = properties().find(
			(property) => property.name === 'options' && property.displayOptions?.show?.operation?.includes('upload'),
		);
		const restOnly = (upload?.options ?? []).filter(
			(option) => 'displayOptions' in option && option.displayOptions?.show?.['/authentication'],
		);
		expect(restOnly.map((option) => (option as { name: string }).name).sort()).toEqual([
			'folderUploadKey',
			'watermarkColor',
			'watermarkPosition',
			'watermarkText',
		]);
		const accessType = properties().find((property) => property.name === 'accessType');
		expect(accessType?.displayOptions?.show?.authentication).toEqual(['svcStorageApi']);
		const notice = properties().find((property) => property.name === 'mcpNotice');
		expect(notice?.displayName).toMatch(/^Over MCP some operations are not available/);
		expect(notice?.displayOptions?.show?.authentication).toEqual(['svcMcpApi', 'svcMcpOAuth2Api']);
	});

	it('credentials follow the Authentication choice (each hidden for the other choices)', () => {
		expect(nodeDescription(STORAGE_NODE).credentials).toEqual([
			{
				name: 'svcStorageApi',
				required: true,
				displayOptions: { hide: { authentication: ['svcMcpApi', 'svcMcpOAuth2Api'] } },
			},
			{
				name: 'svcMcpApi',
				required: true,
				displayOptions: { hide: { authentication: ['svcStorageApi', 'svcMcpOAuth2Api'] } },
			},
			{
				name: 'svcMcpOAuth2Api',
				required: true,
				displayOptions: { hide: { authentication: ['svcStorageApi', 'svcMcpApi'] } },
			},
		]);
	});

	it('a REST-only operation run over MCP is refused with the reason', async () => {
		const work = workFolder('no-delete');
		const result = await env.storage('mcp', { resource: 'folder', operation: 'delete', folder: byId(work.hash) });
		expect(result.error?.message).toMatch(/not available over Svc's MCP endpoint/);
		expect(result.error?.description).toMatch(/never deletes/);
		expect(sim().storage.getFolder(work.hash)).toBeDefined();
	});
});

describe('pickers with either credential', () => {
	it('the folder and file lists browse the same tree', async () => {
		const lists = await Promise.all(
			AUTHS.map(async (auth) => ({
				folders: await listSearch({
					type: STORAGE_NODE,
					method: 'searchFolders',
					filter: 'Documents',
					credentials: env.storageCredentials(auth),
					parameters: {
						authentication: auth === 'rest' ? 'svcStorageApi' : 'svcMcpApi',
						resource: 'folder',
						operation: 'getInfo',
					},
				}),
				files: await listSearch({
					type: STORAGE_NODE,
					method: 'searchFiles',
					filter: 'contract',
					credentials: env.storageCredentials(auth),
					parameters: {
						authentication: auth === 'rest' ? 'svcStorageApi' : 'svcMcpApi',
						resource: 'file',
						operation: 'getInfo',
					},
				}),
			})),
		);
		expect(lists[0].folders.results).toContainEqual({ name: 'Documents', value: sim().demo.folders.documents.hash });
		expect(lists[0].files.results).toContainEqual({
			name: 'Documents / contract.pdf',
			value: sim().demo.files.contract.hash,
		});
		expect(lists[1]).toEqual(lists[0]);
	});
});
