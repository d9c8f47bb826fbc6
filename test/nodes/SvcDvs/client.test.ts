import { getDocument, jsonOf, runDvs, startDvsNodeEnv, type DvsNodeEnv } from './env';

let env: DvsNodeEnv;
beforeEach(async () => {
	env = await startDvsNodeEnv();
});
afterEach(async () => await env.close());

describe('Client', () => {
	it('Get and Get Many with dropdown, group and project manager filters', async () => {
		const a = env.seed.orgA;
		const [client] = jsonOf(await getDocument(env, a.users.contacts, 'client', a.clients.globex, { simplify: true }));
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
