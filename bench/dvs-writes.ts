/* eslint-disable no-console -- this file runs in Node under the bench tools, never inside n8n */
/**
 * 200 DVS writes beside n8n's HTTP Request node sending the same writes plain and with the Svc credential
 * (bench/lib/peers.ts), REST and MCP, through n8n's engine in this process, straight to the write simulator in a
 * child process: Task → Create into the demo project (ours outputs the whole task; the peer's create answers the
 * ID over REST, the task over MCP; goal ≤ 1.5) and Comment → Add, 200 comments on a task of their own per run
 * (goal ≤ 1.3). 3 to 5 rounds (lib/pairs.ts), each side once in each, the median of the ratios of the node's run time as n8n records
 * it; requests, bytes and CPU per write beside. Figures only. Run: `npm run build && npx tsx bench/dvs-writes.ts`.
 */
import '../devkit/setupEnv';

import { loadHttpRequestNode } from './lib/nodeTransfers';
import { agreeOn, median, pairedRounds, ROUNDS, sideFigure } from './lib/pairs';
import { KIND_LABELS, SIDES, type Auth, type Kind, type Side } from './lib/peers';
import { runBench } from './lib/transfer';
import {
	capitalized,
	runWrites,
	startWriteSimulator,
	writeItems,
	type Measured,
	type WriteSimulator,
} from './lib/writes';
import { report } from './report';

const RUN = 200;
const GOALS: Partial<Record<Kind, string>> = { createTask: '≤ 1.5', addComment: '≤ 1.3' };

async function destinationOf(sim: WriteSimulator, kind: Kind): Promise<number> {
	return kind === 'createTask' ? sim.ready.dvs.projectId : await sim.ask<number>({ op: 'task' });
}

async function compare(sim: WriteSimulator, kind: Kind, auth: Auth): Promise<void> {
	let runs = 0;
	const runsOf = await pairedRounds(
		SIDES,
		ROUNDS,
		async (side) => {
			const items = writeItems(kind, RUN, `${side}-${kind}-${auth}-${++runs}`);
			return await runWrites(sim, { kind, auth, side }, await destinationOf(sim, kind), items);
		},
		agreeOn(GOALS[kind]!, (run) => run.seconds),
	);
	const per = (side: Side) => {
		const [first] = runsOf[side];
		const cpu = median(runsOf[side].map((run: Measured) => run.cpuMs / RUN));
		const bytes = (first.wire.sent + first.wire.received) / RUN;
		return `${(first.wire.requests / RUN).toFixed(2)} req, ${(bytes / 1000).toFixed(2)} KB, ${cpu.toFixed(1)} ms CPU`;
	};
	const figure = sideFigure({
		key: `write${capitalized(kind)}${capitalized(auth)}Time`,
		what: `${RUN} × ${KIND_LABELS[kind]} over ${auth.toUpperCase()}, time`,
		runs: runsOf,
		measure: (run) => run.seconds,
		show: (seconds) => `${seconds.toFixed(2)} s`,
		goal: GOALS[kind]!,
		more: `per write ours ${per('ours')}, plain ${per('plain')}, with the credential ${per('signed')}`,
	});
	console.log(`${figure.label}: ${figure.value}`);
	report(figure);
}

async function main(): Promise<void> {
	loadHttpRequestNode();
	const sim = await startWriteSimulator();
	try {
		const kinds = ['createTask', 'addComment'] as const;
		const auths = ['rest', 'mcp'] as const;
		// One small run of each side first, so that the first timed run does not load the code paths.
		for (const kind of kinds)
			for (const auth of auths)
				for (const side of SIDES)
					await runWrites(sim, { kind, auth, side }, await destinationOf(sim, kind), writeItems(kind, 2, 'warm-up'));
		for (const auth of auths) for (const kind of kinds) await compare(sim, kind, auth);
	} finally {
		sim.stop();
	}
}

runBench(main);
