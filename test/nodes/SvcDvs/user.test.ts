import type { INodeParameters } from 'n8n-workflow';

import { byId, dvsCalls, jsonOf, runDvs, startDvsNodeEnv, type DvsNodeEnv } from './env';

let env: DvsNodeEnv;
beforeAll(async () => {
	env = await startDvsNodeEnv();
});
afterAll(async () => await env.close());

/** User → `operation` as org A's admin. */
const runUserOperation = (operation: string, parameters: INodeParameters) =>
	runDvs(env, env.seed.orgA.users.admin, { resource: 'user', operation, ...parameters });

describe('User → Get Assignable', () => {
	it("lists the users a project's tasks accept (own-record users only in their projects)", async () => {
		const a = env.seed.orgA;
		const ids = async (projectId: number) =>
			jsonOf(await runUserOperation('getAssignable', { register: 'task', project: byId(projectId) })).map(
				(user) => user.id,
			);
		const website = await ids(a.projects.website);
		expect(website).toEqual(expect.arrayContaining([a.users.admin.id, a.users.reader.id, a.users.own.id]));
		expect(website).not.toContain(a.users.noPerm.id);
		expect(await ids(a.projects.tools)).not.toContain(a.users.own.id);
	});

	it('lists the users of the project and client registers without a project', async () => {
		const a = env.seed.orgA;
		env.sim.resetRequests();
		const projects = jsonOf(await runUserOperation('getAssignable', { register: 'project_2' }));
		const clients = jsonOf(await runUserOperation('getAssignable', { register: 'client' }));
		expect(projects[0]).toEqual({ id: expect.any(Number), display_name: expect.any(String) });
		expect(clients.map((user) => user.id)).toContain(a.users.contacts.id);
		expect(dvsCalls(env)).toEqual(['project_2/get_users', 'client/get_users']);
	});

	it('maps 400 for a project of another organization', async () => {
		const result = await runUserOperation('getAssignable', {
			register: 'task',
			project: byId(env.seed.orgB.projects.bridge),
		});
		expect(result.error?.httpCode).toBe('400');
		expect(result.error?.description).toBe('Check the project: it must be a project of your organization.');
	});
});

describe('User → Search', () => {
	it('finds organization users by every word, with has_access for a task', async () => {
		const a = env.seed.orgA;
		const users = jsonOf(
			await runUserOperation('search', { pattern: ' olga OWN ', options: { taskId: String(a.tasks.design) } }),
		);
		expect(users).toEqual([{ id: a.users.own.id, display_name: 'Olga Own', has_access: false }]);
		const general = jsonOf(await runUserOperation('search', { pattern: 'olga' }));
		expect(general[0].has_access).toBe(true);
	});

	it('honours Max Results', async () => {
		const users = jsonOf(await runUserOperation('search', { pattern: 'er', maxResults: 2 }));
		expect(users).toHaveLength(2);
	});

	it.each([
		[{ pattern: ' a ' }, 'The parameter "Search Pattern" must have 2 to 100 characters (it has 1)'],
		[{ pattern: 'x'.repeat(101) }, 'The parameter "Search Pattern" must have 2 to 100 characters (it has 101)'],
		[{ pattern: 'anna', maxResults: 21 }, 'The parameter "Max Results" must be a whole number from 1 to 20'],
		[{ pattern: 'anna', maxResults: 0 }, 'The parameter "Max Results" must be a whole number from 1 to 20'],
		[{ pattern: 'anna', options: { taskId: 'T-1' } }, 'The parameter "Task ID" is not an ID: "T-1"'],
	])('refuses %j before any request', async (parameters, message) => {
		env.sim.resetRequests();
		const result = await runUserOperation('search', parameters);
		expect(result.error?.message).toBe(message);
		expect(dvsCalls(env)).toEqual([]);
	});

	it('maps 405 for a task of another organization', async () => {
		const result = await runUserOperation('search', {
			pattern: 'anna',
			options: { taskId: String(env.seed.orgB.tasks.inspect) },
		});
		expect(result.error?.httpCode).toBe('405');
	});
});
