import { useWarpedTime } from '../../../devkit/harness';
import { addComment, byId, fieldsParameter, jsonOf, runDvs, startDvsNodeEnv, type DvsNodeEnv } from './env';

useWarpedTime(1000, 1000);

let env: DvsNodeEnv;
beforeEach(async () => {
	env = await startDvsNodeEnv();
});
afterEach(async () => await env.close());

const requestsFor = (action: string) => env.sim.requests.filter((entry) => entry.action === action);

/**
 * Each lost answer here is for a write the service stored a moment after it arrived: its `date_created` can only be
 * after the send. (Within the send's second it could as well be another writer's: "Outcome uncertain",
 * test/nodes/recovery/evidence.test.ts.)
 */
const STORED_LATER = { storedLaterMs: 2000 };

describe('a write whose answer is lost after it committed lands exactly once', () => {
	it('create task: found among the newest tasks of the project by name and creator', async () => {
		const a = env.seed.orgA;
		// Same name by another creator, created before: must not be taken for ours.
		const before = env.store.documents(a.orgId, 'task').length;
		env.sim.faults.add({ match: { action: 'create_document' }, fault: { kind: 'dropAfterCommit', ...STORED_LATER } });
		const [out] = jsonOf(
			await runDvs(env, a.users.admin, {
				resource: 'task',
				operation: 'create',
				project: byId(a.projects.website),
				fields: fieldsParameter({ name: 'Implement header' }),
			}),
		);
		const tasks = env.store.documents(a.orgId, 'task');
		expect(tasks).toHaveLength(before + 1);
		const created = tasks.at(-1)!;
		expect(out).toMatchObject({ dvs_document_id: created.id, reconciled: true });
		expect(created.values.name).toBe('Implement header');
		expect(requestsFor('create_document')).toHaveLength(1);
	});

	it('create task: found, but its fields cannot be read to check them (a busy machine): outcome uncertain naming the task, never a plain failure', async () => {
		const a = env.seed.orgA;
		env.sim.faults.add({ match: { action: 'create_document' }, fault: { kind: 'dropAfterCommit', ...STORED_LATER } });
		env.sim.faults.add({
			match: { action: 'get_document' },
			fault: { kind: 'statusBeforeCommit', status: 503 },
			times: 99,
		});
		const result = await runDvs(env, a.users.admin, {
			resource: 'task',
			operation: 'create',
			project: byId(a.projects.website),
			fields: fieldsParameter({ name: 'Busy machine' }),
		});
		const created = env.store.documents(a.orgId, 'task').at(-1)!;
		expect(created.values.name).toBe('Busy machine');
		// Whether it holds what was sent is what tells it from another writer's: unread, it proves nothing either way.
		expect(result.error?.message).toMatch(/^Outcome uncertain: could not confirm whether the task "Busy machine"/);
		expect(result.error?.description).toContain(`document ${created.id} named "Busy machine"`);
		expect(result.error?.description).toContain('whose content could not be read');
		expect(requestsFor('create_document')).toHaveLength(1);
	});

	it('create task: retried once when the write certainly did not land', async () => {
		const a = env.seed.orgA;
		const before = env.store.documents(a.orgId, 'task').length;
		env.sim.faults.add({ match: { action: 'create_document' }, fault: { kind: 'dropBeforeCommit' } });
		const [out] = jsonOf(
			await runDvs(env, a.users.admin, {
				resource: 'task',
				operation: 'create',
				project: byId(a.projects.website),
				fields: fieldsParameter({ name: 'Retry me' }),
			}),
		);
		expect(env.store.documents(a.orgId, 'task')).toHaveLength(before + 1);
		expect(out.reconciled).toBeUndefined();
		expect(requestsFor('create_document')).toHaveLength(2);
	});

	it('create task: a partial write (relation rows lost, then 500) is found and completed, not created again', async () => {
		const a = env.seed.orgA;
		const before = env.store.documents(a.orgId, 'task').length;
		env.sim.faults.add({ match: { action: 'create_document' }, fault: { kind: 'partialWrite', ...STORED_LATER } });
		const [out] = jsonOf(
			await runDvs(env, a.users.admin, {
				resource: 'task',
				operation: 'create',
				project: byId(a.projects.website),
				fields: fieldsParameter({ name: 'Half written', followers: `${a.users.worker.id}` }),
			}),
		);
		const tasks = env.store.documents(a.orgId, 'task');
		expect(tasks).toHaveLength(before + 1);
		expect(out).toMatchObject({ dvs_document_id: tasks.at(-1)!.id, reconciled: true });
		expect(tasks.at(-1)!.values.followers).toEqual([a.users.worker.id]);
		expect(requestsFor('create_document')).toHaveLength(1);
		expect(requestsFor('update_document')).toHaveLength(1);
	});

	// Document 3: "invalid relation ids can fail after part of a write happened and a failure does
	// not guarantee rollback".
	it('create task: a 400 after part of the write written says which task exists and what was not saved, and creates nothing more', async () => {
		const a = env.seed.orgA;
		const before = env.store.documents(a.orgId, 'task').length;
		env.sim.faults.add({
			match: { action: 'create_document' },
			fault: { kind: 'partialWrite', status: 400, ...STORED_LATER },
		});
		const result = await runDvs(env, a.users.admin, {
			resource: 'task',
			operation: 'create',
			project: byId(a.projects.website),
			fields: fieldsParameter({ name: 'Half refused', followers: `${a.users.worker.id}` }),
		});
		const tasks = env.store.documents(a.orgId, 'task');
		expect(tasks).toHaveLength(before + 1);
		const created = tasks.at(-1)!;
		expect(result.error?.message).toBe(
			`Svc DVS refused part of the new document (400), but document ${created.id} was created`,
		);
		expect(result.error?.description).toMatch(
			new RegExp(`not saved: followers.*update document ${created.id} instead of creating it again`),
		);
		expect(requestsFor('create_document')).toHaveLength(1);
		expect(requestsFor('update_document')).toHaveLength(0);
	});

	it('create task: a 400 with nothing written stays the plain refusal', async () => {
		const a = env.seed.orgA;
		const before = env.store.documents(a.orgId, 'task').length;
		env.sim.faults.add({ match: { action: 'create_document' }, fault: { kind: 'statusBeforeCommit', status: 400 } });
		const result = await runDvs(env, a.users.admin, {
			resource: 'task',
			operation: 'create',
			project: byId(a.projects.website),
			fields: fieldsParameter({ name: 'Refused', followers: `${a.users.worker.id}` }),
		});
		expect(result.error?.message).toBe('Svc DVS refused the request to create the document as invalid (400)');
		expect(env.store.documents(a.orgId, 'task')).toHaveLength(before);
	});

	it('update task: a 400 after part of the change written says which fields hold and which do not', async () => {
		const a = env.seed.orgA;
		env.sim.faults.add({
			match: { action: 'update_document' },
			fault: { kind: 'partialWrite', status: 400, ...STORED_LATER },
		});
		const result = await runDvs(env, a.users.admin, {
			resource: 'task',
			operation: 'update',
			documentId: byId(a.tasks.header),
			fields: fieldsParameter({ name: 'Header v3', followers: `${a.users.admin.id}` }),
		});
		expect(result.error?.message).toBe(
			`Svc DVS refused part of the change (400), but document ${a.tasks.header} was changed`,
		);
		expect(result.error?.description).toMatch(/now holds name as sent; not saved: followers/);
		expect(requestsFor('update_document')).toHaveLength(1);
	});

	it('update task: 500 after commit is settled by reading the task back', async () => {
		const a = env.seed.orgA;
		env.sim.faults.add({
			match: { action: 'update_document' },
			fault: { kind: 'status500AfterCommit', ...STORED_LATER },
		});
		const [out] = jsonOf(
			await runDvs(env, a.users.admin, {
				resource: 'task',
				operation: 'update',
				documentId: byId(a.tasks.header),
				fields: fieldsParameter({ dropdown_status: a.options.taskStatus.Done, followers: `${a.users.admin.id}` }),
			}),
		);
		expect(out).toMatchObject({ dvs_document_id: a.tasks.header, reconciled: true });
		const task = env.store.documentById(a.tasks.header)!;
		expect(task.history.filter((entry) => entry.kind === 'update')).toHaveLength(1);
		expect(task.values.followers).toEqual([a.users.admin.id]);
	});

	it('update task: a partial write (array fields lost) is completed by one retry', async () => {
		const a = env.seed.orgA;
		env.sim.faults.add({ match: { action: 'update_document' }, fault: { kind: 'partialWrite', ...STORED_LATER } });
		const [out] = jsonOf(
			await runDvs(env, a.users.admin, {
				resource: 'task',
				operation: 'update',
				documentId: byId(a.tasks.header),
				fields: fieldsParameter({ name: 'Header v2', followers: `${a.users.admin.id}` }),
			}),
		);
		expect(out.reconciled).toBeUndefined();
		expect(env.store.documentById(a.tasks.header)!.values).toMatchObject({
			name: 'Header v2',
			followers: [a.users.admin.id],
		});
		expect(requestsFor('update_document')).toHaveLength(2);
	});

	it('add comment: found among the last comments by author and (escaped) text', async () => {
		const a = env.seed.orgA;
		const before = env.store.comments(a.tasks.design).length;
		env.sim.faults.add({ match: { action: 'add_comment' }, fault: { kind: 'dropAfterCommit', ...STORED_LATER } });
		const [out] = jsonOf(
			await addComment(env, a.users.admin, a.tasks.design, { comment: 'Please review & comment <soon>' }),
		);
		expect(out).toMatchObject({ dvs_document_id: a.tasks.design, reconciled: true });
		expect(env.store.comments(a.tasks.design)).toHaveLength(before + 1);
		expect(requestsFor('add_comment')).toHaveLength(1);
	});

	it('upload attachment: found in the attachment folder under its numbered name', async () => {
		const a = env.seed.orgA;
		const taskId = a.attachedTask.taskId;
		// The task's spec.pdf was attached an hour ago, long before this upload (the node tells them apart by time).
		(env.sim.storage.getFile(a.attachedTask.fileHash) as { uploadedAt: number }).uploadedAt -= 3600;
		env.sim.faults.add({
			match: { action: 'upload_document_file' },
			fault: { kind: 'dropAfterCommit', ...STORED_LATER },
		});
		const [out] = jsonOf(
			await runDvs(
				env,
				a.users.admin,
				{ resource: 'attachment', operation: 'upload', task: byId(taskId), binaryPropertyName: 'data' },
				{
					input: [
						{
							json: {},
							binary: {
								data: { data: Buffer.from('%PDF-1.4 new'), fileName: 'spec.pdf', mimeType: 'application/pdf' },
							},
						},
					],
				},
			),
		);
		expect(out).toMatchObject({
			dvs_document_id: taskId,
			upload_hash: a.attachedTask.uploadHash,
			file_name: 'spec (1).pdf',
			reconciled: true,
		});
		expect(env.store.documentById(taskId)!.history.filter((entry) => entry.kind === 'upload')).toHaveLength(1);
		expect(requestsFor('upload_document_file')).toHaveLength(1);
	});

	it('create contact person: found among the newest contacts by name', async () => {
		const a = env.seed.orgA;
		const before = env.store.documents(a.orgId, 'contact_person').length;
		env.sim.faults.add({
			match: { action: 'create_document' },
			fault: { kind: 'status500AfterCommit', ...STORED_LATER },
		});
		const [out] = jsonOf(
			await runDvs(env, a.users.contacts, {
				resource: 'contactPerson',
				operation: 'create',
				fields: fieldsParameter({ name: 'Gina Gone' }),
			}),
		);
		expect(env.store.documents(a.orgId, 'contact_person')).toHaveLength(before + 1);
		expect(out).toMatchObject({ reconciled: true });
	});

	it('the same task name by someone else is not mistaken for ours', async () => {
		const a = env.seed.orgA;
		const before = env.store.documents(a.orgId, 'task').length;
		// The write never lands; meanwhile another user's task of that name appears.
		env.sim.faults.add({
			match: (req) =>
				req.path === '/api_dvs/task/create_document' &&
				(env.store.insertDocument(a.orgId, 'task', {
					values: { dvs_project_id: a.projects.website, name: 'Twin' },
					creatorId: a.users.worker.id,
				}),
				true),
			fault: { kind: 'dropBeforeCommit' },
		});
		const [out] = jsonOf(
			await runDvs(env, a.users.admin, {
				resource: 'task',
				operation: 'create',
				project: byId(a.projects.website),
				fields: fieldsParameter({ name: 'Twin' }),
			}),
		);
		const twins = env.store.documents(a.orgId, 'task').filter((task) => task.values.name === 'Twin');
		expect(env.store.documents(a.orgId, 'task')).toHaveLength(before + 2);
		expect(twins.map((task) => task.creatorId).sort()).toEqual([a.users.admin.id, a.users.worker.id].sort());
		expect(out.reconciled).toBeUndefined();
	});
});
