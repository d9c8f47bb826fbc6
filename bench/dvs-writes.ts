/* eslint-disable no-console -- this file runs in Node under the bench tools, never inside n8n */
/**
 * 200 DVS writes beside n8n's HTTP Request node sending the same writes (bench/lib/writes.ts), REST and MCP,
 * through n8n's engine in this process, the simulator in a child process: Task → Create into the demo project
 * (ours returns the whole task; the peer's create answers the ID over REST, the task over MCP) and Comment → Add,
 * 200 comments on a task of their own per run. Paired rounds in alternating order, the median of the ratios of
 * the node's run time as n8n records it (goal ≤ 2.2); requests and bytes per write beside. Figures only.
 * Run: `npm run build && npx tsx bench/dvs-writes.ts`.
 */
import '../devkit/setupEnv';

import { loadHttpRequestNode } from './lib/nodeTransfers';
import { budgetSeconds, describeRatios, median, medianSeconds, pairedRuns } from './lib/pairs';
import { runBench } from './lib/transfer';
import {
	capitalized,
	KIND_LABELS,
	runWrites,
	startWriteSimulator,
	writeItems,
	type Auth,
	type Kind,
	type Measured,
	type Side,
	type WriteSimulator,
	warmUp,
} from './lib/writes';
import { report } from './report';

const RUN = 200;
const ROUNDS = 5;
const BUDGET_S = budgetSeconds(60);

async function destinationOf(sim: WriteSimulator, kind: Kind): Promise<number> {
	return kind === 'createTask' ? sim.ready.dvs.projectId : await sim.ask<number>({ op: 'task' });
}

async function compare(sim: WriteSimulator, kind: Kind, auth: Auth): Promise<void> {
	let runs = 0;
	const measured: Record<Side, Measured[]> = { ours: [], theirs: [] };
	const run = async (side: Side): Promise<number> => {
		const items = writeItems(kind, RUN, `${side}-${kind}-${auth}-${++runs}`);
		const result = await runWrites(sim, { kind, auth, side }, await destinationOf(sim, kind), items);
		measured[side].push(result);
		return result.seconds;
	};
	const time = await pairedRuns(
		ROUNDS,
		3 * BUDGET_S,
		async () => await run('ours'),
		async () => await run('theirs'),
	);
	const per = (side: Side) => {
		const [first] = measured[side];
		const cpu = median(measured[side].map((result) => result.cpuMs / RUN));
		const bytes = (first.wire.sent + first.wire.received) / RUN;
		return `${(first.wire.requests / RUN).toFixed(2)} req, ${(bytes / 1000).toFixed(1)} KB, ${cpu.toFixed(1)} ms CPU`;
	};
	const label = `${RUN} × ${KIND_LABELS[kind]} over ${auth.toUpperCase()}`;
	const perWrite = `per write ours ${per('ours')}, theirs ${per('theirs')}`;
	const times = `ours ${medianSeconds(time.ours)}, theirs ${medianSeconds(time.theirs)}`;
	console.log(`${label}: time ÷ HTTP Request ${describeRatios(time)} (${times}); ${perWrite}`);
	report({
		key: `write${capitalized(kind)}${capitalized(auth)}Time`,
		label: `${label}, time ÷ n8n's HTTP Request node, ${describeRatios(time)}; ${perWrite}`,
		value: Number(median(time.ratios).toFixed(3)),
		ours: medianSeconds(time.ours),
		baseline: medianSeconds(time.theirs),
		goal: '≤ 2.2',
	});
}

async function main(): Promise<void> {
	loadHttpRequestNode();
	const sim = await startWriteSimulator();
	try {
		const kinds = ['createTask', 'addComment'] as const;
		const auths = ['rest', 'mcp'] as const;
		await warmUp(sim, kinds, async (kind) => await destinationOf(sim, kind));
		for (const auth of auths) for (const kind of kinds) await compare(sim, kind, auth);
	} finally {
		sim.stop();
	}
}

runBench(main);
