import type { SeedUser } from '../dvs/seed';
import { credsOf, EICAR_SIGNATURE, startDvsTestEnv, type DvsTestEnv, type UploadFile } from '../dvs/testing';

let env: DvsTestEnv;
beforeEach(async () => {
	env = await startDvsTestEnv();
});
afterEach(() => env.close());

const A = () => env.seed.orgA;
const upload = (taskId: unknown, files: UploadFile[], user: SeedUser = env.seed.orgA.users.admin) =>
	env.client.upload(credsOf(user), taskId === undefined ? {} : { dvs_document_id: String(taskId) }, files);
const file = (name: string, content: Buffer | string = 'hello', type = 'text/plain'): UploadFile => ({
	name,
	content,
	type,
});

describe('upload_document_file', () => {
	it('creates the attachment folder on the first upload and answers file_hash and upload_hash', async () => {
		const taskId = A().tasks.design;
		const foldersBefore = env.attachments.foldersCreated;
		const reply = await upload(taskId, [file('notes.txt', 'first')]);
		expect(reply.status).toBe(200);
		expect(Object.keys(reply.json).sort()).toEqual(['file_hash', 'upload_hash']);
		expect(env.attachments.foldersCreated).toBe(foldersBefore + 1);
		const folder = env.attachments.folders.get(reply.json.upload_hash)!;
		expect(folder).toMatchObject({ ownerAccountId: A().users.admin.id, taskId });
		expect(folder.files[0]).toMatchObject({
			fileHash: reply.json.file_hash,
			fileName: 'notes.txt',
			mimeType: 'text/plain',
			uploaderId: A().users.admin.id,
		});
		expect(folder.files[0].content.toString()).toBe('first');
		const doc = await env.client.call('task', 'get_document', credsOf(A().users.admin), { dvs_document_id: taskId });
		expect(doc.json.upload_hash).toBe(reply.json.upload_hash);
	});

	it('reuses the folder and numbers a name that exists', async () => {
		const taskId = A().tasks.design;
		const first = await upload(taskId, [file('a.pdf')]);
		const second = await upload(taskId, [file('a.pdf', 'other')], A().users.worker);
		const third = await upload(taskId, [file('a.pdf', 'third')]);
		expect(second.json.upload_hash).toBe(first.json.upload_hash);
		expect(new Set([first.json.file_hash, second.json.file_hash, third.json.file_hash]).size).toBe(3);
		expect(env.attachments.listNames(first.json.upload_hash)).toEqual(['a.pdf', 'a (1).pdf', 'a (2).pdf']);
		expect(env.attachments.folders.get(first.json.upload_hash)!.files[0].content.toString()).toBe('hello');
		const seeded = await upload(A().attachedTask.taskId, [file('spec.pdf')]);
		expect(seeded.json.upload_hash).toBe(A().attachedTask.uploadHash);
		expect(env.attachments.listNames(A().attachedTask.uploadHash)).toEqual(['spec.pdf', 'spec (1).pdf']);
	});

	it('records the upload in the task history and notifies', async () => {
		const taskId = A().tasks.design;
		const reply = await upload(taskId, [file('h.txt')], A().users.worker);
		const doc = env.store.documentById(taskId)!;
		expect(doc.history.at(-1)).toMatchObject({
			kind: 'upload',
			actorId: A().users.worker.id,
			fileName: 'h.txt',
			fileHash: reply.json.file_hash,
		});
		expect(env.store.notifications.at(-1)).toMatchObject({
			kind: 'upload',
			documentId: taskId,
			actorId: A().users.worker.id,
			fileHash: reply.json.file_hash,
			userIds: [A().users.admin.id],
			contactIds: [A().contacts.carol],
		});
	});

	it('refuses no file, an empty file, two files and a misnamed file field with 400', async () => {
		const taskId = A().tasks.design;
		const cases: UploadFile[][] = [
			[],
			[file('empty.txt', '')],
			[file('a.txt'), file('b.txt')],
			[{ ...file('a.txt'), field: 'upload' }],
			[file('', 'x')],
		];
		for (const files of cases) {
			const reply = await upload(taskId, files);
			expect(reply.status).toBe(400);
			expect(reply.text).toBe('');
		}
		expect(env.store.documentById(taskId)!.uploadHash).toBeUndefined();
	});

	it('refuses a missing or malformed dvs_document_id with 400, unknown and foreign tasks with 405', async () => {
		expect((await upload(undefined, [file('a.txt')])).status).toBe(400);
		expect((await upload('abc', [file('a.txt')])).status).toBe(400);
		expect((await upload('0', [file('a.txt')])).status).toBe(400);
		expect((await upload(987654, [file('a.txt')])).status).toBe(405);
		expect((await upload(env.seed.orgB.tasks.inspect, [file('a.txt')])).status).toBe(405);
		expect((await upload(A().projects.website, [file('a.txt')])).status).toBe(405);
		expect(env.attachments.foldersCreated).toBe(1);
	});

	it('authenticates from the form fields only', async () => {
		const { admin } = A().users;
		const noCreds = await env.client.upload(undefined, { dvs_document_id: String(A().tasks.design) }, [file('a.txt')]);
		expect(noCreds.status).toBe(401);
		const query = `?user=${admin.login}&user_access_token=${admin.token}`;
		const inQuery = await env.client.upload(
			undefined,
			{ dvs_document_id: String(A().tasks.design) },
			[file('a.txt')],
			`/api_dvs/task/upload_document_file${query}`,
		);
		expect(inQuery.status).toBe(401);
		expect((await upload(A().tasks.design, [file('a.txt')], A().users.taskOnly)).status).toBe(405);
		expect(env.store.documentById(A().tasks.design)!.history).toHaveLength(1);
	});

	it('answers a JSON body without a file with 400', async () => {
		const reply = await env.client.call('task', 'upload_document_file', credsOf(A().users.admin), {
			dvs_document_id: A().tasks.design,
		});
		expect(reply.status).toBe(400);
	});

	describe('save failures answer 200 success:false without file_hash', () => {
		const expectFailure = async (reply: { status: number; json: Record<string, unknown> }, code: string) => {
			expect(reply.status).toBe(200);
			expect(reply.json).toEqual({ success: false, error_code: code, error_message: expect.any(String) });
			expect(reply.json).not.toHaveProperty('file_hash');
		};

		it('file too large', async () => {
			env.attachments.maxFileBytes = 10;
			await expectFailure(await upload(A().tasks.design, [file('big.bin', Buffer.alloc(11))]), 'file_too_large');
			expect((await upload(A().tasks.design, [file('ok.bin', Buffer.alloc(10))])).status).toBe(200);
		});

		it('quota exceeded', async () => {
			env.attachments.quotaBytes = env.attachments.usedBytes() + 3;
			await expectFailure(await upload(A().tasks.design, [file('q.txt', 'four')]), 'quota_exceeded');
		});

		it('virus detected', async () => {
			const eicar = `X5O!P%@AP[4\\PZX54(P^)7CC)7}$${EICAR_SIGNATURE}!$H+H*`;
			await expectFailure(await upload(A().tasks.design, [file('eicar.com', eicar)]), 'virus_detected');
		});

		afterEach(() => {
			const doc = env.store.documentById(A().tasks.design)!;
			const uploads = doc.history.filter((h) => h.kind === 'upload');
			const names = doc.uploadHash ? env.attachments.listNames(doc.uploadHash) : [];
			expect(uploads.map((h) => h.fileName)).toEqual(names);
			expect(env.store.notifications.filter((n) => n.kind === 'upload')).toHaveLength(names.length);
		});
	});

	it('leaves upload_hash null when the folder exists but the only upload failed', async () => {
		env.attachments.maxFileBytes = 1;
		await upload(A().tasks.design, [file('big.txt', 'xx')]);
		expect(env.store.documentById(A().tasks.design)!.uploadHash).toBeDefined();
		const doc = await env.client.call('task', 'get_document', credsOf(A().users.admin), {
			dvs_document_id: A().tasks.design,
		});
		expect(doc.json.upload_hash).toBeNull();
	});

	it('streams a larger binary file intact', async () => {
		const content = Buffer.alloc(3 * 1024 * 1024);
		for (let i = 0; i < content.length; i++) content[i] = (i * 7) & 0xff;
		const reply = await upload(A().tasks.design, [file('blob.bin', content, 'application/octet-stream')]);
		expect(reply.status).toBe(200);
		expect(env.attachments.folders.get(reply.json.upload_hash)!.files[0].content.equals(content)).toBe(true);
	});
});
