/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @typescript-eslint/no-require-imports, no-console -- this file runs in Node under the test tools, never inside n8n */
/**
 * 1,000 items of Get File Info (Svc Storage) and of Get Task (Svc DVS) against n8n's own HTTP Request node making
 * each same call with the same credential (n8n-nodes-base 2.41.1 from the n8n install, run through the
 * same engine, in the same process, alternating, best of 3 each). Prints and reports the ratio of wall times.
 */
import '../devkit/setupEnv';

import { join } from 'node:path';

import type { INodeParameters, INodeType, IVersionedNodeType } from 'n8n-workflow';

import { demoCredentials, startDemoSimulator } from '../devkit/demo';
import { n8nModules } from '../devkit/n8n/runtime';
import { loadPackage, runNode } from '../devkit/harness';
import { report } from './report';

const ITEMS = 1000;
const ROUNDS = 3;

interface Case {
	key: string;
	label: string;
	ours: { type: string; parameters: INodeParameters };
	/** The HTTP Request node's call: method POST, the same credential, body as the API documents it. */
	theirs: { path: string; body: 'form-urlencoded' | 'json'; field: string };
}

const itemValue = '={{ $json.id }}';

async function main(): Promise<void> {
	const { HttpRequest } = require(
		join(n8nModules(), 'n8n-nodes-base', 'dist', 'nodes', 'HttpRequest', 'HttpRequest.node.js'),
	) as { HttpRequest: new () => INodeType | IVersionedNodeType };
	loadPackage().nodeTypes.add('n8n-nodes-base.httpRequest', new HttpRequest());
	const sim = await startDemoSimulator();
	try {
		const credentials = demoCredentials(sim);
		const cases: Array<Case & { id: string | number }> = [
			{
				key: 'perItemVsHttpRequest',
				label: 'Get File Info',
				id: sim.demo.files.contract.hash,
				ours: {
					type: 'svcStorage',
					parameters: {
						resource: 'file',
						operation: 'getInfo',
						file: { __rl: true, mode: 'id', value: itemValue },
						options: {},
					},
				},
				theirs: { path: '/api_v2/get_file_info', body: 'form-urlencoded', field: 'file_hash' },
			},
			{
				key: 'perItemGetTaskVsHttpRequest',
				label: 'Get Task',
				id: sim.dvs.seed.orgA.tasks.design,
				ours: {
					type: 'svcDvs',
					parameters: { resource: 'task', operation: 'get', documentId: { __rl: true, mode: 'id', value: itemValue } },
				},
				theirs: { path: '/api_dvs/task/get_document', body: 'json', field: 'dvs_document_id' },
			},
		];
		for (const bench of cases) {
			const input = Array.from({ length: ITEMS }, () => ({ json: { id: bench.id } }));
			const ours = async () => await runNode({ ...bench.ours, credentials, input });
			const theirs = async () =>
				await runNode({
					type: 'n8n-nodes-base.httpRequest',
					typeVersion: 4.2,
					parameters: {
						method: 'POST',
						url: `${sim.baseUrl}${bench.theirs.path}`,
						authentication: 'predefinedCredentialType',
						nodeCredentialType: bench.ours.type === 'svcDvs' ? 'svcDvsApi' : 'svcStorageApi',
						sendBody: true,
						contentType: bench.theirs.body === 'json' ? 'json' : 'form-urlencoded',
						...(bench.theirs.body === 'json'
							? {
									specifyBody: 'keypair',
									bodyParameters: { parameters: [{ name: bench.theirs.field, value: '={{ Number($json.id) }}' }] },
								}
							: { bodyParameters: { parameters: [{ name: bench.theirs.field, value: itemValue }] } }),
						options: {},
					},
					credentials,
					input,
				});
			await time(ours);
			await time(theirs);
			let best = { ours: Infinity, theirs: Infinity };
			for (let round = 0; round < ROUNDS; round++)
				best = { ours: Math.min(best.ours, await time(ours)), theirs: Math.min(best.theirs, await time(theirs)) };
			const ratio = best.ours / best.theirs;
			console.log(
				`${ITEMS} × ${bench.label}: Svc node ${best.ours.toFixed(2)} s, HTTP Request node ${best.theirs.toFixed(2)} s, ratio ${ratio.toFixed(2)} (best of ${ROUNDS})`,
			);
			report({
				key: bench.key,
				label: `1,000 × ${bench.label}, wall time ÷ HTTP Request node`,
				value: Number(ratio.toFixed(3)),
				ours: `${best.ours.toFixed(2)} s`,
				baseline: `${best.theirs.toFixed(2)} s`,
				goal: '≤ 1.05',
			});
		}
	} finally {
		await sim.close();
	}
}

async function time(run: () => Promise<{ items: unknown[]; error?: { message: string } }>): Promise<number> {
	const started = process.hrtime.bigint();
	const result = await run();
	if (result.error || result.items.length !== ITEMS)
		throw new Error(`a run failed: ${result.error?.message ?? `${result.items.length} items`}`);
	return Number(process.hrtime.bigint() - started) / 1e9;
}

void main();
