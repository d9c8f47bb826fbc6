import { byId, jsonOf, runDvs, startDvsNodeEnv, type DvsNodeEnv } from './env';

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
