/* eslint-disable no-console, @n8n/community-nodes/no-restricted-globals -- this file runs in Node under the bench tools, never inside n8n */
/**
 * Svc across the internet: the write simulator behind the remote proxy (bench/lib/remoteProxy.ts: 40 ms each way, a
 * new connection's first bytes two round trips later, as TCP and TLS 1.3 take) with the documents' rate limits on,
 * each run starting with them clear. Through n8n's engine in this process, each line against the HTTP Request node
 * (bench/lib/peers.ts) two ways: plain, every item at once (the yardstick of the goals), and one item at a time, as
 * n8n's own service nodes run items (each item a run of its own, as a Loop Over Items of 1 sends them; the times
 * added up). Its Batching is no third way: with no Batch Interval it sends every item at once all the same
 * (HttpRequestV3.node.js waits only the interval between batches, never for their answers).
 * - REST: 1,000 × Get File Info (beside the request floor at our pace, lib/requestFloor.ts), 200 × File → Upload,
 *   Folder → Create and Task → Create: ours ÷ plain (goal ≤ 1.1), one at a time ÷ ours (goal ≥ 5; of 50 items,
 *   its time taken ×4 for the writes, ×20 for the reads: one at a time, a run's time grows with its items).
 * - One upload per run, 10 runs a side: ours ÷ plain, for reference.
 * - MCP: as many as a minute's bucket admits (30 writes, 40 file reads): the 429s Svc answered our node (goal 0);
 *   ours ÷ plain for reference.
 * 3 rounds, each side once in each (lib/pairs.ts), but one at a time, run once. Run: `npm run build && npx tsx
 * bench/remote-service.ts`; `REMOTE_LINES=upload-rest,getFileInfo-mcp` runs only the lines named.
 */
import '../devkit/setupEnv';

import { DEFAULT_ITEMS_PER_BATCH } from '../nodes/shared/description/common.descriptions';
import { WRITES_AT_ONCE } from '../nodes/shared/execution/router';
import { loadHttpRequestNode } from './lib/nodeTransfers';
import { FEWEST_ROUNDS, median, pairedRounds } from './lib/pairs';
import { KIND_LABELS, type Auth, type Kind } from './lib/peers';
import type { RemoteShape } from './lib/remoteProxy';
import { loadRequestFloorNode } from './lib/requestFloor';
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

const REMOTE: RemoteShape = { oneWayMs: 40, handshakeRoundTrips: 2 };
const READS = 1_000;
const WRITES = 200;
/** The one-at-a-time peer's items: each is a run of its own, whose time does not depend on how many follow. */
const ONE_BY_ONE_RUN = 50;
/** What a minute's bucket of the MCP endpoint admits (mcp-endpoint.md, Limits: 30 writes, 40 private file reads). */
const MCP_RUN: Partial<Record<Kind, number>> = { getFileInfo: 40, upload: 30, createFolder: 30 };
const SINGLE_RUNS = 10;

type Pace = 'ours' | 'plain' | 'floor';
interface Line {
	kind: Kind;
	auth: Auth;
}
const LINES: Line[] = [
	{ kind: 'getFileInfo', auth: 'rest' },
	{ kind: 'upload', auth: 'rest' },
	{ kind: 'createFolder', auth: 'rest' },
	{ kind: 'createTask', auth: 'rest' },
	{ kind: 'getFileInfo', auth: 'mcp' },
	{ kind: 'upload', auth: 'mcp' },
	{ kind: 'createFolder', auth: 'mcp' },
];
const chosen = process.env.REMOTE_LINES?.split(',');
const lineName = ({ kind, auth }: Line) => `${kind}-${auth}`;

const isRead = (kind: Kind) => kind === 'getFileInfo';
/** How many items our node sends at once by default: the request floor's pace. */
const ourPace = (kind: Kind) => (isRead(kind) ? DEFAULT_ITEMS_PER_BATCH : WRITES_AT_ONCE);
const seconds = (run: Measured) => run.seconds;
const shown = (value: number) => `${value.toFixed(2)} s`;

async function destinationOf(sim: WriteSimulator, kind: Kind): Promise<{ to: string | number; folder?: string }> {
	if (isRead(kind)) return { to: sim.ready.storage.fileHash };
	if (kind === 'createTask') return { to: sim.ready.dvs.projectId };
	const folder = await sim.ask<string>({ op: 'folder', entries: 0 });
	return { to: folder, folder };
}

let tags = 0;

/**
 * `count` items at a pace, in one run, or in runs of one item each (`oneByOne`: the time is theirs added up), the
 * rate limits clear before; checks that each item was written once.
 */
async function runAt(sim: WriteSimulator, line: Line, pace: Pace | 'oneByOne', count: number): Promise<Measured> {
	const { kind, auth } = line;
	await sim.ask({ op: 'clearLimits' });
	const { to, folder } = await destinationOf(sim, kind);
	const side = pace === 'ours' || pace === 'floor' ? pace : 'plain';
	const atOnce = pace === 'floor' ? ourPace(kind) : undefined;
	const items = writeItems(kind, count, `${pace}-${lineName(line)}-${++tags}`);
	const runs = pace === 'oneByOne' ? items.map((item) => [item]) : [items];
	const measured: Measured[] = [];
	for (const run of runs) measured.push(await runWrites(sim, { kind, auth, side, atOnce }, to, run));
	if (folder) {
		const written = await sim.ask<number>({ op: 'trim', folder });
		if (written !== count) throw new Error(`${pace} ${lineName(line)}: ${written} entries written for ${count} items`);
	}
	const sum = (of: (run: Measured) => number) => measured.reduce((total, run) => total + of(run), 0);
	return {
		...measured[0],
		seconds: sum(seconds),
		wallSeconds: sum((run) => run.wallSeconds),
		cpuMs: sum((run) => run.cpuMs),
	};
}

const range = (values: number[]) => `${Math.min(...values).toFixed(2)}–${Math.max(...values).toFixed(2)}`;
const ratio = (ours: Measured[], peer: Measured[]) => ours.map((run, round) => run.seconds / peer[round].seconds);

async function restLine(sim: WriteSimulator, line: Line): Promise<Figure[]> {
	const { kind } = line;
	const count = isRead(kind) ? READS : WRITES;
	const paces: Pace[] = isRead(kind) ? ['ours', 'plain', 'floor'] : ['ours', 'plain'];
	const runs = await pairedRounds(paces, FEWEST_ROUNDS, async (pace) => await runAt(sim, line, pace, count));
	const oneByOne = (await runAt(sim, line, 'oneByOne', ONE_BY_ONE_RUN)).seconds * (count / ONE_BY_ONE_RUN);
	const what = `${count.toLocaleString('en')} × ${KIND_LABELS[kind]} over REST, Svc 40 ms away`;
	const side = (pace: Pace) => shown(median(runs[pace].map(seconds)));
	const cpu = (pace: Pace) => (median(runs[pace].map((run) => run.cpuMs)) / count).toFixed(2);
	const key = `remote${capitalized(kind)}Rest`;
	const plain = ratio(runs.ours, runs.plain);
	const figures: Figure[] = [
		{
			key: `${key}Time`,
			label:
				`${what}, time ÷ the plain HTTP Request node's (every item at once), median of ${runs.ours.length} rounds; ` +
				`ours ${side('ours')} (CPU ${cpu('ours')} ms an item), plain ${side('plain')} (${cpu('plain')} ms), one ` +
				`at a time ${shown(oneByOne)}`,
			value: Number(median(plain).toFixed(3)),
			spread: range(plain),
			goal: '≤ 1.1',
		},
		{
			key: `${key}OneByOne`,
			label: `${what}: the HTTP Request node one item at a time (a run each) ÷ ours, time`,
			value: Number((oneByOne / median(runs.ours.map(seconds))).toFixed(2)),
			goal: '≥ 5',
		},
	];
	if (paces.includes('floor')) {
		const floor = ratio(runs.ours, runs.floor);
		figures.push({
			key: `${key}VsFloor`,
			label:
				`${what}, time ÷ a node that only sends the same requests through n8n's request helper, ` +
				`${ourPace(kind)} at once (the floor at our pace), median of ${floor.length} rounds; floor ` +
				`${side('floor')} (CPU ${cpu('floor')} ms an item)`,
			value: Number(median(floor).toFixed(3)),
			spread: range(floor),
			goal: '≤ 1.05',
		});
	}
	return figures;
}

async function mcpLine(sim: WriteSimulator, line: Line): Promise<Figure[]> {
	const { kind } = line;
	const count = MCP_RUN[kind]!;
	const before = await sim.ask<number>({ op: 'refusals' });
	const ours = await runAt(sim, line, 'ours', count);
	const refused = (await sim.ask<number>({ op: 'refusals' })) - before;
	const plain = await runAt(sim, line, 'plain', count);
	const what = `${count} × ${KIND_LABELS[kind]} over MCP (a minute's bucket), Svc 40 ms away`;
	return [
		{
			key: `remote${capitalized(kind)}McpRefusals`,
			label: `${what}: 429s Svc answered our node`,
			value: refused,
			goal: '0',
		},
		{
			key: `remote${capitalized(kind)}McpTime`,
			label: `${what}, time ÷ the plain HTTP Request node's (every item at once); ours ${shown(ours.seconds)}, plain ${shown(plain.seconds)}`,
			value: Number((ours.seconds / plain.seconds).toFixed(3)),
		},
	];
}

/** One upload per run, as a workflow run by each new file or webhook call makes it. */
async function singleUploads(sim: WriteSimulator): Promise<Figure> {
	const line: Line = { kind: 'upload', auth: 'rest' };
	const runs = await pairedRounds(
		['ours', 'plain'] as const,
		SINGLE_RUNS,
		async (pace) => await runAt(sim, line, pace, 1),
	);
	const values = ratio(runs.ours, runs.plain);
	return {
		key: 'remoteUploadRestSingle',
		label:
			`One ${KIND_LABELS.upload} over REST per run, Svc 40 ms away, time ÷ the plain HTTP Request node's, median of ` +
			`${values.length} runs; ours ${shown(median(runs.ours.map(seconds)))}, plain ${shown(median(runs.plain.map(seconds)))}`,
		value: Number(median(values).toFixed(3)),
		spread: range(values),
	};
}

async function main(): Promise<void> {
	loadHttpRequestNode();
	loadRequestFloorNode();
	const sim = await startWriteSimulator(REMOTE);
	try {
		const lines = LINES.filter((line) => !chosen || chosen.includes(lineName(line)));
		// One small run of each line's sides first, so that the first timed run does not load code paths.
		for (const line of lines) for (const pace of ['ours', 'plain'] as const) await runAt(sim, line, pace, 2);
		const print = (figures: Figure[]) => {
			for (const figure of figures) {
				console.log(`${figure.label}: ${figure.value}`);
				report(figure);
			}
		};
		for (const line of lines) print(line.auth === 'rest' ? await restLine(sim, line) : await mcpLine(sim, line));
		if (!chosen || chosen.includes('upload-single')) print([await singleUploads(sim)]);
		console.log(`connections opened through the proxy: ${await sim.ask<number>({ op: 'connections' })}`);
	} finally {
		sim.stop();
	}
}

runBench(main);
