/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @typescript-eslint/no-require-imports, no-console -- this file runs in Node under the test tools, never inside n8n */
/**
 * 1,000 items of Get File Info through the Svc Storage node against n8n's own HTTP Request node making
 * the same call with the same credential (n8n-nodes-base 2.41.1 from the n8n install, run through the
 * same engine, in the same process, alternating, best of 3 each). Prints and reports the ratio of wall times.
 */
import '../test/setupEnv';

import { join } from 'node:path';

import type { INodeType, IVersionedNodeType } from 'n8n-workflow';

import { demoCredentials, startDemoSimulator } from '../examples/examples';
import { n8nModules } from '../scripts/n8n/runtime';
import { loadPackage, runNode } from '../test/harness';
import { report } from './report';

const ITEMS = 1000;
const ROUNDS = 3;

async function main(): Promise<void> {
	const { HttpRequest } = require(join(n8nModules(), 'n8n-nodes-base', 'dist', 'nodes', 'HttpRequest', 'HttpRequest.node.js')) as { HttpRequest: new () => INodeType | IVersionedNodeType };
	loadPackage().nodeTypes.add('n8n-nodes-base.httpRequest', new HttpRequest());
	const sim = await startDemoSimulator();
	try {
		const credentials = demoCredentials(sim);
		const hash = sim.demo.files.contract.hash;
		const input = Array.from({ length: ITEMS }, () => ({ json: { hash } }));
		const ours = async () =>
			await runNode({ type: 'svcStorage', parameters: { resource: 'file', operation: 'getInfo', file: { __rl: true, mode: 'id', value: '={{ $json.hash }}' }, options: {} }, credentials, input });
		const theirs = async () =>
			await runNode({
				type: 'n8n-nodes-base.httpRequest',
				typeVersion: 4.2,
				parameters: {
					method: 'POST',
					url: `${sim.baseUrl}/api_v2/get_file_info`,
					authentication: 'predefinedCredentialType',
					nodeCredentialType: 'svcStorageApi',
					sendBody: true,
					contentType: 'form-urlencoded',
					bodyParameters: { parameters: [{ name: 'file_hash', value: '={{ $json.hash }}' }] },
					options: {},
				},
				credentials,
				input,
			});
		const time = async (run: () => Promise<{ items: unknown[]; error?: unknown }>) => {
			const started = process.hrtime.bigint();
			const result = await run();
			if (result.error || result.items.length !== ITEMS) throw new Error(`a run failed: ${JSON.stringify(result.error ?? result.items.length)}`);
			return Number(process.hrtime.bigint() - started) / 1e9;
		};
		await time(ours);
		await time(theirs);
		let best = { ours: Infinity, theirs: Infinity };
		for (let round = 0; round < ROUNDS; round++) best = { ours: Math.min(best.ours, await time(ours)), theirs: Math.min(best.theirs, await time(theirs)) };
		const ratio = best.ours / best.theirs;
		console.log(`${ITEMS} × Get File Info: Svc Storage ${best.ours.toFixed(2)} s, HTTP Request node ${best.theirs.toFixed(2)} s, ratio ${ratio.toFixed(2)} (best of ${ROUNDS})`);
		report({ key: 'perItemVsHttpRequest', label: '1,000 × Get File Info, wall time ÷ HTTP Request node', value: Number(ratio.toFixed(3)), ours: `${best.ours.toFixed(2)} s`, baseline: `${best.theirs.toFixed(2)} s`, goal: '≤ 1.05' });
	} finally {
		await sim.close();
	}
}

void main();
