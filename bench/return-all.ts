/* eslint-disable @n8n/community-nodes/no-hardcoded-secrets, no-console -- this file runs in Node under the test tools, never inside n8n; a report key is a name, not a secret */
/**
 * Requests for Return All of 10,000 DVS tasks (Svc DVS > Task > Get Many) through the real n8n engine
 * against the simulator: the pages the API's limit allows, plus the field list the output is read with.
 * Run `npm run build` first, then `npx tsx bench/return-all.ts`. Figures only; nothing is asserted.
 */
import '../devkit/setupEnv';

import { runNode } from '../devkit/harness';
import { startServiceSimulator } from '../devkit/simulator';
import { insertTask } from '../devkit/simulator/dvs/direct';
import { report } from './report';

const TASKS = 10_000;

async function main(): Promise<void> {
	const sim = await startServiceSimulator();
	try {
		const org = sim.dvs.seed.orgA;
		const project = sim.dvs.store.insertDocument(org.orgId, 'project_2', {
			values: { name: 'Ten thousand' },
			creatorId: org.users.admin.id,
		}).id;
		const credentials = {
			svcDvsApi: { baseUrl: sim.baseUrl, user: org.users.admin.login, accessToken: org.users.admin.token },
		};
		const getMany = async () =>
			await runNode({
				type: 'n8n-nodes-svc.svcDvs',
				parameters: { resource: 'task', operation: 'getMany', returnAll: true },
				credentials,
			});
		const seeded = (await getMany()).items.length;
		for (let n = seeded; n < TASKS; n++) {
			insertTask(sim.dvs.store, {
				orgId: org.orgId,
				creatorId: org.users.admin.id,
				createdAt: Date.now(),
				values: { dvs_project_id: project, name: `Task ${n}` },
			});
		}
		const before = sim.requests.length;
		const result = await getMany();
		if (result.error) throw new Error(result.error.message);
		const requests = sim.requests.slice(before);
		const paths = new Map<string, number>();
		for (const entry of requests) paths.set(entry.path, (paths.get(entry.path) ?? 0) + 1);
		console.log(
			`Return All of ${TASKS} tasks: ${result.items.length} items, ${requests.length} requests (${[...paths].map(([path, count]) => `${count} × ${path}`).join(', ')})`,
		);
		report({
			key: 'returnAll10kRequests',
			label: `requests for Return All of ${TASKS.toLocaleString('en')} DVS tasks`,
			value: requests.length,
			ours: `${result.items.length} items`,
			goal: '≤ 51',
		});
	} finally {
		await sim.close();
	}
}

void main();
