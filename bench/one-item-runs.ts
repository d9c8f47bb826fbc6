/* eslint-disable @n8n/community-nodes/no-restricted-globals, no-console -- this file runs in Node under the bench tools, never inside n8n */
/**
 * One upload per run, a trigger's usual run (n8n runs a workflow once per event, with one item): executions of one
 * File → Upload item (REST, into an empty folder) through n8n's engine in this process, beside n8n's HTTP Request
 * node sending the same upload plain and with the Svc credential (bench/lib/peers.ts), straight to the write
 * simulator in a child process. What a run costs is the whole execution as the harness runs it (the workflow built
 * and checked, the start node, the node), wall and this process's CPU: per round each side runs RUNS executions,
 * 3 to 5 rounds (lib/pairs.ts), each side once in each, the median of the ratios (goal ≤ 1.3 for each). And what
 * of a run is the node's description, whatever it does: n8n's checks of it, timed alone (goal: as quick as n8n's
 * own HTTP Request node's).
 * Run: `npm run build && npx tsx bench/one-item-runs.ts`. Figures only.
 */
import '../devkit/setupEnv';

import { NodeHelpers, type INode, type INodeParameters } from 'n8n-workflow';

import { loadPackage } from '../devkit/harness';
import { loadHttpRequestNode } from './lib/nodeTransfers';
import { agreeOn, pairedRounds, ROUNDS, sideFigure } from './lib/pairs';
import { KIND_LABELS, ourParameters, peerParameters, SIDES, type Side } from './lib/peers';
import { runBench } from './lib/transfer';
import { runWrites, startWriteSimulator, writeItems, type WriteSimulator } from './lib/writes';
import { report } from './report';

/** Executions per side and round: enough that a round's mean holds still, each a few milliseconds. */
const RUNS = 60;
const GOAL = '≤ 1.3';
/** As quickly as n8n checks its own HTTP Request node's. */
const DESCRIPTION_GOAL = '≤ 1.0';

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

/**
 * Checks of the node's description a round times per side, each a few tenths of a millisecond: in batches, of which
 * the quickest counts (the work is the same each time; a slower batch is a collection or another process's turn).
 */
const CHECKS = 400;
const BATCHES = 5;

/**
 * What n8n does with a node's description on every run, whatever the node: its parameters completed with their
 * defaults (`getNodeParameters`, as a Workflow is built) and checked for issues (`getNodeParametersIssues`, as an
 * execution starts), for the node as each side sets it up. Milliseconds per run, in the quickest batch.
 */
function descriptionCheckMs(type: string, version: number, parameters: INodeParameters): number {
	const { description } = loadPackage().nodeTypes.getByNameAndVersion(type, version);
	const node: INode = { id: '1', name: 'node', type, typeVersion: version, parameters, position: [0, 0] };
	let quickest = Infinity;
	for (let batch = 0; batch < BATCHES; batch++) {
		const started = process.hrtime.bigint();
		for (let check = 0; check < CHECKS; check++) {
			NodeHelpers.getNodeParameters(description.properties, parameters, true, false, node, description);
			NodeHelpers.getNodeParametersIssues(description.properties, node, description);
		}
		quickest = Math.min(quickest, Number(process.hrtime.bigint() - started) / 1e6 / CHECKS);
	}
	return quickest;
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
		const setUp = (side: Side): [string, number, INodeParameters] => {
			if (side === 'ours') {
				const [type, parameters] = ourParameters('upload', 'rest', folder);
				return [type, 2, parameters];
			}
			const parameters = peerParameters(sim.ready, { kind: 'upload', auth: 'rest', peer: side }, folder);
			return ['n8n-nodes-base.httpRequest', 4.2, parameters];
		};
		const checks = await pairedRounds(
			SIDES,
			ROUNDS,
			async (side) => await Promise.resolve(descriptionCheckMs(...setUp(side))),
			agreeOn<number>(DESCRIPTION_GOAL, (ms) => ms),
		);
		figures.push(
			sideFigure({
				key: 'descriptionCheck',
				what: `n8n's checks of the node's description per run (${KIND_LABELS.upload}, REST: parameters with their defaults and their issues), time`,
				runs: checks,
				measure: (ms) => ms,
				show: (ms) => `${ms.toFixed(3)} ms`,
				goal: DESCRIPTION_GOAL,
			}),
		);
		for (const figure of figures) {
			console.log(`${figure.label}: ${figure.value}`);
			report(figure);
		}
	} finally {
		sim.stop();
	}
}

runBench(main);
