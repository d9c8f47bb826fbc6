/* eslint-disable no-console -- this file runs in Node under the bench tools, never inside n8n */
/**
 * What a Storage write costs as its destination grows: File → Upload and Folder → Create, REST and MCP, into a
 * folder holding 0, 2,000 and 50,000 entries, through n8n's engine in this process, beside n8n's HTTP Request node
 * sending the same writes (bench/lib/writes.ts) to the write simulator in a child process (its CPU is not counted;
 * a proxy there counts the bytes on the wire, request and response, headers included).
 * - Requests and bytes per write in a run of 1 item (a trigger-driven backup writes one file per execution) and in
 *   a run of 200; the figure is 50,000 ÷ 0 (goal: within ±10 %).
 * - Time of 200 writes ÷ the HTTP Request node's 200 (the node's run as n8n records it), paired rounds in
 *   alternating order, median of the ratios (goal ≤ 1.5).
 * A run that would outlast the budget (BENCH_WRITE_BUDGET_S, default 60 s, from the time of the 1-item run) is
 * measured on fewer items, and the label says how many. After each run the folder is trimmed back to its entries
 * (and the count of what was written checked: each item once). Run: `npm run build && npx tsx bench/storage-writes.ts`.
 */
import '../devkit/setupEnv';

import { loadHttpRequestNode } from './lib/nodeTransfers';
import { budgetSeconds, describeRatios, median, medianSeconds, pairedRuns, type PairedRuns } from './lib/pairs';
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
import type { Wire } from './lib/writeSimulator';
import { report } from './report';

const KINDS = ['upload', 'createFolder'] as const;
const SIZES = [0, 2_000, 50_000];
const RUN = 200;
const ROUNDS = 5;
const BUDGET_S = budgetSeconds(60);

interface PerWrite {
	requests: number;
	bytes: number;
}

interface SizeFigures {
	size: number;
	one: PerWrite;
	many: PerWrite;
	/** Items in the "run of 200" (fewer when the budget asked for it). */
	count: number;
	/** How long a run of 200 would take by the 1-item run, when fewer were measured. */
	projectedS?: number;
	time: PairedRuns;
	cpuMsPerWrite: Record<Side, number>;
}

const perWrite = (wire: Wire, count: number): PerWrite => ({
	requests: wire.requests / count,
	bytes: (wire.sent + wire.received) / count,
});

async function measureSize(
	sim: WriteSimulator,
	kind: Kind,
	auth: Auth,
	folder: string,
	size: number,
): Promise<SizeFigures> {
	let runs = 0;
	const cpu: Record<Side, number[]> = { ours: [], theirs: [] };
	const run = async (side: Side, count: number): Promise<Measured> => {
		const tag = `${side}-${kind}-${auth}-${size}-${++runs}`;
		const measured = await runWrites(sim, { kind, auth, side }, folder, writeItems(kind, count, tag));
		const written = await sim.ask<number>({ op: 'trim', folder });
		if (written !== count) throw new Error(`${tag}: ${written} entries written for ${count} items`);
		cpu[side].push(measured.cpuMs / count);
		return measured;
	};
	const one = await run('ours', 1);
	cpu.ours.length = 0;
	const count = Math.max(1, Math.min(RUN, Math.floor(BUDGET_S / Math.max(one.seconds, 1e-3))));
	let first: Measured | undefined;
	const time = await pairedRuns(
		ROUNDS,
		2 * BUDGET_S,
		async () => {
			const measured = await run('ours', count);
			first ??= measured;
			return measured.seconds;
		},
		async () => (await run('theirs', count)).seconds,
	);
	return {
		size,
		one: perWrite(one.wire, 1),
		many: perWrite(first!.wire, count),
		count,
		...(count < RUN ? { projectedS: one.seconds * RUN } : {}),
		time,
		cpuMsPerWrite: { ours: median(cpu.ours), theirs: median(cpu.theirs) },
	};
}

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;
const entries = (size: number) => size.toLocaleString('en');

function printRow(kind: Kind, auth: Auth, row: SizeFigures): void {
	const cost = (per: PerWrite) => `${per.requests.toFixed(2)} req ${kb(per.bytes).padStart(11)}`;
	console.log(
		[
			`${KIND_LABELS[kind]} over ${auth.toUpperCase()}, ${entries(row.size).padStart(6)} entries:`,
			`run of 1 ${cost(row.one)} /write;`,
			`run of ${row.count} ${cost(row.many)} /write;`,
			`time ÷ HTTP Request ${describeRatios(row.time)}`,
			`(ours ${medianSeconds(row.time.ours)}, theirs ${medianSeconds(row.time.theirs)});`,
			`CPU/write ${row.cpuMsPerWrite.ours.toFixed(1)} ms vs ${row.cpuMsPerWrite.theirs.toFixed(1)} ms`,
		].join(' '),
	);
}

function reportGrowth(kind: Kind, auth: Auth, rows: SizeFigures[]): void {
	const [empty, , largest] = rows;
	for (const run of ['one', 'many'] as const) {
		// Where the budget cut a run short, the label names the items of each size's run.
		const cut = rows.filter((row) => row.count < RUN).map((row) => `${row.count} at ${entries(row.size)} entries`);
		const runOf = run === 'one' ? '1' : `${RUN}${cut.length ? ` (by the time budget ${cut.join(', ')})` : ''}`;
		for (const measure of ['requests', 'bytes'] as const) {
			const show = (row: SizeFigures) => (measure === 'requests' ? row[run].requests.toFixed(2) : kb(row[run].bytes));
			const ratio = largest[run][measure] / empty[run][measure];
			console.log(`  ${measure} per write, run of ${runOf}: 50,000 ÷ 0 = ${ratio.toFixed(3)}`);
			const bySize = rows.map((row) => `${entries(row.size)}: ${show(row)}`).join(', ');
			report({
				key: `write${capitalized(kind)}${capitalized(auth)}Run${run === 'one' ? 1 : RUN}${capitalized(measure)}`,
				label:
					`${KIND_LABELS[kind]} over ${auth.toUpperCase()}, run of ${runOf}: ` +
					`${measure} per write into 50,000 entries ÷ into 0 (${bySize})`,
				value: Number(ratio.toFixed(3)),
				ours: show(largest),
				baseline: show(empty),
				goal: '0.9–1.1',
			});
		}
	}
}

function reportTime(kind: Kind, auth: Auth, row: SizeFigures): void {
	const items =
		row.count === RUN ? `${RUN}` : `${row.count} (of ${RUN}: ≈ ${row.projectedS?.toFixed(0)} s by the 1-item run)`;
	report({
		key: `write${capitalized(kind)}${capitalized(auth)}Time${row.size}`,
		label:
			`${items} × ${KIND_LABELS[kind]} over ${auth.toUpperCase()} into ${entries(row.size)} entries, time ÷ n8n's ` +
			`HTTP Request node, ${describeRatios(row.time)}; CPU per write ${row.cpuMsPerWrite.ours.toFixed(1)} ms vs ` +
			`${row.cpuMsPerWrite.theirs.toFixed(1)} ms`,
		value: Number(median(row.time.ratios).toFixed(3)),
		ours: medianSeconds(row.time.ours),
		baseline: medianSeconds(row.time.theirs),
		goal: '≤ 1.5',
	});
}

async function main(): Promise<void> {
	loadHttpRequestNode();
	const sim = await startWriteSimulator();
	try {
		const folders: string[] = [];
		for (const size of SIZES) folders.push(await sim.ask<string>({ op: 'folder', entries: size }));
		await warmUp(
			sim,
			KINDS,
			async () => folders[0],
			async () => await sim.ask({ op: 'trim', folder: folders[0] }),
		);
		for (const auth of ['rest', 'mcp'] as const)
			for (const kind of KINDS) {
				const rows: SizeFigures[] = [];
				for (const [index, size] of SIZES.entries()) {
					const row = await measureSize(sim, kind, auth, folders[index], size);
					printRow(kind, auth, row);
					reportTime(kind, auth, row);
					rows.push(row);
				}
				reportGrowth(kind, auth, rows);
			}
	} finally {
		sim.stop();
	}
}

runBench(main);
