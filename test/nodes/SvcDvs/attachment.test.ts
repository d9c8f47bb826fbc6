import { byId, dvsCalls, jsonOf, runDvs, startDvsNodeEnv, type DvsNodeEnv } from './env';

let env: DvsNodeEnv;
beforeEach(async () => {
	env = await startDvsNodeEnv();
});
afterEach(async () => await env.close());

const fileItem = (content: string, fileName: string) => ({
	json: {},
	binary: { data: { data: Buffer.from(content), fileName, mimeType: 'text/plain' } },
});

async function attachmentNames(taskId: number): Promise<string[]> {
	const a = env.seed.orgA;
	const entries = jsonOf(
		await runDvs(env, a.users.admin, { resource: 'attachment', operation: 'list', task: byId(taskId) }),
	);
	return entries.map((entry) => String(entry.file_name ?? entry.name)).sort();
}

describe('Attachment → Upload and List', () => {
	it('uploads into a new attachment folder and lists it with the DVS credential alone', async () => {
		const a = env.seed.orgA;
		expect(await attachmentNames(a.tasks.design)).toEqual([]);
		const [out] = jsonOf(
			await runDvs(
				env,
				a.users.admin,
				{ resource: 'attachment', operation: 'upload', task: byId(a.tasks.design), binaryPropertyName: 'data' },
				{ input: [fileItem('hello', 'notes.txt')] },
			),
		);
		const task = env.store.documentById(a.tasks.design)!;
		expect(out).toEqual({
			dvs_document_id: a.tasks.design,
			file_hash: expect.any(String),
			upload_hash: task.uploadHash,
		});
		expect(await attachmentNames(a.tasks.design)).toEqual(['notes.txt']);
		expect(task.history.filter((entry) => entry.kind === 'upload')).toHaveLength(1);
	});

	it('lists a seeded attachment folder; a taken name gets a number', async () => {
		const a = env.seed.orgA;
		expect(await attachmentNames(a.attachedTask.taskId)).toEqual(['spec.pdf']);
		jsonOf(
			await runDvs(
				env,
				a.users.admin,
				{
					resource: 'attachment',
					operation: 'upload',
					task: byId(a.attachedTask.taskId),
					binaryPropertyName: 'data',
					options: { fileName: 'spec.pdf' },
				},
				{ input: [fileItem('%PDF-1.4 v2', 'whatever.bin')] },
			),
		);
		expect(await attachmentNames(a.attachedTask.taskId)).toEqual(['spec (1).pdf', 'spec.pdf']);
	});

	it('refuses a missing binary property before any request', async () => {
		const a = env.seed.orgA;
		env.sim.resetRequests();
		const result = await runDvs(
			env,
			a.users.admin,
			{ resource: 'attachment', operation: 'upload', task: byId(a.tasks.design), binaryPropertyName: 'file' },
			{ input: [fileItem('x', 'x.txt')] },
		);
		expect(result.error?.message).toBe('The input item has no binary property "file"');
		expect(dvsCalls(env)).toEqual([]);
	});

	it('reports a file the service could not save (200 success:false) as an error; nothing is attached', async () => {
		const a = env.seed.orgA;
		env.sim.limits.maxFileBytes = 4;
		const result = await runDvs(
			env,
			a.users.admin,
			{ resource: 'attachment', operation: 'upload', task: byId(a.tasks.design), binaryPropertyName: 'data' },
			{ input: [fileItem('too large', 'big.txt')] },
		);
		expect(result.error?.message).toMatch(/^Svc DVS could not save the attachment \(\w+\): /);
		expect(result.error?.description).toBe(
			'The file may be too large, the storage quota used up, or a virus detected. Nothing was attached.',
		);
		expect(env.store.documentById(a.tasks.design)!.history.filter((entry) => entry.kind === 'upload')).toHaveLength(0);
	});

	it('maps 405 for a task of another organization', async () => {
		const a = env.seed.orgA;
		const result = await runDvs(env, a.users.admin, {
			resource: 'attachment',
			operation: 'list',
			task: byId(env.seed.orgB.tasks.inspect),
		});
		expect(result.error?.httpCode).toBe('405');
	});
});
