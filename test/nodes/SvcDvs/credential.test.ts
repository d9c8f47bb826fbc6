import { testCredential } from '../../../devkit/harness';
import { byId, credentialsOf, runDvs, startDvsNodeEnv, type DvsNodeEnv } from './env';

let env: DvsNodeEnv;
beforeAll(async () => {
	env = await startDvsNodeEnv();
});
afterAll(async () => await env.close());

describe('Svc DVS API credential', () => {
	it('tests OK with a user and API token, and fails with a wrong token or a WEB token', async () => {
		const admin = env.seed.orgA.users.admin;
		const good = credentialsOf(env, admin).svcDvsApi;
		expect((await testCredential('svcDvsApi', good)).status).toBe('OK');
		const wrong = await testCredential('svcDvsApi', { ...good, accessToken: 'nope-nope' });
		expect(wrong.status).toBe('Error');
		expect(wrong.message).toMatch(/did not accept these credentials/);
		expect((await testCredential('svcDvsApi', { ...good, accessToken: admin.webToken })).status).toBe('Error');
	});

	it('sends the secrets in the body only, never in the URL', async () => {
		const a = env.seed.orgA;
		env.sim.resetRequests();
		await runDvs(env, a.users.admin, { resource: 'task', operation: 'get', documentId: byId(a.tasks.design) });
		expect(env.sim.requests.length).toBeGreaterThan(0);
		expect(env.sim.requests.every((entry) => !entry.secretInQuery && !entry.path.includes(a.users.admin.token))).toBe(
			true,
		);
	});

	it('refuses a plain-http Base URL that is not loopback before any request', async () => {
		const a = env.seed.orgA;
		env.sim.resetRequests();
		const result = await runDvs(
			env,
			a.users.admin,
			{ resource: 'task', operation: 'getFields' },
			{},
			{ baseUrl: 'http://dvs.example.com' },
		);
		expect(result.error?.message).toBe(
			"The Svc DVS API credential's Base URL must start with https:// (plain http:// is allowed only for localhost)",
		);
		expect(env.sim.requests).toHaveLength(0);
	});
});
