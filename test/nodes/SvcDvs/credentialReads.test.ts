/**
 * What a run costs in credential reads: n8n decrypts a credential on every read, so the node reads its credential
 * once per run, however many items run at once, and signs every request with what it read.
 */
import { HarnessCredentialsHelper } from '../../../devkit/harness/credentials';
import { byId, dvsCalls, jsonOf, runDvs, startDvsNodeEnv, type DvsNodeEnv } from './env';

let env: DvsNodeEnv;
beforeAll(async () => {
	env = await startDvsNodeEnv();
});
afterAll(async () => await env.close());

it('reads the credential once for a run of 25 items, ten at a time, and signs all 25 requests with it', async () => {
	const a = env.seed.orgA;
	const reads = jest.spyOn(HarnessCredentialsHelper.prototype, 'getDecrypted');
	const from = env.sim.requests.length;
	try {
		const result = await runDvs(
			env,
			a.users.admin,
			{ resource: 'task', operation: 'get', documentId: byId('={{ $json.id }}') },
			{ input: Array.from({ length: 25 }, () => ({ json: { id: a.tasks.design } })) },
		);
		expect(jsonOf(result).map((task) => task.dvs_document_id)).toEqual(Array(25).fill(a.tasks.design));
		expect(reads.mock.calls.filter(([, , type]) => type === 'svcDvsApi')).toHaveLength(1);
		expect(dvsCalls(env, from)).toEqual(Array(25).fill('task/get_document'));
	} finally {
		reads.mockRestore();
	}
});
