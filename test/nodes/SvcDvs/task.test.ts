import type { INodeParameters } from 'n8n-workflow';

import { insertTask, type SeedUser } from '../../../devkit/simulator/dvs';
import { byId, dvsCalls, fieldsParameter, getDocument, jsonOf, runDvs, startDvsNodeEnv, type DvsNodeEnv } from './env';

let env: DvsNodeEnv;
beforeEach(async () => {
	env = await startDvsNodeEnv();
});
afterEach(async () => await env.close());

const tasksOf = (orgId: number) => env.store.documents(orgId, 'task');

/** Task → Create as org A's admin in the project (an ID, or a locator as the editor holds it) with `values`. */
function createTask(project: number | INodeParameters, values: Record<string, unknown>) {
	const locator = typeof project === 'number' ? byId(project) : project;
	const parameters = { resource: 'task', operation: 'create', project: locator, fields: fieldsParameter(values) };
	return runDvs(env, env.seed.orgA.users.admin, parameters);
}

describe('Task → Create', () => {
	it("creates a task from the mapped fields with the organization's ids", async () => {
		const a = env.seed.orgA;
		const before = tasksOf(a.orgId).length;
		const [out] = jsonOf(
			await runDvs(env, a.users.admin, {
				resource: 'task',
				operation: 'create',
				project: byId(a.projects.website),
				fields: fieldsParameter({
					name: '  Ship release  ',
					dropdown_status: a.options.taskStatus['In progress'],
					responsible: String(a.users.worker.id),
					date_due: '2025-06-30',
					estimated_hours: 4,
					customer_reference: 'CR-9',
				}),
				// The task's lists, picked many at once from their own parameters.
				followers: [a.users.admin.id, a.users.worker.id],
				ext_notif_receiver: [a.contacts.carol],
			}),
		);
		expect(tasksOf(a.orgId)).toHaveLength(before + 1);
		const task = env.store.documentById(out.dvs_document_id as number)!;
		// The output is the new task as Get gives it, so the next node maps its fields at once.
		const [got] = jsonOf(
			await runDvs(env, a.users.admin, { resource: 'task', operation: 'get', documentId: byId(task.id) }),
		);
		expect(out).toEqual(got);
		expect(out).toMatchObject({
			dvs_document_id: task.id,
			name: 'Ship release',
			dropdown_status: { id: a.options.taskStatus['In progress'] },
		});
		expect(task.values).toMatchObject({
			dvs_project_id: a.projects.website,
			name: 'Ship release',
			dropdown_status: a.options.taskStatus['In progress'],
			responsible: a.users.worker.id,
			followers: [a.users.admin.id, a.users.worker.id],
			ext_notif_receiver: [a.contacts.carol],
			date_due: '2025-06-30',
			estimated_hours: '4',
			customer_reference: 'CR-9',
		});
		expect(task.creatorId).toBe(a.users.admin.id);
	});

	it('refuses a missing required field before any request, naming it', async () => {
		const a = env.seed.orgA;
		const before = tasksOf(a.orgId).length;
		env.sim.resetRequests();
		const result = await createTask(a.projects.website, { dropdown_status: a.options.taskStatus.Open });
		expect(result.error?.message).toBe('"Name" is required in "Fields"');
		expect(tasksOf(a.orgId)).toHaveLength(before);
		expect(dvsCalls(env)).toEqual(['task/get_fields']);
	});

	it.each([
		['date_due', '01.02.2025', 'The field "Due date" in "Fields" needs a date as YYYY-MM-DD'],
		['date_due', '2025-02-30', 'The field "Due date" in "Fields" needs a date as YYYY-MM-DD'],
		['responsible', 'Walter', 'The field "Responsible" in "Fields" needs an ID (a whole number) from the list'],
		[
			'followers',
			'12, x',
			'The field "Followers" in "Fields" needs IDs (whole numbers): an array such as [12, 15], or IDs separated by commas',
		],
		['estimated_hours', 'four', 'The field "Estimated hours" in "Fields" must be a number'],
	])('refuses %s = %j naming the field, and writes nothing', async (field, value, message) => {
		const a = env.seed.orgA;
		const before = tasksOf(a.orgId).length;
		const result = await createTask(a.projects.website, { name: 'x', [field]: value });
		expect(result.error?.message).toBe(message);
		expect(tasksOf(a.orgId)).toHaveLength(before);
	});

	it('refuses a project that is not an ID', async () => {
		env.sim.resetRequests();
		const result = await createTask({ __rl: true, mode: 'list', value: 'website' }, { name: 'x' });
		expect(result.error?.message).toBe('The parameter "Project" is not an ID: "website"');
		expect(dvsCalls(env)).toEqual([]);
	});

	it('maps 400 (a user not assignable in the project) to a clear error, and nothing is written', async () => {
		const a = env.seed.orgA;
		const before = tasksOf(a.orgId).length;
		const result = await createTask(a.projects.tools, { name: 'x', responsible: a.users.noPerm.id });
		expect(result.error?.httpCode).toBe('400');
		expect(result.error?.message).toBe('Svc DVS refused the request to create the document as invalid (400)');
		expect(result.error?.description).toContain('responsible and followers must be assignable');
		expect(tasksOf(a.orgId)).toHaveLength(before);
	});
});

describe('Task → Create when the task cannot be read after it', () => {
	it('outputs what the write answered with the reason, as a success: the task is not created again', async () => {
		const a = env.seed.orgA;
		const before = tasksOf(a.orgId).length;
		const fault = { kind: 'statusBeforeCommit' as const, status: 403 };
		// Every read of it: the one that would show the run's next creates their pattern, and the output's.
		env.sim.faults.add({ match: { action: 'get_document' }, fault, times: 2 });
		const result = await createTask(a.projects.website, { name: 'Written, not read' });
		expect(result.error).toBeUndefined();
		const [out] = jsonOf(result);
		expect(tasksOf(a.orgId)).toHaveLength(before + 1);
		expect(out).toEqual({
			dvs_document_id: tasksOf(a.orgId).at(-1)!.id,
			document_read_error: expect.stringContaining('403'),
		});
	});
});

describe('Task → Update', () => {
	it.each([
		['no pick leaves the list as it is', [], false],
		['an expression giving [] empties it', '={{ [] }}', true],
	])('followers: %s', async (_case, followers, empties) => {
		const a = env.seed.orgA;
		const task = env.store.documentById(a.tasks.header)!;
		const before = task.values.followers;
		await runDvs(env, a.users.admin, {
			resource: 'task',
			operation: 'update',
			documentId: byId(a.tasks.header),
			fields: fieldsParameter({ customer_reference: 'CR-1' }),
			followers,
		});
		expect((before as number[]).length).toBeGreaterThan(0);
		expect(task.values.followers).toEqual(empties ? [] : before);
		expect(task.values.customer_reference).toBe('CR-1');
	});

	it('changes only the mapped fields; array fields replace the selection', async () => {
		const a = env.seed.orgA;
		const task = env.store.documentById(a.tasks.design)!;
		const untouched = { ...task.values };
		const [out] = jsonOf(
			await runDvs(env, a.users.admin, {
				resource: 'task',
				operation: 'update',
				documentId: byId(a.tasks.design),
				fields: fieldsParameter({ dropdown_status: a.options.taskStatus.Done, name: '' }),
				followers: [a.users.worker.id],
			}),
		);
		expect(out).toMatchObject({ dvs_document_id: a.tasks.design, dropdown_status: { id: a.options.taskStatus.Done } });
		const [got] = jsonOf(
			await runDvs(env, a.users.admin, { resource: 'task', operation: 'get', documentId: byId(a.tasks.design) }),
		);
		expect(out).toEqual(got);
		expect(task.values).toEqual({
			...untouched,
			dropdown_status: a.options.taskStatus.Done,
			followers: [a.users.worker.id],
		});
	});

	it('refuses an update with nothing to change before any request', async () => {
		const a = env.seed.orgA;
		env.sim.resetRequests();
		const result = await runDvs(env, a.users.admin, {
			resource: 'task',
			operation: 'update',
			documentId: byId(a.tasks.design),
			fields: fieldsParameter({ name: '', date_due: null }),
		});
		expect(result.error?.message).toBe('"Fields" has nothing to change');
		expect(dvsCalls(env)).toEqual(['task/get_fields']);
	});

	it('maps 405 for a task of another organization', async () => {
		const a = env.seed.orgA;
		const foreign = env.seed.orgB.tasks.inspect;
		const result = await runDvs(env, a.users.admin, {
			resource: 'task',
			operation: 'update',
			documentId: byId(foreign),
			fields: fieldsParameter({ name: 'hijack' }),
		});
		expect(result.error?.httpCode).toBe('405');
		expect(result.error?.message).toBe(`Svc DVS does not permit this account to update document ${foreign} (405)`);
		expect(env.store.documentById(foreign)!.values.name).toBe('Inspect pillars');
	});
});

describe('Task → Get', () => {
	it('returns the API shape with {id, display_name} references, description and upload_hash', async () => {
		const a = env.seed.orgA;
		const [task] = jsonOf(
			await runDvs(env, a.users.admin, { resource: 'task', operation: 'get', documentId: byId(a.tasks.design) }),
		);
		expect(task).toMatchObject({
			dvs_document_id: a.tasks.design,
			name: 'Design mockups',
			description: '<p>Mockups for <b>all</b> pages</p>',
			dvs_project_id: { id: a.projects.website, display_name: 'Website relaunch' },
			dropdown_status: { id: a.options.taskStatus.Open, display_name: 'Open' },
			followers: [{ id: a.users.admin.id, display_name: 'Anna Admin' }],
			upload_hash: null,
		});
	});

	it('simplifies references into names with the ids beside them', async () => {
		const a = env.seed.orgA;
		const [task] = jsonOf(await getDocument(env, a.users.admin, 'task', a.tasks.design, { simplify: true }));
		expect(task).toMatchObject({
			dvs_project: 'Website relaunch',
			dvs_project_id: a.projects.website,
			dropdown_status: 'Open',
			dropdown_status_id: a.options.taskStatus.Open,
			dropdown_type: 'Feature',
			responsible: 'Walter Worker',
			responsible_id: a.users.worker.id,
			followers: ['Anna Admin'],
			followers_ids: [a.users.admin.id],
			ext_notif_receiver: ['Carol Contact'],
			ext_notif_receiver_ids: [a.contacts.carol],
			creator: 'Anna Admin',
			creator_id: a.users.admin.id,
			date_due: '2024-04-01',
		});
		const [copy] = jsonOf(await getDocument(env, a.users.admin, 'task', a.tasks.copy, { simplify: true }));
		expect(copy).toMatchObject({ dropdown_type: null, dropdown_type_id: null, followers: [], followers_ids: [] });
	});

	it('maps 401 for a wrong token without showing it', async () => {
		const a = env.seed.orgA;
		const user = { ...a.users.admin, token: 'wrong-token-123' };
		const result = await runDvs(env, user, { resource: 'task', operation: 'get', documentId: byId(a.tasks.design) });
		expect(result.error?.httpCode).toBe('401');
		expect(result.error?.message).toBe(
			'Svc DVS did not accept the credentials (401) while trying to read document ' + a.tasks.design,
		);
		expect(JSON.stringify(result.error?.raw)).not.toContain('wrong-token-123');
	});

	it('maps 405 for an account without write permission on projects', async () => {
		const a = env.seed.orgA;
		const result = await getDocument(env, a.users.taskOnly, 'task', a.tasks.design);
		expect(result.error?.httpCode).toBe('405');
		expect(result.error?.description).toContain('write permission on the tasks register');
	});

	it('maps 500 on a read to a temporary failure, and Continue On Fail yields an error item', async () => {
		const a = env.seed.orgA;
		env.sim.faults.add({ match: { action: 'get_document' }, fault: { kind: 'statusBeforeCommit', status: 500 } });
		const result = await runDvs(
			env,
			a.users.admin,
			{ resource: 'task', operation: 'get', documentId: byId(a.tasks.design) },
			{ continueOnFail: true, input: [{ json: {} }, { json: {} }] },
		);
		expect(result.error).toBeUndefined();
		expect(result.items[0].json.error).toBe(`Svc DVS failed while trying to read document ${a.tasks.design} (500)`);
		expect(result.items[0].pairedItem).toEqual({ item: 0 });
		expect(result.items[1].json.name).toBe('Design mockups');
	});
});

describe('Task → Get Many', () => {
	it('filters (several values of one field are OR), orders and limits', async () => {
		const a = env.seed.orgA;
		const status = a.options.taskStatus;
		const params = {
			resource: 'task',
			operation: 'getMany',
			limit: 10,
			filters: {
				filter: [
					{ field: 'dvs_project_id', values: [a.projects.website] },
					{ field: 'dropdown_status', values: [status.Open] },
					{ field: 'dropdown_status', values: [status.Done] },
				],
			},
		};
		const newest = jsonOf(await runDvs(env, a.users.admin, { ...params, order: 'newest' })).map((task) => task.name);
		expect(newest).toEqual(["Olga's checklist", 'Write copy', 'Design mockups']);
		const oldest = jsonOf(await runDvs(env, a.users.admin, { ...params, order: 'oldest', limit: 2 })).map(
			(task) => task.name,
		);
		expect(oldest).toEqual(['Design mockups', 'Write copy']);
	});

	it('refuses a field the register cannot filter on (the service would ignore it)', async () => {
		const a = env.seed.orgA;
		const result = await runDvs(env, a.users.admin, {
			resource: 'task',
			operation: 'getMany',
			filters: { filter: [{ field: 'name', values: 'Design' }] },
		});
		expect(result.error?.message).toBe('"Filters" cannot filter on "name"');
		expect(result.error?.description).toBe('Filterable fields here: dvs_project_id, dropdown_status, responsible.');
	});

	it.each([0, 201, 2.5])('refuses Limit %p before any request', async (limit) => {
		env.sim.resetRequests();
		const result = await runDvs(env, env.seed.orgA.users.admin, { resource: 'task', operation: 'getMany', limit });
		expect(result.error?.message).toBe('The parameter "Limit" must be a whole number from 1 to 200');
		expect(dvsCalls(env)).toEqual([]);
	});

	it('Return All pages by 200 until the offset reaches the total', async () => {
		const a = env.seed.orgA;
		for (let n = 0; n < 445; n++) {
			insertTask(env.store, {
				orgId: a.orgId,
				creatorId: a.users.admin.id,
				values: { dvs_project_id: a.projects.tools, name: `Bulk ${n}` },
			});
		}
		const total = tasksOf(a.orgId).length;
		env.sim.resetRequests();
		const tasks = jsonOf(await runDvs(env, a.users.admin, { resource: 'task', operation: 'getMany', returnAll: true }));
		expect(tasks).toHaveLength(total);
		expect(new Set(tasks.map((task) => task.dvs_document_id)).size).toBe(total);
		const pages = dvsCalls(env).filter((call) => call === 'task/get_documents');
		expect(pages).toHaveLength(Math.ceil(total / 200));
	});
});

describe('Task → Get Fields', () => {
	it('returns the schema, the actions and the actor', async () => {
		const a = env.seed.orgA;
		const [schema] = jsonOf(await runDvs(env, a.users.admin, { resource: 'task', operation: 'getFields' }));
		expect(schema.actor).toEqual({ id: a.users.admin.id, org_id: a.orgId });
		expect(schema.actions).toContain('upload_document_file');
		expect((schema.fields as Array<{ name: string }>).map((field) => field.name)).toContain('customer_reference');
	});
});

describe('nothing organization-specific is hard-coded', () => {
	it('the same workflow parameters run against both organizations, with their own option ids', async () => {
		const params = (projectId: number, statusId: number) => ({
			resource: 'task',
			operation: 'create',
			project: byId(projectId),
			fields: fieldsParameter({ name: 'Same workflow', dropdown_status: statusId }),
		});
		const { orgA: a, orgB: b } = env.seed;
		const [inA] = jsonOf(await runDvs(env, a.users.admin, params(a.projects.website, a.options.taskStatus.Done)));
		const [inB] = jsonOf(await runDvs(env, b.users.admin, params(b.projects.bridge, b.options.taskStatus.Closed)));
		expect(env.store.documentById(inA.dvs_document_id as number)!.values.dropdown_status).toBe(
			a.options.taskStatus.Done,
		);
		expect(env.store.documentById(inB.dvs_document_id as number)!.values.dropdown_status).toBe(
			b.options.taskStatus.Closed,
		);
		expect(a.options.taskStatus.Done).not.toBe(b.options.taskStatus.Closed);

		const simplified = async (user: SeedUser, id: number) =>
			jsonOf(await runDvs(env, user, { resource: 'task', operation: 'get', documentId: byId(id), simplify: true }))[0];
		expect((await simplified(a.users.admin, inA.dvs_document_id as number)).dropdown_status).toBe('Done');
		expect((await simplified(b.users.admin, inB.dvs_document_id as number)).dropdown_status).toBe('Closed');
		// Org B's own extra field is a filter there, and unknown in org A.
		const filterRegion = {
			resource: 'task',
			operation: 'getMany',
			returnAll: true,
			filters: { filter: [{ field: 'dropdown_region', values: [b.customField.options!.North] }] },
		};
		expect(jsonOf(await runDvs(env, b.users.admin, filterRegion)).map((task) => task.name)).toEqual([
			'Inspect pillars',
		]);
		expect((await runDvs(env, a.users.admin, filterRegion)).error?.message).toBe(
			'"Filters" cannot filter on "dropdown_region"',
		);
	});
});
