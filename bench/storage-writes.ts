/* eslint-disable no-console -- this file runs in Node under the bench tools, never inside n8n */
/**
 * What a Storage write costs beside n8n's HTTP Request node, and as its destination grows: File → Upload and
 * Folder → Create, REST and MCP, through n8n's engine in this process, beside the HTTP Request node sending the
 * same writes plain and with the Svc credential (bench/lib/peers.ts), straight to the write simulator in a child
 * process (its CPU is not counted; it counts the requests and the bytes on its sockets). The folders of 2,000 and
 * 50,000 entries are seeded straight into the simulator's store.
 * - Time of 200 writes (the node's run as n8n records it) ÷ the plain peer's: 3 to 5 rounds (lib/pairs.ts), each side
 *   once in each, median of the ratios (goal ≤ 1.3): every write into an empty folder, uploads over REST into 2,000 and 50,000.
 * - Requests and bytes per write in a run of 1 item and in a run of many (200, or 50 untimed into 50,000 entries), into
 *   50,000 entries ÷ into 0 (goal within ±10 %).
 * After each run the folder is trimmed back to its entries, and the count of what was written checked (each item
 * once). Run: `npm run build && npx tsx bench/storage-writes.ts`.
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
import { report, type Figure } from './report';

const RUN = 200;
/** An untimed run into 50,000 entries, for its requests and bytes per write: each write costs the simulator most. */
const GROWTH_RUN = 50;
const GOAL = '≤ 1.3';
/**
 * The rows: each write's time against the peers into an empty folder, and the uploads over REST into 2,000 and
 * 50,000 entries too (the goal names them). Into 50,000 entries every write is also run once as a run of 1 and of
 * GROWTH_RUN, untimed (but the timed upload's), for its requests and bytes: their growth is the figure there, and
 * needs no rounds.
 */
const ROWS: Array<{ kind: Kind; auth: Auth; timed: number[] }> = [
	{ kind: 'upload', auth: 'rest', timed: [0, 2_000, 50_000] },
	{ kind: 'createFolder', auth: 'rest', timed: [0] },
	{ kind: 'upload', auth: 'mcp', timed: [0] },
	{ kind: 'createFolder', auth: 'mcp', timed: [0] },
];
const LARGEST = 50_000;

interface PerWrite {
	requests: number;
	bytes: number;
	/** The items of the run. */
	items: number;
}

const perWrite = (measured: Measured, count: number): PerWrite => ({
	requests: measured.wire.requests / count,
	bytes: (measured.wire.sent + measured.wire.received) / count,
	items: count,
});
const kb = (bytes: number) => `${(bytes / 1000).toFixed(2)} KB`;
const entries = (size: number) => size.toLocaleString('en');

interface SizeRow {
	size: number;
	one: PerWrite;
	many: PerWrite;
	/** The rounds against the peers, where the size is timed. */
	runs?: Record<Side, Measured[]>;
}

async function measureSize(
	sim: WriteSimulator,
	write: { kind: Kind; auth: Auth; timed: boolean },
	folder: string,
	size: number,
): Promise<SizeRow> {
	const { kind, auth } = write;
	let runs = 0;
	const run = async (side: Side, count: number): Promise<Measured> => {
		const tag = `${side}-${kind}-${auth}-${size}-${++runs}`;
		const measured = await runWrites(sim, { kind, auth, side }, folder, writeItems(kind, count, tag));
		const written = await sim.ask<number>({ op: 'trim', folder });
		if (written !== count) throw new Error(`${tag}: ${written} entries written for ${count} items`);
		return measured;
	};
	const one = perWrite(await run('ours', 1), 1);
	if (!write.timed) return { size, one, many: perWrite(await run('ours', GROWTH_RUN), GROWTH_RUN) };
	const timed = await pairedRounds(
		SIDES,
		ROUNDS,
		async (side) => await run(side, RUN),
		agreeOn(GOAL, (measured) => measured.seconds),
	);
	return { size, one, many: perWrite(timed.ours[0], RUN), runs: timed };
}

function timeFigure(kind: Kind, auth: Auth, row: SizeRow & { runs: Record<Side, Measured[]> }): Figure {
	const cpu = (side: Side) => median(row.runs[side].map((run) => run.cpuMs / RUN)).toFixed(1);
	const cost = (per: PerWrite) => `${per.requests.toFixed(2)} req, ${kb(per.bytes)}`;
	return sideFigure({
		key: `write${capitalized(kind)}${capitalized(auth)}Time${row.size}`,
		what: `${RUN} × ${KIND_LABELS[kind]} over ${auth.toUpperCase()} into ${entries(row.size)} entries, time`,
		runs: row.runs,
		measure: (run) => run.seconds,
		show: (seconds) => `${seconds.toFixed(2)} s`,
		goal: GOAL,
		more:
			`CPU per write ${cpu('ours')} ms, plain ${cpu('plain')}, with the credential ${cpu('signed')}; ` +
			`ours per write ${cost(row.many)}, plain ${cost(perWrite(row.runs.plain[0], RUN))}`,
	});
}

/** Requests and bytes per write into 50,000 entries ÷ into 0; the value is the run (of 1 or 200) farther from 1. */
function growthFigures(kind: Kind, auth: Auth, rows: SizeRow[]): Figure[] {
	const [empty, largest] = [rows[0], rows.at(-1)!];
	return (['requests', 'bytes'] as const).map((measure) => {
		const show = (per: PerWrite) => (measure === 'requests' ? per.requests.toFixed(2) : kb(per.bytes));
		const ratio = (run: 'one' | 'many') => largest[run][measure] / empty[run][measure];
		const runs = (['one', 'many'] as const).map((run) => {
			const items = [...new Set([empty[run].items, largest[run].items])].join(' and ');
			return `run${items.includes(' ') ? 's' : ''} of ${items}: ${show(empty[run])} → ${show(largest[run])} (${ratio(run).toFixed(3)})`;
		});
		const worst = Math.abs(ratio('one') - 1) > Math.abs(ratio('many') - 1) ? ratio('one') : ratio('many');
		return {
			key: `write${capitalized(kind)}${capitalized(auth)}${capitalized(measure)}Growth`,
			label:
				`${KIND_LABELS[kind]} over ${auth.toUpperCase()}: ${measure} per write into ${entries(LARGEST)} entries ÷ ` +
				`into 0, the run farther from 1 (${runs.join('; ')})`,
			value: Number(worst.toFixed(3)),
			goal: '0.9–1.1',
		};
	});
}

async function main(): Promise<void> {
	loadHttpRequestNode();
	const sim = await startWriteSimulator();
	try {
		const folders = new Map<number, string>();
		for (const size of [0, 2_000, LARGEST]) folders.set(size, await sim.ask<string>({ op: 'folder', entries: size }));
		// One small run of each side of each row first, so that the first timed run does not load code paths.
		for (const { kind, auth } of ROWS)
			for (const side of SIDES) {
				await runWrites(sim, { kind, auth, side }, folders.get(0)!, writeItems(kind, 2, `warm-up-${side}`));
				await sim.ask({ op: 'trim', folder: folders.get(0)! });
			}
		for (const { kind, auth, timed } of ROWS) {
			const rows: SizeRow[] = [];
			for (const size of [...new Set([0, ...timed, LARGEST])]) {
				const row = await measureSize(sim, { kind, auth, timed: timed.includes(size) }, folders.get(size)!, size);
				if (row.runs) {
					const figure = timeFigure(kind, auth, { ...row, runs: row.runs });
					console.log(`${figure.label}: ${figure.value}`);
					report(figure);
				}
				rows.push(row);
			}
			for (const figure of growthFigures(kind, auth, rows)) {
				console.log(`  ${figure.label}: ${figure.value}`);
				report(figure);
			}
		}
	} finally {
		sim.stop();
	}
}

runBench(main);
