/* eslint-disable no-console -- this file runs in Node under the bench tools, never inside n8n */
/**
 * 1,000 reads in one run: Get File Info (Svc Storage) and Get Task (Svc DVS) beside n8n's HTTP Request node making
 * each same call plain and with the Svc credential (bench/lib/peers.ts), through the same engine in this process,
 * straight to the write simulator in a child process. 3 to 5 rounds (lib/pairs.ts), each side once in each, the median of the ratios
 * of the node's run time as n8n records it (goal ≤ 0.5 of the plain peer's). Beside them in each round, the request
 * floor (lib/requestFloor.ts): a node that only sends the same requests through n8n's request helper, all at once, the
 * least any node's read can take. Figures only.
 * Run: `npm run build && npx tsx bench/per-item.ts`.
 */
import '../devkit/setupEnv';

import { loadHttpRequestNode } from './lib/nodeTransfers';
import { agreeOn, median, pairedRounds, ROUNDS, sideFigure } from './lib/pairs';
import { loadRequestFloorNode } from './lib/requestFloor';
import { KIND_LABELS, SIDES, type Kind, type Side } from './lib/peers';
import { runBench } from './lib/transfer';
import { runWrites, startWriteSimulator, writeItems, type WriteSimulator } from './lib/writes';
import { report } from './report';

const ITEMS = 1_000;
const GOAL = '≤ 0.5';
const READS: Array<{ key: string; kind: Kind }> = [
	{ key: 'perItemVsHttpRequest', kind: 'getFileInfo' },
	{ key: 'perItemGetTaskVsHttpRequest', kind: 'getTask' },
];

async function compare(sim: WriteSimulator, key: string, kind: Kind): Promise<void> {
	const target = kind === 'getFileInfo' ? sim.ready.storage.fileHash : sim.ready.dvs.taskId;
	const read = async (side: Side | 'floor', count: number) =>
		await runWrites(sim, { kind, auth: 'rest', side }, target, writeItems(kind, count, 'read'));
	const sides = [...SIDES, 'floor'] as const;
	for (const side of sides) await read(side, 10);
	const runs = await pairedRounds(
		sides,
		ROUNDS,
		async (side) => await read(side, ITEMS),
		agreeOn(GOAL, (run) => run.seconds),
	);
	const seconds = (side: Side | 'floor') => median(runs[side].map((run) => run.seconds));
	const cpu = (side: Side | 'floor') => (median(runs[side].map((run) => run.cpuMs)) / ITEMS).toFixed(2);
	const requests = (side: Side) => (runs[side][0].wire.requests / ITEMS).toFixed(2);
	const figure = sideFigure({
		key,
		what: `${ITEMS.toLocaleString('en')} × ${KIND_LABELS[kind]} (REST) in one run, time`,
		runs,
		measure: (run) => run.seconds,
		show: (seconds) => `${seconds.toFixed(2)} s`,
		goal: GOAL,
		more:
			`CPU per item ${cpu('ours')} ms, plain ${cpu('plain')}, with the credential ${cpu('signed')}; ` +
			`requests per item ${requests('ours')}, plain ${requests('plain')}; a node that only sends the requests ` +
			`through n8n's request helper, all at once: ${seconds('floor').toFixed(2)} s, ` +
			`${(seconds('floor') / seconds('plain')).toFixed(2)} of the plain peer's, CPU per item ${cpu('floor')} ms`,
	});
	console.log(`${figure.label}: ${figure.value}`);
	report(figure);
}

async function main(): Promise<void> {
	loadHttpRequestNode();
	loadRequestFloorNode();
	const sim = await startWriteSimulator();
	try {
		for (const { key, kind } of READS) await compare(sim, key, kind);
	} finally {
		sim.stop();
	}
}

runBench(main);
