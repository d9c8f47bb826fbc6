/* eslint-disable @n8n/community-nodes/no-hardcoded-secrets, no-console -- this file runs in Node under the bench tools, never inside n8n; a report key is a name, not a secret */
/**
 * What one failed item adds to the execution n8n saves: 5,000 Folder → Create items (REST) through n8n's engine,
 * On Error → Continue, once with one item refused (a 400 before the write, on the 2,501st create: a certain
 * refusal, not item 0) and once with none. Each execution's data is serialized as n8n saves it (flatted, run data
 * and execution data with the nodes' context data, where the write records live); the figure is the ratio of the
 * two (goal ≤ 1.05). The folders go to 100 parent folders (50 each), so that no write's cost grows with the run.
 * Run: `npm run build && npx tsx bench/saved-execution.ts`. Figures only.
 */
import '../devkit/setupEnv';

import type { IConnections, INodeExecutionData, IRunExecutionData } from 'n8n-workflow';
import { stringify } from 'flatted';

import { runWorkflow } from '../devkit/harness';
import { ITEMS_TYPE, registerItems, releaseItems } from '../devkit/harness/internalNodes';
import { runBench } from './lib/transfer';
import { credentialsOf } from './lib/peers';
import { startWriteSimulator, type WriteSimulator } from './lib/writes';
import { report } from './report';

const ITEMS = 5_000;
const PARENTS = 100;
const FAILING = 2_500;

interface Saved {
	bytes: number;
	contextBytes: number;
	outputBytes: number;
	items: INodeExecutionData[];
}

const byId = (value: string) => ({ __rl: true, mode: 'id', value });
const sizeOf = (value: unknown) => Buffer.byteLength(stringify(value ?? null));

/** One execution of the 5,000 creates (folder names `${tag}-n`), and the size of what n8n saves of it. */
async function execution(sim: WriteSimulator, parents: string[], tag: string): Promise<Saved> {
	const itemsKey = registerItems(
		Array.from({ length: ITEMS }, (_, n) => ({ json: { name: `${tag}-${n}`, parent: parents[n % PARENTS] } })),
	);
	const connections: IConnections = { Input: { main: [[{ node: 'Create', type: 'main', index: 0 }]] } };
	try {
		const run = await runWorkflow(
			{
				nodes: [
					{ name: 'Input', type: ITEMS_TYPE, typeVersion: 1, parameters: { itemsKey } },
					{
						name: 'Create',
						type: 'n8n-nodes-svc.svcStorage',
						onError: 'continueRegularOutput',
						parameters: {
							authentication: 'svcStorageApi',
							resource: 'folder',
							operation: 'create',
							parentFolder: { ...byId(''), value: '={{ $json.parent }}' },
							folderName: '={{ $json.name }}',
						},
					},
				],
				connections,
			},
			{ credentials: credentialsOf(sim.ready, 'createFolder', 'rest'), startNode: 'Input' },
		);
		if (run.error) throw new Error(run.error.message);
		const data: IRunExecutionData = run.raw.data;
		return {
			bytes: sizeOf(data),
			contextBytes: sizeOf(data.executionData?.contextData),
			outputBytes: sizeOf(data.resultData.runData.Create),
			items: run.outputOf('Create'),
		};
	} finally {
		releaseItems(itemsKey);
	}
}

const kib = (bytes: number) => `${(bytes / 1024).toFixed(0)} KiB`;

function describe(saved: Saved): string {
	return `${kib(saved.bytes)} (context data ${kib(saved.contextBytes)}, the node's run data ${kib(saved.outputBytes)})`;
}

async function main(): Promise<void> {
	const sim = await startWriteSimulator();
	try {
		const parents: string[] = [];
		for (let n = 0; n < PARENTS; n++) parents.push(await sim.ask<string>({ op: 'folder', entries: 0 }));
		const clean = await execution(sim, parents, 'clean');
		await sim.ask({
			op: 'fault',
			spec: { match: { action: 'create_folder' }, fault: { kind: 'statusBeforeCommit', status: 400 }, skip: FAILING },
		});
		const failed = await execution(sim, parents, 'failed');
		await sim.ask({ op: 'clearFaults' });
		const errors = failed.items.filter((item) => item.json.error !== undefined).length;
		const written = (saved: Saved) => saved.items.filter((item) => item.json.folder_hash !== undefined).length;
		if (errors !== 1 || written(failed) !== ITEMS - 1 || written(clean) !== ITEMS)
			throw new Error(`expected 1 failed and ${ITEMS - 1} written items, got ${errors} and ${written(failed)}`);
		const ratio = failed.bytes / clean.bytes;
		console.log(`${ITEMS.toLocaleString('en')} × Folder → Create (REST, On Error → Continue), saved execution:`);
		console.log(`  no failed item:  ${describe(clean)}`);
		console.log(`  one failed item: ${describe(failed)}`);
		console.log(`  ratio ${ratio.toFixed(3)}`);
		report({
			key: 'savedExecutionOneFailedOf5k',
			label:
				`size of the saved execution (flatted run data + context data) of ${ITEMS.toLocaleString('en')} × Folder → ` +
				`Create, On Error → Continue, one item refused ÷ none (context data ${kib(failed.contextBytes)} vs ` +
				`${kib(clean.contextBytes)})`,
			value: Number(ratio.toFixed(3)),
			ours: kib(failed.bytes),
			baseline: kib(clean.bytes),
			goal: '≤ 1.05',
		});
	} finally {
		sim.stop();
	}
}

runBench(main);
