import { credsOf, startDvsTestEnv, type DvsTestEnv } from '../dvs/testing';
import { DVS_ACTIONS, SECTION_ACTIONS, type DvsAction } from '../dvs/actions';
import { DVS_SECTIONS } from '../dvs/types';

let env: DvsTestEnv;
beforeAll(async () => {
	env = await startDvsTestEnv();
});
afterAll(() => env.close());

const admin = () => credsOf(env.seed.orgA.users.admin);

describe('routing', () => {
	it.each(['GET', 'PUT', 'DELETE', 'PATCH'])('%s answers 405 with an empty body', async (method) => {
		const body =
			method === 'GET' ? undefined : JSON.stringify({ user: admin().user, user_access_token: admin().token });
		const reply = await env.client.raw(method, '/api_dvs/task/get_fields', body);
		expect(reply.status).toBe(405);
		expect(reply.text).toBe('');
	});

	it('answers 404 for paths that are not /api_dvs/{section}/{action}', async () => {
		const body = JSON.stringify({ user: admin().user, user_access_token: admin().token });
		for (const path of ['/api_dvs/task', '/api_dvs/task/get_fields/extra', '/api_dvs/']) {
			const reply = await env.client.raw('POST', path, body);
			expect(reply.status).toBe(404);
			expect(reply.text).toBe('');
		}
	});

	it('refuses an unknown section with 400 and an empty body', async () => {
		for (const section of ['tasks', 'project', 'document', 'Task']) {
			const reply = await env.client.call(section, 'get_fields', admin());
			expect(reply.status).toBe(400);
			expect(reply.text).toBe('');
		}
	});

	it('refuses an unknown action with 400', async () => {
		const reply = await env.client.call('task', 'delete_document', admin());
		expect(reply.status).toBe(400);
		expect(reply.text).toBe('');
	});

	const unsupported = DVS_SECTIONS.flatMap((section) =>
		(Object.keys(DVS_ACTIONS) as DvsAction[])
			.filter((action) => !SECTION_ACTIONS[section].includes(action))
			.map((action) => [section, action] as const),
	);
	it.each(unsupported)('%s/%s is not offered: 405', async (section, action) => {
		const reply =
			action === 'upload_document_file'
				? await env.client.upload(
						admin(),
						{ dvs_document_id: String(env.seed.orgA.contacts.carol) },
						[{ name: 'a.txt', content: 'x' }],
						`/api_dvs/${section}/${action}`,
					)
				: await env.client.call(section, action, admin(), {
						dvs_document_id: env.seed.orgA.projects.website,
						create_params: { name: 'x' },
					});
		expect(reply.status).toBe(405);
		expect(reply.text).toBe('');
	});

	it('takes section and action from the path, never from the body', async () => {
		const reply = await env.client.call('task', 'get_fields', admin(), {
			dvs_section: 'client',
			section: 'client',
			action: 'create_document',
		});
		expect(reply.status).toBe(200);
		expect(reply.json.fields.map((f: { name: string }) => f.name)).toContain('dvs_project_id');
		expect(reply.json.actions).toEqual([...SECTION_ACTIONS.task]);
	});

	it('answers 500 with an empty body when the backend fails', async () => {
		const original = env.attachments.listNames;
		env.attachments.listNames = () => {
			throw new Error('storage down');
		};
		try {
			const reply = await env.client.call('task', 'get_document', admin(), {
				dvs_document_id: env.seed.orgA.attachedTask.taskId,
			});
			expect(reply.status).toBe(500);
			expect(reply.text).toBe('');
		} finally {
			env.attachments.listNames = original;
		}
	});
});

describe('authentication', () => {
	const expect401 = async (reply: Promise<{ status: number; text: string }>) => {
		const { status, text } = await reply;
		expect(status).toBe(401);
		expect(text).toBe('');
	};

	it('accepts an API token by login and by e-mail (case-insensitive)', async () => {
		const { admin: user } = env.seed.orgA.users;
		for (const login of [user.login, user.email, user.login.toUpperCase()]) {
			const reply = await env.client.call('task', 'get_fields', { user: login, token: user.token });
			expect(reply.status).toBe(200);
			expect(reply.json.actor).toEqual({ id: user.id, org_id: env.seed.orgA.orgId });
		}
	});

	it('accepts an ALL token', async () => {
		const reply = await env.client.call('task', 'get_fields', credsOf(env.seed.orgA.users.worker));
		expect(reply.status).toBe(200);
	});

	it('refuses missing credentials, a wrong token, a WEB token and a password', async () => {
		const { admin: user } = env.seed.orgA.users;
		await expect401(env.client.call('task', 'get_fields', undefined));
		await expect401(env.client.call('task', 'get_fields', undefined, { user: user.login }));
		await expect401(env.client.call('task', 'get_fields', { user: user.login, token: 'wrong' }));
		await expect401(env.client.call('task', 'get_fields', { user: user.login, token: user.webToken }));
		await expect401(env.client.call('task', 'get_fields', { user: 'nobody-at-all', token: user.token }));
		await expect401(env.client.call('task', 'get_fields', undefined, { user: user.login, pass: user.password }));
		await expect401(
			env.client.call('task', 'get_fields', { user: env.seed.orgB.users.admin.login, token: user.token }),
		);
	});

	it('does not read credentials from the URL query', async () => {
		const { admin: user } = env.seed.orgA.users;
		const query = `?user=${encodeURIComponent(user.login)}&user_access_token=${user.token}`;
		await expect401(env.client.raw('POST', `/api_dvs/task/get_fields${query}`, '{}'));
	});

	it('refuses bodies that are not a JSON object', async () => {
		await expect401(
			env.client.raw(
				'POST',
				'/api_dvs/task/get_fields',
				'user=anna.admin&user_access_token=x',
				'application/x-www-form-urlencoded',
			),
		);
		await expect401(env.client.raw('POST', '/api_dvs/task/get_fields', '{not json'));
		await expect401(env.client.raw('POST', '/api_dvs/task/get_fields', JSON.stringify([admin().user, admin().token])));
	});

	it('reads no multipart body on JSON actions', async () => {
		const reply = await env.client.upload(admin(), {}, [{ name: 'a.txt', content: 'x' }], '/api_dvs/task/get_fields');
		expect(reply.status).toBe(401);
	});

	it('refuses an inactive user, a user without an organization and an organization unknown to DVS', async () => {
		await expect401(env.client.call('task', 'get_fields', credsOf(env.seed.orgA.users.inactive)));
		await expect401(env.client.call('task', 'get_fields', credsOf(env.seed.noOrg)));
		const stray = env.accounts.add({
			login: 'stray.org',
			email: 'stray@example.test',
			password: 'x',
			firstName: 'Stray',
			surname: 'Org',
			plan: 'PRO',
			twoFactor: false,
			accessTokens: [{ token: 'stray-token', type: 'API' }],
			orgId: 999,
			dvsWriteSections: ['task', 'project_2'],
		});
		await expect401(env.client.call('task', 'get_fields', { user: stray.login, token: 'stray-token' }));
	});

	it('checks credentials before the section', async () => {
		await expect401(env.client.call('nonsense', 'get_fields', undefined));
	});
});

describe('permissions', () => {
	const status = async (user: Parameters<typeof credsOf>[0], section: string, action = 'get_fields') =>
		(await env.client.call(section, action, credsOf(user))).status;

	it('needs write on task and project_2 for task work', async () => {
		const { taskOnly, contacts, reader, own, noPerm, worker } = env.seed.orgA.users;
		expect(await status(taskOnly, 'task')).toBe(405);
		expect(await status(taskOnly, 'task', 'get_documents')).toBe(405);
		expect(await status(contacts, 'task')).toBe(405);
		expect(await status(reader, 'task')).toBe(405);
		expect(await status(own, 'task')).toBe(405);
		expect(await status(noPerm, 'task')).toBe(405);
		expect(await status(worker, 'task')).toBe(200);
		expect(await status(worker, 'project_2')).toBe(200);
	});

	it('needs write on the register itself for contact and client lookups', async () => {
		const { contacts, worker } = env.seed.orgA.users;
		expect(await status(contacts, 'contact_person', 'get_documents')).toBe(200);
		expect(await status(contacts, 'client', 'get_documents')).toBe(200);
		expect(await status(contacts, 'project_2')).toBe(405);
		expect(await status(worker, 'contact_person')).toBe(405);
		expect(await status(worker, 'client')).toBe(405);
	});

	it('answers 405 for a register not enabled for the organization', async () => {
		const org = env.store.org(env.seed.orgB.orgId)!;
		const before = org.enabledSections;
		org.enabledSections = ['task', 'project_2'];
		try {
			expect(await status(env.seed.orgB.users.admin, 'client')).toBe(405);
			expect(await status(env.seed.orgB.users.admin, 'task')).toBe(200);
			expect(await status(env.seed.orgA.users.admin, 'client')).toBe(200);
		} finally {
			org.enabledSections = before;
		}
	});
});
