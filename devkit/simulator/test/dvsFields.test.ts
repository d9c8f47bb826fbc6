import { credsOf, startDvsTestEnv, type DvsTestEnv } from '../dvs/testing';
import { SECTION_ACTIONS } from '../dvs/actions';
import { DVS_SECTIONS } from '../dvs/types';

let env: DvsTestEnv;
beforeAll(async () => {
	env = await startDvsTestEnv();
});
afterAll(() => env.close());

interface Field {
	name: string;
	type: string;
	required: boolean;
	filter: boolean;
	options?: Array<{ id: number; display_name: string }>;
	section?: string;
	list_action?: string;
	depends_on?: string;
}

const fieldsOf = async (section: string, org: 'orgA' | 'orgB' = 'orgA'): Promise<Field[]> => {
	const reply = await env.client.call(section, 'get_fields', credsOf(env.seed[org].users.admin));
	expect(reply.status).toBe(200);
	return reply.json.fields;
};
const byName = (fields: Field[]) => Object.fromEntries(fields.map((f) => [f.name, f]));

describe('get_fields', () => {
	it.each(DVS_SECTIONS)('%s: descriptors, actions and actor', async (section) => {
		const reply = await env.client.call(section, 'get_fields', credsOf(env.seed.orgA.users.admin));
		expect(reply.status).toBe(200);
		expect(reply.json.actions).toEqual([...SECTION_ACTIONS[section]]);
		expect(reply.json.actor).toEqual({ id: env.seed.orgA.users.admin.id, org_id: env.seed.orgA.orgId });
		for (const field of reply.json.fields as Field[]) {
			expect(typeof field.name).toBe('string');
			expect(typeof field.required).toBe('boolean');
			expect(typeof field.filter).toBe('boolean');
			if (field.type.startsWith('dropdown')) expect(field.options?.length).toBeGreaterThan(0);
			if (field.type.startsWith('relation')) expect(DVS_SECTIONS).toContain(field.section);
		}
	});

	it('lists the task fields of document 3 with their flags', async () => {
		const fields = byName(await fieldsOf('task'));
		expect(Object.keys(fields)).toEqual(
			expect.arrayContaining([
				'dvs_project_id',
				'name',
				'description',
				'dropdown_type',
				'dropdown_priority',
				'dropdown_status',
				'responsible',
				'followers',
				'ext_notif_receiver',
				'date_due',
				'estimated_hours',
				'spent_hours',
			]),
		);
		expect(fields.dvs_project_id).toMatchObject({
			type: 'relation',
			required: true,
			filter: true,
			section: 'project_2',
		});
		expect(fields.name).toMatchObject({ type: 'text', required: true, filter: false });
		expect(fields.description.type).toBe('html');
		expect(fields.dropdown_status).toMatchObject({ type: 'dropdown', filter: true });
		expect(fields.responsible).toMatchObject({
			type: 'user_id',
			filter: true,
			list_action: 'get_users',
			depends_on: 'dvs_project_id',
		});
		expect(fields.followers).toMatchObject({ type: 'user_ids', filter: false, depends_on: 'dvs_project_id' });
		expect(fields.ext_notif_receiver).toMatchObject({ type: 'relation_ids', section: 'contact_person' });
		expect(fields.date_due.type).toBe('date');
		expect(fields.estimated_hours.type).toBe('text');
		expect(fields.name.options).toBeUndefined();
	});

	it('gives each organization its own option ids and custom field', async () => {
		const a = byName(await fieldsOf('task', 'orgA'));
		const b = byName(await fieldsOf('task', 'orgB'));
		const idsA = a.dropdown_status.options!.map((o) => o.id);
		const idsB = b.dropdown_status.options!.map((o) => o.id);
		expect(idsA).toEqual(Object.values(env.seed.orgA.options.taskStatus));
		expect(idsB).toEqual(Object.values(env.seed.orgB.options.taskStatus));
		expect(idsA.filter((id) => idsB.includes(id))).toEqual([]);
		expect(b.dropdown_status.options!.map((o) => o.display_name)).toEqual(['New', 'Working', 'Closed', 'Rejected']);
		expect(a.customer_reference).toMatchObject({ type: 'text', filter: false });
		expect(b.customer_reference).toBeUndefined();
		expect(b.dropdown_region).toMatchObject({ type: 'dropdown', filter: true });
		expect(a.dropdown_region).toBeUndefined();
	});

	it('describes contacts, clients and projects', async () => {
		const contact = byName(await fieldsOf('contact_person'));
		expect(contact.company).toMatchObject({ type: 'relation', section: 'client', filter: true });
		expect(contact.multi_dropdown_group).toMatchObject({ type: 'dropdown_ids', filter: true });
		expect(contact.name.required).toBe(true);
		const client = byName(await fieldsOf('client'));
		expect(client.multi_dropdown_group.filter).toBe(true);
		expect(client.projectmanager).toMatchObject({ type: 'user_id', filter: true, list_action: 'get_users' });
		expect(client.dropdown_type.filter).toBe(true);
		const project = byName(await fieldsOf('project_2'));
		expect(project.workers.type).toBe('user_ids');
		expect(project.client).toMatchObject({ type: 'relation', section: 'client' });
	});
});

describe('get_users', () => {
	const users = async (section: string, params: Record<string, unknown>, org: 'orgA' | 'orgB' = 'orgA') => {
		const reply = await env.client.call(section, 'get_users', credsOf(env.seed[org].users.admin), params);
		return reply;
	};
	const ids = (reply: { json: { users: Array<{ id: number }> } }) =>
		reply.json.users.map((u) => u.id).sort((x, y) => x - y);

	it('needs a valid project of the organization for tasks', async () => {
		for (const params of [
			{},
			{ dvs_project_id: 'x' },
			{ dvs_project_id: String(env.seed.orgA.projects.website) },
			{ dvs_project_id: 0 },
		]) {
			const reply = await users('task', params);
			expect(reply.status).toBe(400);
			expect(reply.text).toBe('');
		}
		expect((await users('task', { dvs_project_id: env.seed.orgB.projects.bridge })).status).toBe(400);
		expect((await users('task', { dvs_project_id: env.seed.orgA.tasks.design })).status).toBe(400);
	});

	it('lists task readers and writers plus own-records workers of the project', async () => {
		const u = env.seed.orgA.users;
		const website = await users('task', { dvs_project_id: env.seed.orgA.projects.website });
		expect(website.status).toBe(200);
		expect(ids(website)).toEqual(
			[u.admin.id, u.worker.id, u.taskOnly.id, u.reader.id, u.own.id, u.bot.id].sort((x, y) => x - y),
		);
		const tools = await users('task', { dvs_project_id: env.seed.orgA.projects.tools });
		expect(ids(tools)).not.toContain(u.own.id);
		expect(ids(tools)).toContain(u.reader.id);
		const admin = website.json.users.find((x: { id: number }) => x.id === u.admin.id);
		expect(admin).toEqual({ id: u.admin.id, display_name: 'Anna Admin' });
		const bot = website.json.users.find((x: { id: number }) => x.id === u.bot.id);
		expect(bot.display_name).toBe(u.bot.login);
	});

	it('is scoped to the organization', async () => {
		const reply = await users('task', { dvs_project_id: env.seed.orgB.projects.bridge }, 'orgB');
		const u = env.seed.orgB.users;
		expect(ids(reply)).toEqual([u.admin.id, u.worker.id, u.reader.id].sort((x, y) => x - y));
	});

	it('lists project_2 and client users without a project', async () => {
		const u = env.seed.orgA.users;
		const projects = await users('project_2', {});
		expect(projects.status).toBe(200);
		expect(ids(projects)).toEqual([u.admin.id, u.worker.id]);
		const clients = await users('client', {});
		expect(ids(clients)).toEqual([u.admin.id, u.contacts.id]);
	});
});
