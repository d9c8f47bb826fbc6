/* eslint-disable no-console -- this file runs in Node under the bench tools, never inside n8n */
/**
 * One upload per run, a trigger's usual run (n8n runs a workflow once per event, with one item): executions of one
 * File → Upload item (REST, into an empty folder) through n8n's engine in this process, beside n8n's HTTP Request
 * node sending the same upload plain and with the Svc credential (bench/lib/peers.ts), straight to the write
 * simulator in a child process. What a run costs is the whole execution as the harness runs it (the workflow built
 * and checked, the start node, the node), wall and this process's CPU: per round each side runs RUNS executions,
 * 3 to 5 rounds (lib/pairs.ts), each side once in each, the median of the ratios (goal ≤ 1.3 for each).
 * Run: `npm run build && npx tsx bench/one-item-runs.ts`. Figures only.
 */
import '../devkit/setupEnv';

import { loadHttpRequestNode } from './lib/nodeTransfers';
import { agreeOn, pairedRounds, ROUNDS, sideFigure } from './lib/pairs';
import { KIND_LABELS, SIDES, type Side } from './lib/peers';
import { runBench } from './lib/transfer';
import { runWrites, startWriteSimulator, writeItems, type WriteSimulator } from './lib/writes';
import { report } from './report';

/** Executions per side and round: enough that a round's mean holds still, each a few milliseconds. */
const RUNS = 60;
const GOAL = '≤ 1.3';

interface PerRun {
	wallMs: number;
	cpuMs: number;
}

async function executions(sim: WriteSimulator, folder: string, side: Side, tag: string, count: number) {
	const sum: PerRun = { wallMs: 0, cpuMs: 0 };
	for (let run = 0; run < count; run++) {
		const items = writeItems('upload', 1, `${tag}-${run}`);
		const measured = await runWrites(sim, { kind: 'upload', auth: 'rest', side }, folder, items);
		sum.wallMs += measured.wallSeconds * 1000;
		sum.cpuMs += measured.cpuMs;
	}
	const written = await sim.ask<number>({ op: 'trim', folder });
	if (written !== count) throw new Error(`${tag}: ${written} files written by ${count} runs`);
	return { wallMs: sum.wallMs / count, cpuMs: sum.cpuMs / count };
}

async function main(): Promise<void> {
	loadHttpRequestNode();
	const sim = await startWriteSimulator();
	try {
		const folder = await sim.ask<string>({ op: 'folder', entries: 0 });
		for (const side of SIDES) await executions(sim, folder, side, `warm-up-${side}`, 5);
		const runs = await pairedRounds(
			SIDES,
			ROUNDS,
			async (side, round) => await executions(sim, folder, side, `${side}-${round}`, RUNS),
			(sofar) => agreeOn<PerRun>(GOAL, (run) => run.wallMs)(sofar) && agreeOn<PerRun>(GOAL, (run) => run.cpuMs)(sofar),
		);
		const what = `one ${KIND_LABELS.upload} (REST) per run, ${RUNS} runs a round`;
		const figures = [
			sideFigure({
				key: 'oneItemRunWall',
				what: `${what}: wall time per run`,
				runs,
				measure: (run) => run.wallMs,
				show: (ms) => `${ms.toFixed(1)} ms`,
				goal: GOAL,
			}),
			sideFigure({
				key: 'oneItemRunCpu',
				what: `${what}: CPU time per run`,
				runs,
				measure: (run) => run.cpuMs,
				show: (ms) => `${ms.toFixed(1)} ms`,
				goal: GOAL,
			}),
		];
		for (const figure of figures) {
			console.log(`${figure.label}: ${figure.value}`);
			report(figure);
		}
	} finally {
		sim.stop();
	}
}

runBench(main);
