/**
 * Every DVS operation the MCP endpoint's DVS tools offer (tasks, projects, comments,
 * attachments, users), run through the Svc DVS node with one credential, asserting the output
 * and the store's state. The parity suite runs it with the REST and the MCP credential; the
 * SDK-peer suite with the MCP credential against each official-SDK server.
 */
import type { INodeParameters } from 'n8n-workflow';

import { byId, jsonOf, type Auth, type ParityEnv } from './env';

export function fieldsParameter(value: Record<string, unknown>): INodeParameters {
	return { mappingMode: 'defineBelow', value, matchingColumns: [], schema: [] } as unknown as INodeParameters;
}

export interface DvsRecorders {
	/** Receives one output item per operation (its fields are compared across credentials). */
	record(operation: string, json: Record<string, unknown>): void;
	/** Receives the items an operation read (their values are compared across credentials). */
	recordRead(operation: string, items: Array<Record<string, unknown>>): void;
}

const IGNORE: DvsRecorders = { record: () => undefined, recordRead: () => undefined };

/** Registers the operations' tests in the enclosing block. */
export function dvsOperations(env: ParityEnv, auth: Auth, { record, recordRead }: DvsRecorders = IGNORE): void {
	const sim = () => env.sim();
	const orgA = () => sim().dvs.seed.orgA;
	const store = () => sim().dvs.store;

	let taskId: number;

	it('Task → Create', async () => {
		const a = orgA();
		const [json] = jsonOf(
			await env.dvs(auth, {
				resource: 'task',
				operation: 'create',
				project: byId(a.projects.website),
				fields: fieldsParameter({
					name: `Parity task ${auth}`,
					dropdown_status: a.options.taskStatus['In progress'],
					responsible: String(a.users.worker.id),
					followers: `${a.users.admin.id}, ${a.users.worker.id}`,
					date_due: '2026-06-30',
				}),
			}),
		);
		record('task.create', json);
		taskId = json.dvs_document_id as number;
		const task = store().documentById(taskId)!;
		expect(task.values).toMatchObject({
			dvs_project_id: a.projects.website,
			name: `Parity task ${auth}`,
			dropdown_status: a.options.taskStatus['In progress'],
			responsible: a.users.worker.id,
			followers: [a.users.admin.id, a.users.worker.id],
			date_due: '2026-06-30',
		});
		expect(task.creatorId).toBe(a.users.admin.id);
	});

	it('Task → Update', async () => {
		const [json] = jsonOf(
			await env.dvs(auth, {
				resource: 'task',
				operation: 'update',
				documentId: byId(taskId),
				fields: fieldsParameter({ dropdown_status: orgA().options.taskStatus.Open, date_due: '2026-07-01' }),
			}),
		);
		record('task.update', json);
		expect(json.dvs_document_id).toBe(taskId);
		expect(store().documentById(taskId)?.values).toMatchObject({
			dropdown_status: orgA().options.taskStatus.Open,
			date_due: '2026-07-01',
		});
	});

	it('Task → Get (and simplified)', async () => {
		const [json] = jsonOf(
			await env.dvs(auth, { resource: 'task', operation: 'get', documentId: byId(orgA().tasks.design) }),
		);
		record('task.get', json);
		recordRead('task.get', [json]);
		const [simple] = jsonOf(
			await env.dvs(auth, {
				resource: 'task',
				operation: 'get',
				documentId: byId(orgA().tasks.design),
				simplify: true,
			}),
		);
		record('task.get.simplify', simple);
		recordRead('task.get.simplify', [simple]);
	});

	it('Task → Get Many with a filter', async () => {
		const items = jsonOf(
			await env.dvs(auth, {
				resource: 'task',
				operation: 'getMany',
				returnAll: true,
				order: 'oldest',
				filters: { filter: [{ field: 'dvs_project_id', values: [orgA().projects.tools] }] },
			}),
		);
		expect(items.length).toBeGreaterThan(0);
		record('task.getMany', items[0]);
		recordRead('task.getMany', items);
	});

	it('Task → Get Fields', async () => {
		const [json] = jsonOf(await env.dvs(auth, { resource: 'task', operation: 'getFields' }));
		record('task.getFields', json);
		recordRead('task.getFields.fields', json.fields as Array<Record<string, unknown>>);
		expect(json.actions).toEqual(
			expect.arrayContaining(['get_fields', 'get_documents', 'create_document', 'update_document', 'add_comment']),
		);
	});

	it('Project → Get, Get Many, Get Fields', async () => {
		const [project] = jsonOf(
			await env.dvs(auth, { resource: 'project', operation: 'get', documentId: byId(orgA().projects.website) }),
		);
		record('project.get', project);
		recordRead('project.get', [project]);
		const many = jsonOf(await env.dvs(auth, { resource: 'project', operation: 'getMany', returnAll: true }));
		record('project.getMany', many[0]);
		recordRead('project.getMany', many);
		const [schema] = jsonOf(await env.dvs(auth, { resource: 'project', operation: 'getFields' }));
		record('project.getFields', schema);
		recordRead('project.getFields.fields', schema.fields as Array<Record<string, unknown>>);
	});

	it('Comment → Add and Get Many', async () => {
		const [added] = jsonOf(
			await env.dvs(auth, {
				resource: 'comment',
				operation: 'add',
				task: byId(taskId),
				comment: `Looks good (${auth}) & <done>`,
			}),
		);
		record('comment.add', added);
		expect(store().comments(taskId)).toHaveLength(1);
		const comments = jsonOf(
			await env.dvs(auth, { resource: 'comment', operation: 'getMany', task: byId(taskId), returnAll: true }),
		);
		expect(comments).toHaveLength(1);
		record('comment.getMany', comments[0]);
		const design = jsonOf(
			await env.dvs(auth, {
				resource: 'comment',
				operation: 'getMany',
				task: byId(orgA().tasks.design),
				returnAll: true,
				simplify: true,
			}),
		);
		recordRead('comment.getMany.design', design);
	});

	it('Attachment → Upload and List', async () => {
		const [uploaded] = jsonOf(
			await env.dvs(
				auth,
				{ resource: 'attachment', operation: 'upload', task: byId(taskId), binaryPropertyName: 'data' },
				{
					input: [
						{
							json: {},
							binary: { data: { data: Buffer.from(`spec for ${auth}`), fileName: 'spec.txt', mimeType: 'text/plain' } },
						},
					],
				},
			),
		);
		record('attachment.upload', uploaded);
		const file = sim().storage.getFile(uploaded.file_hash as string)!;
		expect(file.content.toString()).toBe(`spec for ${auth}`);
		expect(file.folderHash).toBe(uploaded.upload_hash);
		const listed = jsonOf(await env.dvs(auth, { resource: 'attachment', operation: 'list', task: byId(taskId) }));
		expect(listed.map((entry) => entry.file_name)).toEqual(['spec.txt']);
		record('attachment.list', listed[0]);
	});

	it('User → Get Assignable and Search', async () => {
		const assignable = jsonOf(
			await env.dvs(auth, {
				resource: 'user',
				operation: 'getAssignable',
				register: 'task',
				project: byId(orgA().projects.website),
			}),
		);
		record('user.getAssignable', assignable[0]);
		recordRead('user.getAssignable', assignable);
		const found = jsonOf(await env.dvs(auth, { resource: 'user', operation: 'search', pattern: 'an', options: {} }));
		recordRead('user.search', found);
		if (found.length > 0) record('user.search', found[0]);
	});
}
