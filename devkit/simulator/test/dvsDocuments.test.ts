import { insertTask } from '../dvs/direct';
import { credsOf, startDvsTestEnv, type DvsTestEnv } from '../dvs/testing';
import { DVS_SECTIONS } from '../dvs/types';

let env: DvsTestEnv;
beforeAll(async () => {
	env = await startDvsTestEnv();
});
afterAll(() => env.close());

const A = () => env.seed.orgA;
const B = () => env.seed.orgB;
const getDocument = (section: string, id: unknown, org: 'orgA' | 'orgB' = 'orgA') =>
	env.client.call(section, 'get_document', credsOf(env.seed[org].users.admin), { dvs_document_id: id });
const list = (section: string, params: Record<string, unknown> = {}, org: 'orgA' | 'orgB' = 'orgA') =>
	env.client.call(section, 'get_documents', credsOf(env.seed[org].users.admin), params);
const listIds = async (section: string, params: Record<string, unknown> = {}, org: 'orgA' | 'orgB' = 'orgA') => {
	const reply = await list(section, params, org);
	expect(reply.status).toBe(200);
	return reply.json.items.map((item: { dvs_document_id: number }) => item.dvs_document_id);
};

describe('get_document', () => {
	it('returns a task with description, resolved references and system fields', async () => {
		const reply = await getDocument('task', A().tasks.design);
		expect(reply.status).toBe(200);
		const o = A().options;
		expect(reply.json).toMatchObject({
			dvs_document_id: A().tasks.design,
			full_number: 'ACME-T-0001',
			dvs_project_id: { id: A().projects.website, display_name: 'Website relaunch' },
			name: 'Design mockups',
			description: '<p>Mockups for <b>all</b> pages</p>',
			dropdown_status: { id: o.taskStatus.Open, display_name: 'Open' },
			dropdown_priority: { id: o.taskPriority.High, display_name: 'High' },
			dropdown_type: { id: o.taskType.Feature, display_name: 'Feature' },
			responsible: { id: A().users.worker.id, display_name: 'Walter Worker' },
			followers: [{ id: A().users.admin.id, display_name: 'Anna Admin' }],
			ext_notif_receiver: [{ id: A().contacts.carol, display_name: 'Carol Contact' }],
			date_due: '2024-04-01',
			estimated_hours: '8',
			spent_hours: null,
			customer_reference: 'CR-1001',
			creator: { id: A().users.admin.id, display_name: 'Anna Admin' },
			date_created: '2024-03-01 08:10:00',
			date_updated: '2024-03-01 08:10:00',
			upload_hash: null,
		});
	});

	it('shows upload_hash only when the folder holds files and the caller may view it', async () => {
		const { taskId, uploadHash } = A().attachedTask;
		expect((await getDocument('task', taskId)).json.upload_hash).toBe(uploadHash);
		env.attachments.hideFrom(A().users.worker.id, uploadHash);
		const hidden = await env.client.call('task', 'get_document', credsOf(A().users.worker), {
			dvs_document_id: taskId,
		});
		expect(hidden.json.upload_hash).toBeNull();
		expect((await getDocument('task', taskId)).json.upload_hash).toBe(uploadHash);
		const empty = env.attachments.ensureTaskFolder(A().users.admin.id, A().tasks.copy);
		env.store.documentById(A().tasks.copy)!.uploadHash = empty.uploadHash;
		expect((await getDocument('task', A().tasks.copy)).json.upload_hash).toBeNull();
	});

	it('returns the other registers', async () => {
		const project = await getDocument('project_2', A().projects.website);
		expect(project.status).toBe(200);
		expect(project.json).toMatchObject({
			name: 'Website relaunch',
			description: '<p>Relaunch of the <b>public</b> website</p>',
			client: { id: A().clients.globex, display_name: 'Globex Corp' },
			projectmanager: { id: A().users.admin.id, display_name: 'Anna Admin' },
			date_start: '2024-03-01',
		});
		expect(project.json.workers).toHaveLength(3);
		expect(project.json.upload_hash).toBeUndefined();
		const contact = await getDocument('contact_person', A().contacts.dan);
		expect(contact.json).toMatchObject({
			name: 'Dan Delivery',
			company: { id: A().clients.initech, display_name: 'Initech' },
			multi_dropdown_group: [
				{ id: A().options.contactGroup.Suppliers, display_name: 'Suppliers' },
				{ id: A().options.contactGroup.Partners, display_name: 'Partners' },
			],
		});
		const client = await getDocument('client', B().clients.umbrella, 'orgB');
		expect(client.json).toMatchObject({
			name: 'Umbrella Ltd',
			dropdown_type: { id: B().options.clientType.Public },
			full_number: 'BETA-K-0001',
		});
		const taskB = await getDocument('task', B().tasks.inspect, 'orgB');
		expect(taskB.json.dropdown_region).toEqual({ id: B().customField.options!.North, display_name: 'North' });
		expect(taskB.json.customer_reference).toBeUndefined();
	});

	it.each(DVS_SECTIONS)('%s: unknown, foreign or other-register ids answer 405', async (section) => {
		const foreign = {
			task: B().tasks.inspect,
			project_2: B().projects.bridge,
			contact_person: B().contacts.eve,
			client: B().clients.umbrella,
		}[section];
		const otherRegister = section === 'task' ? A().projects.website : A().tasks.design;
		for (const id of [987654, foreign, otherRegister]) {
			const reply = await getDocument(section, id);
			expect(reply.status).toBe(405);
			expect(reply.text).toBe('');
		}
	});

	it('refuses a missing or non-integer id with 400', async () => {
		for (const id of [undefined, 'abc', String(A().tasks.design), 1.5, 0]) {
			const reply = await getDocument('task', id);
			expect(reply.status).toBe(400);
			expect(reply.text).toBe('');
		}
	});
});

describe('get_documents', () => {
	it('defaults to 50 newest first and reports total, limit, offset and order', async () => {
		const reply = await list('task');
		expect(reply.status).toBe(200);
		expect(reply.json).toMatchObject({ total: 5, limit: 50, offset: 0, order: 'newest' });
		const t = A().tasks;
		expect(reply.json.items.map((i: { dvs_document_id: number }) => i.dvs_document_id)).toEqual([
			t.ownTask,
			t.tooling,
			t.copy,
			t.header,
			t.design,
		]);
	});

	it('orders oldest first by creation second, then id', async () => {
		const t = A().tasks;
		expect(await listIds('task', { order: 'oldest' })).toEqual([t.design, t.header, t.copy, t.tooling, t.ownTask]);
		expect(env.store.documentById(t.tooling)!.createdAt).toBeGreaterThan(env.store.documentById(t.copy)!.createdAt);
	});

	it('breaks ties inside one second by id even against insertion time', async () => {
		const org = await startDvsTestEnv();
		try {
			const a = org.seed.orgA;
			const second = Date.UTC(2025, 0, 1, 0, 0, 0);
			const ids = [900, 100, 500].map(
				(ms) =>
					insertTask(org.store, {
						orgId: a.orgId,
						creatorId: a.users.admin.id,
						createdAt: second + ms,
						values: { dvs_project_id: a.projects.tools, name: `t${ms}` },
					}).id,
			);
			const reply = await org.client.call('task', 'get_documents', credsOf(a.users.admin), { limit: 3 });
			expect(reply.json.items.map((i: { dvs_document_id: number }) => i.dvs_document_id)).toEqual([...ids].reverse());
			expect(new Set(reply.json.items.map((i: { date_created: string }) => i.date_created))).toEqual(
				new Set(['2025-01-01 00:00:00']),
			);
		} finally {
			await org.close();
		}
	});

	it('leaves html fields and upload_hash out of list items', async () => {
		const reply = await list('task', { filters: { dvs_project_id: A().projects.website } });
		for (const item of reply.json.items) {
			expect(item).not.toHaveProperty('description');
			expect(item).not.toHaveProperty('upload_hash');
			expect(item).toHaveProperty('dropdown_status');
			expect(item).toHaveProperty('date_created');
		}
		const projects = await list('project_2');
		expect(projects.json.items[0]).not.toHaveProperty('description');
	});

	it('validates limit, offset and order', async () => {
		for (const params of [
			{ limit: 0 },
			{ limit: -5 },
			{ limit: 'x' },
			{ limit: 2.5 },
			{ offset: -1 },
			{ offset: 'x' },
			{ order: 'asc' },
			{ order: 'NEWEST' },
			{ order: 1 },
		]) {
			const reply = await list('task', params);
			expect(reply.status).toBe(400);
			expect(reply.text).toBe('');
		}
		const clamped = await list('task', { limit: 5000 });
		expect(clamped.status).toBe(200);
		expect(clamped.json.limit).toBe(200);
		expect((await list('task', { limit: 200 })).json.limit).toBe(200);
		const beyond = await list('task', { offset: 50 });
		expect(beyond.json).toMatchObject({ items: [], total: 5, offset: 50 });
	});

	it('pages by offset until offset reaches total', async () => {
		const seen: number[] = [];
		let offset = 0;
		let total = Infinity;
		while (offset < total) {
			const reply = await list('task', { limit: 2, offset, order: 'oldest' });
			total = reply.json.total;
			seen.push(...reply.json.items.map((i: { dvs_document_id: number }) => i.dvs_document_id));
			offset += reply.json.items.length;
		}
		expect(seen).toEqual(Object.values(A().tasks));
	});

	it('ORs the values of one filter and ANDs different filters', async () => {
		const { taskStatus } = A().options;
		const t = A().tasks;
		const open = await listIds('task', { filters: { dropdown_status: taskStatus.Open }, order: 'oldest' });
		expect(open).toEqual([t.design, t.tooling, t.ownTask]);
		const openOrDone = await listIds('task', {
			filters: { dropdown_status: [taskStatus.Open, taskStatus.Done] },
			order: 'oldest',
		});
		expect(openOrDone).toEqual([t.design, t.copy, t.tooling, t.ownTask]);
		const both = await listIds('task', {
			filters: { dropdown_status: [taskStatus.Open, taskStatus.Done], dvs_project_id: A().projects.website },
			order: 'oldest',
		});
		expect(both).toEqual([t.design, t.copy, t.ownTask]);
		const reply = await list('task', {
			filters: { dropdown_status: taskStatus.Open, responsible: A().users.worker.id },
		});
		expect(reply.json.total).toBe(2);
	});

	it('matches the responsible worker, not followers, and only active ones', async () => {
		const t = A().tasks;
		expect(await listIds('task', { filters: { responsible: A().users.admin.id } })).toEqual([t.header]);
		expect(await listIds('task', { filters: { responsible: [A().users.worker.id] }, order: 'oldest' })).toEqual([
			t.design,
			t.tooling,
		]);
		expect(await listIds('task', { filters: { responsible: A().users.inactive.id } })).toEqual([]);
	});

	it('ignores unknown and non-filter fields but refuses malformed filter values', async () => {
		expect((await list('task', { filters: { no_such_field: 1 } })).json.total).toBe(5);
		expect((await list('task', { filters: { name: 'Design mockups' } })).json.total).toBe(5);
		expect((await list('task', { filters: { dropdown_priority: 999 } })).json.total).toBe(5);
		expect((await list('task', { filters: { dropdown_status: [] } })).json.total).toBe(5);
		expect((await list('task', { filters: { dropdown_status: 999999 } })).json.total).toBe(0);
		for (const filters of [
			[1],
			'x',
			{ dropdown_status: 'Open' },
			{ dropdown_status: [101, 'x'] },
			{ responsible: { id: 1 } },
		]) {
			const reply = await list('task', { filters });
			expect(reply.status).toBe(400);
		}
	});

	it('filters contacts by company and groups, clients by dropdowns, groups and manager', async () => {
		const c = A().contacts;
		expect(await listIds('contact_person', { filters: { company: A().clients.globex } })).toEqual([c.carol]);
		expect(
			await listIds('contact_person', { filters: { multi_dropdown_group: A().options.contactGroup.Partners } }),
		).toEqual([c.dan]);
		expect(
			await listIds('contact_person', {
				filters: { multi_dropdown_group: [A().options.contactGroup.Suppliers] },
				order: 'oldest',
			}),
		).toEqual([c.carol, c.dan]);
		expect(await listIds('client', { filters: { dropdown_type: A().options.clientType.Supplier } })).toEqual([
			A().clients.initech,
		]);
		expect(
			await listIds('client', { filters: { multi_dropdown_group: A().options.clientGroup.VIP }, order: 'oldest' }),
		).toEqual([A().clients.globex, A().clients.initech]);
		expect(await listIds('client', { filters: { projectmanager: A().users.admin.id } })).toEqual([A().clients.initech]);
		expect(await listIds('project_2', { filters: { client: A().clients.initech } })).toEqual([A().projects.archive]);
		expect(
			await listIds('project_2', { filters: { dropdown_status: A().options.projectStatus.Active }, order: 'oldest' }),
		).toEqual([A().projects.website, A().projects.tools]);
	});

	it('keeps organizations apart, including the organization-specific filter', async () => {
		const t = B().tasks;
		expect(await listIds('task', { order: 'oldest' }, 'orgB')).toEqual([t.inspect, t.report, t.survey]);
		expect(await listIds('task', { filters: { dropdown_region: B().customField.options!.South } }, 'orgB')).toEqual([
			t.report,
		]);
		expect(await listIds('task', { filters: { dropdown_status: A().options.taskStatus.Open } }, 'orgB')).toEqual([]);
		expect(await listIds('contact_person', {}, 'orgB')).toEqual([B().contacts.eve]);
	});
});
