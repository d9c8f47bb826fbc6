/**
 * Every storage operation the MCP endpoint offers, run through the Svc Storage node with one
 * credential, asserting the output and the state the simulator's store ends in. The parity suite
 * runs it with the REST and the MCP credential; the SDK-peer suite with the MCP credential
 * against each official-SDK server.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { caseOf, routedOperations } from '../../routedOperations';
import type { StoredFolder } from '../../../devkit/simulator/storage/store';
import { byId, jsonOf, toolCalls, type Auth, type ParityEnv } from './env';

export function textInput(name: string, text: string, mimeType = 'text/plain') {
	return [{ json: {}, binary: { data: { data: Buffer.from(text), fileName: name, mimeType } } }];
}

/** Registers the operations' tests in the enclosing block; `record` receives each output item by operation. */
export function storageOperations(
	env: ParityEnv,
	auth: Auth,
	record: (operation: string, json: Record<string, unknown>) => void = () => undefined,
): void {
	const sim = () => env.sim();
	const pro = () => sim().demo.pro;
	let work: StoredFolder;
	const workFolder = (label: string) =>
		sim().storage.createFolder(
			pro().userId,
			pro().rootFolderHash,
			`${label}-${Math.random().toString(36).slice(2, 8)}`,
		);

	beforeAll(() => {
		work = workFolder(`parity-${auth}`);
	});

	/** Runs the operation and records its first output item as `<resource>.<operation>`. */
	const recorded = async (parameters: INodeParameters) => {
		const [json] = jsonOf(await env.storage(auth, parameters));
		record(`${String(parameters.resource)}.${String(parameters.operation)}`, json);
		return json;
	};

	it('Folder → Create makes one PRIVATE folder with the name asked for', async () => {
		const json = await recorded({
			resource: 'folder',
			operation: 'create',
			parentFolder: byId(work.hash),
			folderName: 'Reports 2026',
		});
		const folder = sim().storage.getFolder(json.folder_hash as string)!;
		expect(folder).toMatchObject({ name: 'Reports 2026', parentHash: work.hash, accessType: 'PRIVATE' });
		expect(json).toMatchObject({ folder_name: 'Reports 2026', access_type: 'PRIVATE' });
		expect(
			sim()
				.storage.listChildren(work.hash)
				.filter((item) => item.name === 'Reports 2026'),
		).toHaveLength(1);
	});

	it('Folder → Create without a parent creates in ROOT', async () => {
		const name = `top-${auth}-${Date.now()}`;
		const [json] = jsonOf(await env.storage(auth, { resource: 'folder', operation: 'create', folderName: name }));
		expect(sim().storage.getFolder(json.folder_hash as string)?.parentHash).toBe(pro().rootFolderHash);
	});

	it('File → Upload stores the bytes under the name given', async () => {
		const result = await env.storage(
			auth,
			{
				resource: 'file',
				operation: 'upload',
				folder: byId(work.hash),
				binaryPropertyName: 'data',
				options: { fileName: 'notes.txt' },
			},
			{ input: textInput('ignored.txt', 'hello from parity') },
		);
		const [json] = jsonOf(result);
		record('file.upload', json);
		const file = sim().storage.getFile(json.file_hash as string)!;
		expect(file).toMatchObject({ name: 'notes.txt', folderHash: work.hash, size: 17 });
		expect(file.content.toString()).toBe('hello from parity');
		expect(json).toMatchObject({ file_name: 'notes.txt', folder_hash: work.hash, size: 17 });
	});

	it('Folder → Get Content lists the same entries', async () => {
		const [first, ...rest] = jsonOf(
			await env.storage(auth, {
				resource: 'folder',
				operation: 'getContent',
				folder: byId(work.hash),
				returnAll: true,
			}),
		);
		const entries = [first, ...rest];
		expect(entries.map((entry) => entry.folder_name ?? entry.file_name).sort()).toEqual(['Reports 2026', 'notes.txt']);
		record('folder.getContent.folder', entries.find((entry) => entry.type === 'folder')!);
		record('folder.getContent.file', entries.find((entry) => entry.type === 'file')!);
		const file = entries.find((entry) => entry.type === 'file')!;
		const stored = sim().storage.getFile(file.file_hash as string)!;
		expect(file).toMatchObject({
			folder_hash: work.hash,
			size: stored.size,
			mime_type: stored.mimeType,
			timestamp_uploaded: stored.uploadedAt,
		});
	});

	it('Folder → Get Content with access rights', async () => {
		const entries = jsonOf(
			await env.storage(auth, {
				resource: 'folder',
				operation: 'getContent',
				folder: byId(work.hash),
				returnAll: true,
				options: { accessRights: true, itemType: 'file' },
			}),
		);
		expect(entries).toHaveLength(1);
		record('folder.getContent.rights', entries[0]);
		expect(entries[0].access_rights).toMatchObject({ can_view: true, can_download: true, can_edit: true });
	});

	it('Folder → Get Info', async () => {
		const json = await recorded({ resource: 'folder', operation: 'getInfo', folder: byId(work.hash) });
		expect(json).toMatchObject({
			folder_hash: work.hash,
			folder_name: work.name,
			is_root: false,
			parent_folder_hash: pro().rootFolderHash,
		});
	});

	it('File → Get Info', async () => {
		const file = sim()
			.storage.listChildren(work.hash)
			.find((item) => item.type === 'file')!;
		const json = await recorded({
			resource: 'file',
			operation: 'getInfo',
			file: byId(file.hash),
			options: { accessRights: true },
		});
		expect(json).toMatchObject({ file_hash: file.hash, file_name: 'notes.txt', size: 17, mime_type: 'text/plain' });
	});

	/** Every content shape a download takes: over MCP text, empty and BOM or CRLF text come as text, the rest as a blob. */
	const DOWNLOADS: Array<[string, string, Buffer]> = [
		['text', 'doc.txt', Buffer.from('plain text, inline over MCP\n')],
		['binary', 'pixel.png', Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex')],
		['JSON', 'pointer.json', Buffer.from('{"next":"ACME-T-0042","updated":"2026-11-24"}')],
		['empty', 'empty.txt', Buffer.alloc(0)],
		[
			'UTF-8 with BOM',
			'bom.csv',
			Buffer.concat([Buffer.from('efbbbf', 'hex'), Buffer.from('name;amount\nÄrztin;3\n')]),
		],
		['CRLF', 'lines.txt', Buffer.from('first line\r\nsecond line\r\n')],
	];
	const BINARY_MODES = ['default', 'filesystem'] as const;

	async function expectDownloadGives(name: string, content: Buffer, binaryMode: (typeof BINARY_MODES)[number]) {
		const stored = sim().storage.addFile(pro().userId, workFolder('download').hash, name, content);
		const result = await env.storage(
			auth,
			{ resource: 'file', operation: 'download', file: byId(stored.hash), binaryPropertyName: 'data' },
			{ binaryMode },
		);
		expect(result.error).toBeUndefined();
		const [json] = jsonOf(result);
		record('file.download', json);
		expect(json).toMatchObject({
			file_hash: stored.hash,
			file_name: name,
			mime_type: stored.mimeType,
			size: content.length,
		});
		expect((await result.binaryBuffer(result.items[0], 'data')).equals(content)).toBe(true);
		expect(result.items[0].binary?.data).toMatchObject({ fileName: name, mimeType: stored.mimeType });
	}

	describe.each(BINARY_MODES)('binary mode %s', (binaryMode) => {
		it.each(DOWNLOADS)(
			'File → Download (%s) gives the stored bytes, name and MIME type',
			async (_kind, name, content) => {
				await expectDownloadGives(name, content, binaryMode);
			},
		);
	});

	if (auth === 'mcp') {
		it.each(DOWNLOADS)(
			'File → Download (%s) from a server that sends every file as an embedded resource',
			async (_kind, name, content) => {
				sim().mcp.settings.readFileDelivery = 'resource';
				try {
					await expectDownloadGives(name, content, 'filesystem');
				} finally {
					sim().mcp.settings.readFileDelivery = 'document';
				}
			},
		);
	}

	it('File → Download of a file larger than 25 MB (MCP: from the signed URL, streamed)', async () => {
		const content = Buffer.alloc(26 * 1024 * 1024 + 7, 0x61);
		const stored = sim().storage.addFile(pro().userId, work.hash, 'big.bin', content);
		const result = await env.storage(auth, {
			resource: 'file',
			operation: 'download',
			file: byId(stored.hash),
			binaryPropertyName: 'data',
		});
		const [json] = jsonOf(result);
		expect(json).toMatchObject({ file_name: 'big.bin', size: content.length });
		const bytes = await result.binaryBuffer(result.items[0], 'data');
		expect(bytes.length).toBe(content.length);
		expect(bytes.equals(content)).toBe(true);
	});

	it.each([
		{ title: 'File', rename: { resource: 'file', operation: 'rename', newName: 'final.txt' }, before: 'draft.txt' },
		{ title: 'Folder', rename: { resource: 'folder', operation: 'rename', newName: 'new name' }, before: 'old name' },
	] as const)('$title → Rename', async ({ rename, before }) => {
		const { resource, newName } = rename;
		const hash =
			resource === 'file'
				? sim().storage.addFile(pro().userId, work.hash, before, Buffer.from('draft')).hash
				: sim().storage.createFolder(pro().userId, work.hash, before).hash;
		const json = await recorded({ ...rename, [resource]: byId(hash) });
		expect(json).toMatchObject({ [`${resource}_hash`]: hash, [`${resource}_name`]: newName });
		const renamed = resource === 'file' ? sim().storage.getFile(hash) : sim().storage.getFolder(hash);
		expect(renamed?.name).toBe(newName);
	});

	// Each operation this credential runs whose case (devkit/operationCases.ts) states its document's rule: its run
	// and the rule.
	const checked = routedOperations('SvcStorage')
		.filter((routed) => routed.declared.runsOver.includes(auth) && routed.case?.check)
		.map((routed) => [routed.resource, routed.operation, caseOf(routed)] as const);
	it.each(checked)('%s → %s, as its case states', async (_resource, _operation, declared) => {
		const parameters = declared.parameters(sim());
		const result = await env.storage(
			auth,
			{ resource: declared.resource, operation: declared.operation, ...parameters },
			declared.input ? { input: declared.input() } : {},
		);
		expect(result.error).toBeUndefined();
		const [json] = jsonOf(result);
		record(`${declared.resource}.${declared.operation}`, json);
		expect(declared.check?.(sim(), json as IDataObject, parameters)).toBeUndefined();
	});

	it('Folder → Get Content returns every entry of a folder larger than one MCP page', async () => {
		const big = sim().storage.createFolder(pro().userId, work.hash, 'many');
		for (let n = 0; n < 230; n++) sim().storage.addFile(pro().userId, big.hash, `f${n}.txt`, Buffer.from(String(n)));
		const from = sim().requests.length;
		const entries = jsonOf(
			await env.storage(auth, { resource: 'folder', operation: 'getContent', folder: byId(big.hash), returnAll: true }),
		);
		expect(entries).toHaveLength(230);
		expect(new Set(entries.map((entry) => entry.file_hash)).size).toBe(230);
		// Document 2 defines only limit and offset: pages of 200 and 30, then an empty page ends it.
		if (auth === 'mcp')
			expect(toolCalls(sim(), from)).toEqual(['svc_list_folder', 'svc_list_folder', 'svc_list_folder']);
	});
}
