import { byId, fieldsParameter, jsonOf, runDvs, startDvsNodeEnv, type DvsNodeEnv } from './env';

let env: DvsNodeEnv;
beforeEach(async () => {
	env = await startDvsNodeEnv();
});
afterEach(async () => await env.close());

describe('Project', () => {
	it('Get returns the project with its html description; Get Many filters by status', async () => {
		const a = env.seed.orgA;
		const [project] = jsonOf(
			await runDvs(env, a.users.admin, { resource: 'project', operation: 'get', documentId: byId(a.projects.website) }),
		);
		expect(project).toMatchObject({
			name: 'Website relaunch',
			description: '<p>Relaunch of the <b>public</b> website</p>',
		});
		const archived = jsonOf(
			await runDvs(env, a.users.admin, {
				resource: 'project',
				operation: 'getMany',
				returnAll: true,
				simplify: true,
				filters: { filter: [{ field: 'dropdown_status', values: [a.options.projectStatus.Archived] }] },
			}),
		);
		expect(archived.map((item) => [item.name, item.dropdown_status, item.client])).toEqual([
			['Old archive', 'Archived', 'Initech'],
		]);
	});

	it('Get Fields returns the project schema', async () => {
		const [schema] = jsonOf(
			await runDvs(env, env.seed.orgA.users.admin, { resource: 'project', operation: 'getFields' }),
		);
		expect((schema.actions as string[]).sort()).toEqual(['get_document', 'get_documents', 'get_fields', 'get_users']);
	});
});

describe('Contact person', () => {
	it('Create, Update, Get', async () => {
		const a = env.seed.orgA;
		const [created] = jsonOf(
			await runDvs(env, a.users.contacts, {
				resource: 'contactPerson',
				operation: 'create',
				fields: fieldsParameter({
					name: 'Frank Field',
					email: 'frank@globex.example',
					company: a.clients.globex,
					multi_dropdown_group: `${a.options.contactGroup.Partners}`,
				}),
			}),
		);
		const id = created.dvs_document_id as number;
		expect(env.store.document(a.orgId, 'contact_person', id)!.values).toMatchObject({
			name: 'Frank Field',
			company: a.clients.globex,
			multi_dropdown_group: [a.options.contactGroup.Partners],
		});
		jsonOf(
			await runDvs(env, a.users.contacts, {
				resource: 'contactPerson',
				operation: 'update',
				documentId: byId(id),
				fields: fieldsParameter({ phone: '+49 1', multi_dropdown_group: [] }),
			}),
		);
		const [read] = jsonOf(
			await runDvs(env, a.users.contacts, {
				resource: 'contactPerson',
				operation: 'get',
				documentId: byId(id),
				simplify: true,
			}),
		);
		expect(read).toMatchObject({
			name: 'Frank Field',
			phone: '+49 1',
			company: 'Globex Corp',
			company_id: a.clients.globex,
			multi_dropdown_group: [],
			multi_dropdown_group_ids: [],
		});
	});

	it('Get Many filters by company and group (several groups are OR)', async () => {
		const a = env.seed.orgA;
		const names = async (filter: Array<{ field: string; values: number[] | string }>) =>
			jsonOf(
				await runDvs(env, a.users.contacts, {
					resource: 'contactPerson',
					operation: 'getMany',
					returnAll: true,
					order: 'oldest',
					filters: { filter },
				}),
			).map((contact) => contact.name);
		expect(await names([{ field: 'company', values: [a.clients.initech] }])).toEqual(['Dan Delivery']);
		expect(
			await names([
				{ field: 'multi_dropdown_group', values: [a.options.contactGroup.Suppliers, a.options.contactGroup.Partners] },
			]),
		).toEqual(['Carol Contact', 'Dan Delivery']);
	});

	it('maps 405 for an account without contact permission', async () => {
		const result = await runDvs(env, env.seed.orgA.users.worker, {
			resource: 'contactPerson',
			operation: 'getMany',
			limit: 5,
		});
		expect(result.error?.httpCode).toBe('405');
		expect(result.error?.description).toContain('contact persons register');
	});
});

describe('Client', () => {
	it('Get and Get Many with dropdown, group and project manager filters', async () => {
		const a = env.seed.orgA;
		const [client] = jsonOf(
			await runDvs(env, a.users.contacts, {
				resource: 'client',
				operation: 'get',
				documentId: byId(a.clients.globex),
				simplify: true,
			}),
		);
		expect(client).toMatchObject({ name: 'Globex Corp', dropdown_type: 'Customer', multi_dropdown_group: ['VIP'] });
		const names = async (filter: Array<{ field: string; values: number[] | string }>) =>
			jsonOf(
				await runDvs(env, a.users.contacts, {
					resource: 'client',
					operation: 'getMany',
					returnAll: true,
					filters: { filter },
				}),
			).map((item) => item.name);
		expect(await names([{ field: 'dropdown_type', values: [a.options.clientType.Supplier] }])).toEqual(['Initech']);
		expect(await names([{ field: 'multi_dropdown_group', values: `${a.options.clientGroup.VIP}` }])).toEqual([
			'Initech',
			'Globex Corp',
		]);
		expect(await names([{ field: 'projectmanager', values: [a.users.admin.id] }])).toEqual(['Initech']);
	});

	it('Get Fields returns the client schema', async () => {
		const [schema] = jsonOf(
			await runDvs(env, env.seed.orgA.users.contacts, { resource: 'client', operation: 'getFields' }),
		);
		expect(
			(schema.fields as Array<{ name: string; filter: boolean }>)
				.filter((field) => field.filter)
				.map((field) => field.name),
		).toEqual(['dropdown_type', 'dropdown_rating', 'multi_dropdown_group', 'projectmanager']);
	});
});
