import { credsOf, startDvsTestEnv, type DvsTestEnv } from '../dvs/testing';

let env: DvsTestEnv;
beforeAll(async () => {
	env = await startDvsTestEnv();
});
afterAll(() => env.close());

const search = (params: Record<string, unknown>, org: 'orgA' | 'orgB' = 'orgA') =>
	env.client.call('task', 'search_users', credsOf(env.seed[org].users.admin), params);
const foundIds = async (params: Record<string, unknown>, org: 'orgA' | 'orgB' = 'orgA') => {
	const reply = await search(params, org);
	expect(reply.status).toBe(200);
	return reply.json.users.map((u: { id: number }) => u.id);
};

describe('search_users', () => {
	it('checks the pattern: 2 to 100 characters after trimming', async () => {
		for (const pattern of [undefined, '', 'a', '  a  ', 'x'.repeat(101), 42, ['an']]) {
			const reply = await search({ pattern });
			expect(reply.status).toBe(400);
			expect(reply.text).toBe('');
		}
		expect((await search({ pattern: `  ${'x'.repeat(100)}  ` })).status).toBe(200);
		expect((await search({ pattern: ' an ' })).status).toBe(200);
	});

	it('checks the limit: 1 to 20, default 10', async () => {
		for (const limit of [0, 21, -1, 1.5, '5']) expect((await search({ pattern: 'er', limit })).status).toBe(400);
		const byDefault = await search({ pattern: 'er' });
		expect(byDefault.json.limit).toBe(10);
		const limited = await search({ pattern: 'er', limit: 2 });
		expect(limited.json.limit).toBe(2);
		expect(limited.json.users).toHaveLength(2);
		expect(byDefault.json.users.length).toBeGreaterThan(2);
	});

	it('matches every word against login, first name or surname, case-insensitively', async () => {
		const u = env.seed.orgA.users;
		expect(await foundIds({ pattern: 'WALTER' })).toEqual([u.worker.id]);
		expect(await foundIds({ pattern: 'wal work' })).toEqual([u.worker.id]);
		expect(await foundIds({ pattern: 'walter anna' })).toEqual([]);
		expect(await foundIds({ pattern: 'taskonly' })).toEqual([u.taskOnly.id]);
		expect(await foundIds({ pattern: 'tom.task' })).toEqual([u.taskOnly.id]);
	});

	it('does not search e-mail addresses', async () => {
		expect(await foundIds({ pattern: 'acme' })).toEqual([]);
		expect(await foundIds({ pattern: env.seed.orgA.users.admin.email })).toEqual([]);
	});

	it('treats % and _ literally', async () => {
		const { bot } = env.seed.orgA.users;
		expect(await foundIds({ pattern: 'c_b' })).toEqual([bot.id]);
		expect(await foundIds({ pattern: 't%1' })).toEqual([bot.id]);
		expect(await foundIds({ pattern: 'a%n' })).toEqual([]);
		expect(await foundIds({ pattern: 'w_lter' })).toEqual([]);
	});

	it('sorts by first name, surname, id and names users by first name and surname, or login', async () => {
		const add = (login: string, firstName: string, surname: string) =>
			env.accounts.add({
				login,
				email: `${login}@acme.example`,
				password: 'x',
				firstName,
				surname,
				plan: 'BUSINESS',
				twoFactor: false,
				accessTokens: [],
				orgId: env.seed.orgA.orgId,
			}).id;
		const bee = add('zz.bee', 'Zzara', 'Bee');
		const alpha1 = add('zz.alpha1', 'Zzara', 'alpha');
		const alpha2 = add('zz.alpha2', 'Zzara', 'Alpha');
		const nameless = add('zz.nameless', '', '');
		const reply = await search({ pattern: 'zz' });
		expect(reply.json.users.map((x: { id: number }) => x.id)).toEqual([nameless, alpha1, alpha2, bee]);
		expect(reply.json.users.map((x: { display_name: string }) => x.display_name)).toEqual([
			'zz.nameless',
			'Zzara alpha',
			'Zzara Alpha',
			'Zzara Bee',
		]);
		const bot = await search({ pattern: 'svc_' });
		expect(bot.json.users[0].display_name).toBe('svc_bot%1');
	});

	it('leaves out inactive users and other organizations', async () => {
		expect(await foundIds({ pattern: 'ivan' })).toEqual([]);
		expect(await foundIds({ pattern: 'bert' })).toEqual([]);
		expect(await foundIds({ pattern: 'an' }, 'orgB')).toEqual([env.seed.orgB.users.reader.id]);
	});

	it('reports has_access for tasks in general and for one task', async () => {
		const u = env.seed.orgA.users;
		const access = async (params: Record<string, unknown>) => {
			const reply = await search({ limit: 20, ...params });
			expect(reply.status).toBe(200);
			return Object.fromEntries(reply.json.users.map((x: { id: number; has_access: boolean }) => [x.id, x.has_access]));
		};
		expect((await access({ pattern: 'anna' }))[u.admin.id]).toBe(true);
		expect((await access({ pattern: 'nora' }))[u.noPerm.id]).toBe(false);
		expect((await access({ pattern: 'carla' }))[u.contacts.id]).toBe(false);
		expect((await access({ pattern: 'olga' }))[u.own.id]).toBe(true);
		expect((await access({ pattern: 'rita' }))[u.reader.id]).toBe(true);
		expect((await access({ pattern: 'svc_' }))[u.bot.id]).toBe(true);
		const design = await access({ pattern: 'olga', dvs_document_id: env.seed.orgA.tasks.design });
		expect(design[u.own.id]).toBe(false);
		const header = await access({ pattern: 'olga', dvs_document_id: env.seed.orgA.tasks.header });
		expect(header[u.own.id]).toBe(true);
	});

	it('refuses an invalid dvs_document_id with 400 and an unknown or foreign task with 405', async () => {
		for (const id of ['x', 0, -3, 1.5]) expect((await search({ pattern: 'an', dvs_document_id: id })).status).toBe(400);
		expect((await search({ pattern: 'an', dvs_document_id: 987654 })).status).toBe(405);
		expect((await search({ pattern: 'an', dvs_document_id: env.seed.orgB.tasks.inspect })).status).toBe(405);
		expect((await search({ pattern: 'an', dvs_document_id: env.seed.orgA.projects.website })).status).toBe(405);
	});

	it('sends no notification', async () => {
		const before = env.store.notifications.length;
		await search({ pattern: 'an' });
		expect(env.store.notifications).toHaveLength(before);
	});
});
