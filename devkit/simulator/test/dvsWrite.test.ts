import { credsOf, eachTestDvsEnv } from '../dvs/testing';

const env = eachTestDvsEnv();

const A = () => env().seed.orgA;
const B = () => env().seed.orgB;
const create = (section: string, createParams: unknown, org: 'orgA' | 'orgB' = 'orgA') =>
	env().client.call(section, 'create_document', credsOf(env().seed[org].users.admin), { create_params: createParams });
const update = (section: string, id: unknown, updateParams: unknown, org: 'orgA' | 'orgB' = 'orgA') =>
	env().client.call(section, 'update_document', credsOf(env().seed[org].users.admin), {
		dvs_document_id: id,
		update_params: updateParams,
	});
const taskCount = (orgId: number) => env().store.documents(orgId, 'task').length;

describe('create_document (task)', () => {
	it('creates with defaults and generated fields and answers the new id', async () => {
		env().clock.set(Date.UTC(2025, 5, 2, 10, 20, 30, 400));
		const reply = await create('task', { dvs_project_id: A().projects.website, name: 'New task' });
		expect(reply.status).toBe(200);
		expect(Object.keys(reply.json)).toEqual(['dvs_document_id']);
		const doc = env().store.document(A().orgId, 'task', reply.json.dvs_document_id)!;
		expect(doc.values).toMatchObject({
			name: 'New task',
			dropdown_status: A().options.taskStatus.Open,
			dropdown_priority: A().options.taskPriority.Normal,
			dropdown_type: null,
			responsible: null,
			followers: [],
			ext_notif_receiver: [],
			customer_reference: null,
		});
		expect(doc.creatorId).toBe(A().users.admin.id);
		expect(doc.fullNumber).toBe('ACME-T-0006');
		const read = await env().client.call('task', 'get_document', credsOf(A().users.admin), { dvs_document_id: doc.id });
		expect(read.json).toMatchObject({
			date_created: '2025-06-02 10:20:30',
			date_updated: '2025-06-02 10:20:30',
			full_number: 'ACME-T-0006',
		});
		expect(doc.history.map((h) => h.kind)).toEqual(['create']);
	});

	it('uses the organization’s own defaults in organization B', async () => {
		const reply = await create('task', { dvs_project_id: B().projects.bridge, name: 'B task' }, 'orgB');
		const doc = env().store.documentById(reply.json.dvs_document_id)!;
		expect(doc.values.dropdown_status).toBe(B().options.taskStatus.New);
		expect(doc.values.dropdown_region).toBeNull();
		expect(doc.fullNumber).toBe('BETA-T-0004');
	});

	it('stores every field type', async () => {
		const u = A().users;
		const o = A().options;
		const reply = await create('task', {
			dvs_project_id: A().projects.website,
			name: 'Full',
			description: '<p>Hi<script>alert(1)</script></p>',
			dropdown_type: o.taskType.Bug,
			dropdown_priority: o.taskPriority.Low,
			dropdown_status: o.taskStatus.Done,
			responsible: u.own.id,
			followers: [u.worker.id, u.reader.id, u.worker.id],
			ext_notif_receiver: [A().contacts.dan],
			date_due: '2024-02-29',
			estimated_hours: 5,
			spent_hours: '1.25',
			customer_reference: 'CR-9',
			unknown_field: 'ignored',
			full_number: 'HACK-1',
			creator: u.worker.id,
			user: 'not-a-field',
		});
		expect(reply.status).toBe(200);
		const doc = env().store.documentById(reply.json.dvs_document_id)!;
		expect(doc.values).toMatchObject({
			description: '<p>Hi</p>',
			responsible: u.own.id,
			followers: [u.worker.id, u.reader.id],
			ext_notif_receiver: [A().contacts.dan],
			date_due: '2024-02-29',
			estimated_hours: '5',
			spent_hours: '1.25',
			customer_reference: 'CR-9',
		});
		expect(doc.values).not.toHaveProperty('unknown_field');
		expect(doc.fullNumber).not.toBe('HACK-1');
		expect(doc.creatorId).toBe(u.admin.id);
	});

	const invalid: Array<[string, (a: ReturnType<typeof A>, b: ReturnType<typeof B>) => Record<string, unknown>]> = [
		['missing project', () => ({ name: 'x' })],
		['missing name', (a) => ({ dvs_project_id: a.projects.website })],
		['blank name', (a) => ({ dvs_project_id: a.projects.website, name: '   ' })],
		['null name', (a) => ({ dvs_project_id: a.projects.website, name: null })],
		['numeric name', (a) => ({ dvs_project_id: a.projects.website, name: 5 })],
		['project id as string', (a) => ({ dvs_project_id: String(a.projects.website), name: 'x' })],
		['foreign project', (_a, b) => ({ dvs_project_id: b.projects.bridge, name: 'x' })],
		['task id as project', (a) => ({ dvs_project_id: a.tasks.design, name: 'x' })],
		[
			'option of the other organization',
			(a, b) => ({ dvs_project_id: a.projects.website, name: 'x', dropdown_status: b.options.taskStatus.New }),
		],
		[
			'priority id in the status field',
			(a) => ({ dvs_project_id: a.projects.website, name: 'x', dropdown_status: a.options.taskPriority.High }),
		],
		['status as label', (a) => ({ dvs_project_id: a.projects.website, name: 'x', dropdown_status: 'Open' })],
		[
			'responsible without permission',
			(a) => ({ dvs_project_id: a.projects.website, name: 'x', responsible: a.users.noPerm.id }),
		],
		[
			'own-records user outside the project',
			(a) => ({ dvs_project_id: a.projects.tools, name: 'x', responsible: a.users.own.id }),
		],
		[
			'inactive responsible',
			(a) => ({ dvs_project_id: a.projects.website, name: 'x', responsible: a.users.inactive.id }),
		],
		[
			'responsible of the other organization',
			(a, b) => ({ dvs_project_id: a.projects.website, name: 'x', responsible: b.users.admin.id }),
		],
		[
			'follower not from get_users',
			(a) => ({ dvs_project_id: a.projects.website, name: 'x', followers: [a.users.worker.id, a.users.contacts.id] }),
		],
		[
			'followers not an array',
			(a) => ({ dvs_project_id: a.projects.website, name: 'x', followers: a.users.worker.id }),
		],
		[
			'client id as contact',
			(a) => ({ dvs_project_id: a.projects.website, name: 'x', ext_notif_receiver: [a.clients.globex] }),
		],
		[
			'user id as contact',
			(a) => ({ dvs_project_id: a.projects.website, name: 'x', ext_notif_receiver: [a.users.worker.id] }),
		],
		[
			'foreign contact',
			(a, b) => ({ dvs_project_id: a.projects.website, name: 'x', ext_notif_receiver: [b.contacts.eve] }),
		],
		['impossible date', (a) => ({ dvs_project_id: a.projects.website, name: 'x', date_due: '2023-02-29' })],
		['date with time', (a) => ({ dvs_project_id: a.projects.website, name: 'x', date_due: '2024-03-01 10:00:00' })],
		['non-numeric hours', (a) => ({ dvs_project_id: a.projects.website, name: 'x', estimated_hours: 'eight' })],
		['html not a string', (a) => ({ dvs_project_id: a.projects.website, name: 'x', description: { html: 1 } })],
		[
			'custom field of the other organization type',
			(a) => ({ dvs_project_id: a.projects.website, name: 'x', customer_reference: 12 }),
		],
	];
	it.each(invalid)('refuses %s with 400 and writes nothing', async (_label, params) => {
		const before = taskCount(A().orgId);
		const notifications = env().store.notifications.length;
		const reply = await create('task', params(A(), B()));
		expect(reply.status).toBe(400);
		expect(reply.text).toBe('');
		expect(taskCount(A().orgId)).toBe(before);
		expect(env().store.notifications).toHaveLength(notifications);
	});

	it('refuses a missing or non-object create_params', async () => {
		for (const createParams of [undefined, null, 'name=x', [1]])
			expect((await create('task', createParams)).status).toBe(400);
	});

	it('validates organization B’s custom dropdown', async () => {
		const region = B().customField.options!;
		const ok = await create(
			'task',
			{ dvs_project_id: B().projects.bridge, name: 'y', dropdown_region: region.South },
			'orgB',
		);
		expect(ok.status).toBe(200);
		expect(env().store.documentById(ok.json.dvs_document_id)!.values.dropdown_region).toBe(region.South);
		expect(
			(await create('task', { dvs_project_id: B().projects.bridge, name: 'y', dropdown_region: 12345 }, 'orgB')).status,
		).toBe(400);
	});

	it('notifies responsible, followers and contacts, never the actor', async () => {
		const u = A().users;
		const reply = await create('task', {
			dvs_project_id: A().projects.website,
			name: 'Notify',
			responsible: u.worker.id,
			followers: [u.admin.id, u.reader.id],
			ext_notif_receiver: [A().contacts.carol],
		});
		const last = env().store.notifications.at(-1)!;
		expect(last).toMatchObject({
			kind: 'create',
			section: 'task',
			documentId: reply.json.dvs_document_id,
			actorId: u.admin.id,
			contactIds: [A().contacts.carol],
		});
		expect([...last.userIds].sort()).toEqual([u.worker.id, u.reader.id].sort());
	});
});

describe('create_document (contact_person)', () => {
	it('creates a contact with a company and groups', async () => {
		const reply = await env().client.call('contact_person', 'create_document', credsOf(A().users.contacts), {
			create_params: {
				name: 'Fay Fresh',
				email: 'fay@initech.example',
				company: A().clients.initech,
				multi_dropdown_group: [A().options.contactGroup.Partners],
			},
		});
		expect(reply.status).toBe(200);
		const read = await env().client.call('contact_person', 'get_document', credsOf(A().users.contacts), {
			dvs_document_id: reply.json.dvs_document_id,
		});
		expect(read.json).toMatchObject({
			name: 'Fay Fresh',
			email: 'fay@initech.example',
			company: { id: A().clients.initech, display_name: 'Initech' },
			multi_dropdown_group: [{ id: A().options.contactGroup.Partners, display_name: 'Partners' }],
			full_number: 'ACME-C-0004',
		});
		expect(env().store.notifications.at(-1)).toMatchObject({
			kind: 'create',
			section: 'contact_person',
			documentId: reply.json.dvs_document_id,
		});
	});

	it('refuses a missing name, a contact as company and a foreign group', async () => {
		const before = env().store.documents(A().orgId, 'contact_person').length;
		for (const params of [
			{ email: 'x@y.example' },
			{ name: 'X', company: A().contacts.carol },
			{ name: 'X', company: B().clients.umbrella },
			{ name: 'X', multi_dropdown_group: [B().options.contactGroup.Authorities] },
		]) {
			expect((await create('contact_person', params)).status).toBe(400);
		}
		expect(env().store.documents(A().orgId, 'contact_person')).toHaveLength(before);
	});
});

describe('update_document', () => {
	it('changes only supplied fields and replaces arrays', async () => {
		const id = A().tasks.design;
		const before = structuredClone(env().store.documentById(id)!.values);
		env().clock.set(Date.UTC(2025, 0, 2, 3, 4, 5));
		const reply = await update('task', id, {
			dropdown_status: A().options.taskStatus.Done,
			followers: [A().users.reader.id],
			unknown: 1,
		});
		expect(reply.status).toBe(200);
		expect(reply.json).toEqual({ dvs_document_id: id });
		const doc = env().store.documentById(id)!;
		expect(doc.values).toEqual({
			...before,
			dropdown_status: A().options.taskStatus.Done,
			followers: [A().users.reader.id],
		});
		expect(doc.updatedAt).toBe(Date.UTC(2025, 0, 2, 3, 4, 5));
		expect(doc.createdAt).toBe(Date.UTC(2024, 2, 1, 8, 10, 0));
		expect(doc.history.at(-1)).toMatchObject({ kind: 'update', fields: ['dropdown_status', 'followers'] });
		expect(env().store.notifications.at(-1)).toMatchObject({ kind: 'update', documentId: id });
	});

	it('clears fields with null and empty arrays', async () => {
		const id = A().tasks.design;
		expect(
			(await update('task', id, { responsible: null, followers: [], date_due: null, ext_notif_receiver: null })).status,
		).toBe(200);
		expect(env().store.documentById(id)!.values).toMatchObject({
			responsible: null,
			followers: [],
			date_due: null,
			ext_notif_receiver: [],
		});
	});

	it('refuses a project change but accepts the same project', async () => {
		const id = A().tasks.design;
		expect((await update('task', id, { dvs_project_id: A().projects.tools })).status).toBe(400);
		expect(env().store.documentById(id)!.values.dvs_project_id).toBe(A().projects.website);
		expect((await update('task', id, { dvs_project_id: A().projects.website, name: 'Renamed' })).status).toBe(200);
		expect(env().store.documentById(id)!.values.name).toBe('Renamed');
	});

	it('validates like create, against the task’s project', async () => {
		const id = A().tasks.tooling;
		const before = structuredClone(env().store.documentById(id)!.values);
		for (const params of [
			{ name: '' },
			{ responsible: A().users.own.id },
			{ followers: [B().users.worker.id] },
			{ dropdown_status: B().options.taskStatus.Closed },
			{ date_due: '01.02.2024' },
			{ name: 'ok', ext_notif_receiver: [12345] },
		]) {
			const reply = await update('task', id, params);
			expect(reply.status).toBe(400);
			expect(reply.text).toBe('');
		}
		expect(env().store.documentById(id)!.values).toEqual(before);
		expect((await update('task', A().tasks.design, { responsible: A().users.own.id })).status).toBe(200);
	});

	it('answers 405 for unknown or foreign documents and 400 for bad parameters', async () => {
		expect((await update('task', 987654, { name: 'x' })).status).toBe(405);
		expect((await update('task', B().tasks.inspect, { name: 'x' })).status).toBe(405);
		expect((await update('task', A().contacts.carol, { name: 'x' })).status).toBe(405);
		expect((await update('task', 'abc', { name: 'x' })).status).toBe(400);
		expect((await update('task', A().tasks.design, undefined)).status).toBe(400);
		expect((await update('task', A().tasks.design, 'name=x')).status).toBe(400);
		expect(env().store.documentById(B().tasks.inspect)!.values.name).toBe('Inspect pillars');
	});

	it('treats an update without known fields as a no-op', async () => {
		const id = A().tasks.design;
		const notifications = env().store.notifications.length;
		const before = env().store.documentById(id)!.updatedAt;
		const reply = await update('task', id, { nonsense: 1 });
		expect(reply.status).toBe(200);
		expect(env().store.documentById(id)!.updatedAt).toBe(before);
		expect(env().store.notifications).toHaveLength(notifications);
	});

	it('updates contacts', async () => {
		const id = A().contacts.erin;
		const reply = await update('contact_person', id, { company: A().clients.globex, phone: '+49 1' });
		expect(reply.status).toBe(200);
		expect(env().store.documentById(id)!.values).toMatchObject({
			name: 'Erin Solo',
			company: A().clients.globex,
			phone: '+49 1',
		});
		expect((await update('contact_person', id, { name: '  ' })).status).toBe(400);
		expect((await update('contact_person', A().tasks.design, { name: 'x' })).status).toBe(405);
	});
});

describe('partialWrite fault', () => {
	it('create: the task lands without its relations, then 500 with an empty body', async () => {
		const before = taskCount(A().orgId);
		const notifications = env().store.notifications.length;
		env().server.faultNextRequest({ kind: 'partialWrite' });
		const reply = await create('task', {
			dvs_project_id: A().projects.website,
			name: 'Half written',
			followers: [A().users.worker.id],
			ext_notif_receiver: [A().contacts.carol],
		});
		expect(reply.status).toBe(500);
		expect(reply.text).toBe('');
		expect(taskCount(A().orgId)).toBe(before + 1);
		const doc = env()
			.store.documents(A().orgId, 'task')
			.find((d) => d.values.name === 'Half written')!;
		expect(doc.values.followers).toEqual([]);
		expect(doc.values.ext_notif_receiver).toEqual([]);
		expect(doc.creatorId).toBe(A().users.admin.id);
		expect(env().store.notifications).toHaveLength(notifications);
	});

	it('update: scalar fields change, array fields do not, no rollback', async () => {
		const id = A().tasks.design;
		env().server.faultNextRequest({ kind: 'partialWrite' });
		const reply = await update('task', id, { name: 'Half renamed', followers: [A().users.reader.id] });
		expect(reply.status).toBe(500);
		const doc = env().store.documentById(id)!;
		expect(doc.values.name).toBe('Half renamed');
		expect(doc.values.followers).toEqual([A().users.admin.id]);
	});

	it('a later request is unaffected', async () => {
		env().server.faultNextRequest({ kind: 'partialWrite' });
		await create('task', { dvs_project_id: A().projects.website, name: 'one' });
		const reply = await create('task', {
			dvs_project_id: A().projects.website,
			name: 'two',
			followers: [A().users.worker.id],
		});
		expect(reply.status).toBe(200);
		expect(env().store.documentById(reply.json.dvs_document_id)!.values.followers).toEqual([A().users.worker.id]);
	});
});
