import { byId, fieldsParameter, getDocument, jsonOf, runDvs, startDvsNodeEnv, type DvsNodeEnv } from './env';

let env: DvsNodeEnv;
beforeEach(async () => {
	env = await startDvsNodeEnv();
});
afterEach(async () => await env.close());

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
		const [read] = jsonOf(await getDocument(env, a.users.contacts, 'contactPerson', id, { simplify: true }));
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
