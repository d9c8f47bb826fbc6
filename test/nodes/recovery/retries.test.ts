/**
 * n8n runs a node again around it (DESIGN: "a write the node already made is found and output, never
 * made twice — across tries and across executions"): Retry On Fail re-runs the whole node with every
 * input item; Retry execution continues the failed execution's data at the failed node. Every write
 * operation of the Svc Storage and Svc DVS nodes, REST and MCP, through the engine.
 */
import { WRITE_OPERATIONS } from '../../reliability/operations';
import { byId, fieldsParameter } from '../SvcDvs/env';
import { landedButUnseen, RETRY_ON_FAIL, sim, useRecoveryEnv } from './env';

const { envWith } = useRecoveryEnv();

const marker = () => `rec-${Math.random().toString(36).slice(2, 10)}`;

describe.each(WRITE_OPERATIONS.map((operation) => [operation.name, operation] as const))('%s', (_name, operation) => {
	it('Retry On Fail: the next try finds the write the try before could not see, and writes nothing again', async () => {
		const prepared = await operation.prepare(envWith(RETRY_ON_FAIL));
		const name = marker();
		landedButUnseen(operation.match);
		const result = await prepared.run(name, {});
		expect(result.error).toBeUndefined();
		expect(prepared.count(name)).toBe(1);
		expect(result.items).toHaveLength(1);
		expect(result.items[0].json).toMatchObject({
			reconciled: true,
			reconciledWhy: 'an earlier try of this node wrote it',
		});
	});

	it('Retry execution after "Outcome uncertain": the retried run finds the write the failed one made', async () => {
		const prepared = await operation.prepare(envWith());
		const name = marker();
		landedButUnseen(operation.match);
		const failed = await prepared.run(name, {});
		expect(failed.error?.message).toMatch(/^Outcome uncertain/);
		sim().faults.clear();
		const retried = await failed.retry();
		expect(retried.error).toBeUndefined();
		expect(prepared.count(name)).toBe(1);
		expect(retried.items[0].json).toMatchObject({
			reconciled: true,
			reconciledWhy: expect.stringMatching(/^execution .+, which this one retries, wrote it$/),
		});
	});
});

describe('Retry On Fail with several items', () => {
	const env = () => envWith(RETRY_ON_FAIL);

	it('only the last item uncertain: the items an earlier try wrote are returned, not written again', async () => {
		const parent = sim().storage.createFolder(sim().demo.pro.userId, sim().demo.pro.rootFolderHash, marker());
		landedButUnseen({ action: 'create_folder' }, 2);
		const start = sim().requests.length;
		const result = await env().storage(
			'rest',
			{ resource: 'folder', operation: 'create', parentFolder: byId(parent.hash), folderName: '={{ $json.name }}' },
			{ input: ['A', 'B', 'C'].map((name) => ({ json: { name } })) },
		);
		expect(result.error).toBeUndefined();
		expect(
			sim()
				.storage.listChildren(parent.hash)
				.map((entry) => entry.name)
				.sort(),
		).toEqual(['A', 'B', 'C']);
		expect(
			sim()
				.requests.slice(start)
				.filter((request) => request.action === 'create_folder'),
		).toHaveLength(3);
		expect(result.items.map((item) => item.json.folder_name)).toEqual(['A', 'B', 'C']);
		expect(result.items.map((item) => item.json.reconciledWhy)).toEqual([
			'an earlier try of this node wrote it',
			'an earlier try of this node wrote it',
			'an earlier try of this node wrote it',
		]);
		expect(result.items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
	});

	it('over MCP: a comment the first try wrote is not mistaken for another, and none is written twice', async () => {
		const a = sim().dvs.seed.orgA;
		const text = marker();
		landedButUnseen({ mcpTool: 'svc_dvs_add_comment' }, 1);
		const result = await env().dvs(
			'mcp',
			{ resource: 'comment', operation: 'add', task: byId(a.tasks.design), comment: `={{ "${text} " + $json.n }}` },
			{ input: [1, 2, 3].map((n) => ({ json: { n } })) },
		);
		expect(result.error).toBeUndefined();
		const comments = sim()
			.dvs.store.comments(a.tasks.design)
			.filter((comment) => comment.storedHtml.includes(text));
		expect(comments).toHaveLength(3);
	});

	it('the same text twice in one run is two writes, each made once', async () => {
		const a = sim().dvs.seed.orgA;
		const text = marker();
		landedButUnseen({ action: 'add_comment' }, 1);
		const result = await env().dvs(
			'rest',
			{ resource: 'comment', operation: 'add', task: byId(a.tasks.design), comment: text },
			{ input: [{ json: {} }, { json: {} }] },
		);
		expect(result.error).toBeUndefined();
		expect(
			sim()
				.dvs.store.comments(a.tasks.design)
				.filter((comment) => comment.storedHtml.includes(text)),
		).toHaveLength(2);
	});
});

describe('Retry execution of a run that stopped at one item', () => {
	it('writes the items that run never reached as a first run would (a name already there gets its number)', async () => {
		const folder = sim().storage.createFolder(sim().demo.pro.userId, sim().demo.pro.rootFolderHash, marker());
		sim().storage.addFile(sim().demo.pro.userId, folder.hash, 'c.txt', Buffer.from('yesterday'));
		landedButUnseen({ action: 'upload_file' }, 1);
		const failed = await envWith().storage(
			'rest',
			{ resource: 'file', operation: 'upload', folder: byId(folder.hash), binaryPropertyName: 'data' },
			{
				input: ['a.txt', 'b.txt', 'c.txt'].map((fileName) => ({
					json: { fileName },
					binary: { data: { data: Buffer.from(`today ${fileName}`), fileName, mimeType: 'text/plain' } },
				})),
			},
		);
		expect(failed.error?.message).toMatch(/^Outcome uncertain/);
		sim().faults.clear();
		const retried = await failed.retry();
		expect(retried.error).toBeUndefined();
		expect(retried.items.map((item) => item.json.file_name)).toEqual(['a.txt', 'b.txt', 'c (1).txt']);
		expect(
			sim()
				.storage.listChildren(folder.hash)
				.map((entry) => entry.name)
				.sort(),
		).toEqual(['a.txt', 'b.txt', 'c (1).txt', 'c.txt']);
	});
});

describe('a retried execution whose run recorded nothing (a queue worker stopped mid-node)', () => {
	const upload = (folderHash: string, fileName: string, options = {}) =>
		envWith({ mode: 'retry' }).storage(
			'rest',
			{ resource: 'file', operation: 'upload', folder: byId(folderHash), binaryPropertyName: 'data', options },
			{ input: [{ json: {}, binary: { data: { data: Buffer.from('report'), fileName, mimeType: 'text/plain' } } }] },
		);

	it('a file of that name already there: "Outcome uncertain" naming it, no second copy', async () => {
		const folder = sim().storage.createFolder(sim().demo.pro.userId, sim().demo.pro.rootFolderHash, marker());
		sim().storage.addFile(sim().demo.pro.userId, folder.hash, 'doc-01.txt', Buffer.from('report'));
		const result = await upload(folder.hash, 'doc-01.txt');
		expect(result.error?.message).toMatch(
			/^Outcome uncertain: could not confirm whether the file "doc-01\.txt" in the folder \S+ was written$/,
		);
		expect(result.error?.description).toMatch(/retries one that stopped without recording its writes/);
		expect(
			sim()
				.storage.listChildren(folder.hash)
				.map((entry) => entry.name),
		).toEqual(['doc-01.txt']);
	});

	it('with If Name Exists set to Use Existing, the file there is output', async () => {
		const folder = sim().storage.createFolder(sim().demo.pro.userId, sim().demo.pro.rootFolderHash, marker());
		const existing = sim().storage.addFile(sim().demo.pro.userId, folder.hash, 'doc-01.txt', Buffer.from('report'));
		const result = await upload(folder.hash, 'doc-01.txt', { ifNameExists: 'useExisting' });
		expect(result.error).toBeUndefined();
		expect(result.items[0].json).toMatchObject({ file_hash: existing.hash, existing: true });
		expect(sim().storage.listChildren(folder.hash)).toHaveLength(1);
	});

	it('a name nothing holds yet is written', async () => {
		const folder = sim().storage.createFolder(sim().demo.pro.userId, sim().demo.pro.rootFolderHash, marker());
		const result = await upload(folder.hash, 'doc-02.txt');
		expect(result.error).toBeUndefined();
		expect(
			sim()
				.storage.listChildren(folder.hash)
				.map((entry) => entry.name),
		).toEqual(['doc-02.txt']);
	});

	it('an update is sent again: repeating it changes nothing', async () => {
		const a = sim().dvs.seed.orgA;
		const name = marker();
		const result = await envWith({ mode: 'retry' }).dvs('rest', {
			resource: 'task',
			operation: 'update',
			documentId: byId(a.tasks.header),
			fields: fieldsParameter({ name }),
		});
		expect(result.error).toBeUndefined();
		expect(sim().dvs.store.documentById(a.tasks.header)?.values.name).toBe(name);
	});
});
