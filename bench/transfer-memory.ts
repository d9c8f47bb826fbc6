/* eslint-disable @n8n/community-nodes/no-dangerous-functions, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, no-console -- this file runs in Node under the bench tools, never inside n8n */
/**
 * Peak RSS growth of a 1 GiB upload and download through the Svc Storage node (filesystem binary mode),
 * on an idle machine and with the machine's other cores kept busy, beside n8n's HTTP Request node doing
 * the same. Each node and machine state runs in a fresh process of its own (this script again, with
 * `--node`), after one 1 MiB warm-up each way: the figure is what a transfer adds to an n8n that has not
 * moved a large file yet (later runs in the same process add less: V8 has sized its heap by then). The floor is
 * Node's own HTTP client moving the same file in such a process (the engine loaded, the Svc node's warm-up run): what
 * V8 and the C library let a streamed file cost there before any node's code (bench/lib/nodeHttp.ts).
 * Run: `npm run build && npx tsx bench/transfer-memory.ts [sizeMiB]` (default 1024). Figures only.
 */
import '../devkit/setupEnv';

import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream, rmSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';

import { loadHttpRequestNode, transfers, type Peer } from './lib/nodeTransfers';
import { nodeHttpDownload, nodeHttpUpload, proTarget } from './lib/nodeHttp';
import { keepOtherCoresBusy, MB, measure, runBench, withSimulatorProcess, writeTestFile } from './lib/transfer';
import { report } from './report';

const sizeMb = Number(process.argv[2] ?? 1024);
/** One upload and one download a process: the first transfer is what memory shows (a second adds nothing). */
const ROUNDS = 1;
const RESULT = 'transfer-memory:';

type Machine = 'idle' | 'busy';
/** Who moves the file: a node, or Node's own client (`floor`). */
type Mover = Peer | 'floor';

/** In the child: `ROUNDS` uploads and downloads, each run's growth. */
async function measureNode(mover: Mover, machine: Machine): Promise<number[]> {
	loadHttpRequestNode();
	return await withSimulatorProcess(async (sim, work) => {
		const run = transfers(sim);
		const target = proTarget(sim.baseUrl);
		const floorOnce = async (file: string, sha: string) => {
			const folder = sim.newFolder(`floor ${Date.now()}`);
			const upload = await measure(async () => await nodeHttpUpload(target, folder, file));
			const copy = join(work, 'floor.bin');
			const download = await measure(
				async () => await nodeHttpDownload(target, upload.result, async (body) => await writeFile(copy, body)),
			);
			const hash = createHash('sha256');
			for await (const chunk of createReadStream(copy)) hash.update(chunk as Buffer);
			rmSync(copy);
			return { upload, download: { ...download, intact: hash.digest('hex') === sha } };
		};
		const moveOnce = async (who: Mover, file: string, sha: string) => {
			if (who === 'floor') return await floorOnce(file, sha);
			const upload = await run.upload(who, file, 'filesystem');
			return { upload, download: await run.download(who, upload.fileHash, sha, 'filesystem') };
		};
		const rounds = async (file: string, sha: string, count: number, who = mover) => {
			const growth: number[] = [];
			for (let round = 0; round < count; round++) {
				const { upload, download } = await moveOnce(who, file, sha);
				if (!download.intact) throw new Error(`${who}: the downloaded bytes differ`);
				growth.push(upload.peakRssGrowthMb, download.peakRssGrowthMb);
			}
			return growth;
		};
		const warmUp = join(work, 'warm-up.bin');
		// The floor's process warms up as the Svc node's does: the engine loaded and run once.
		await rounds(warmUp, await writeTestFile(warmUp, MB), 1, mover === 'floor' ? 'svc' : mover);
		const large = join(work, 'large.bin');
		const sha = await writeTestFile(large, sizeMb * MB);
		if (machine === 'idle') return await rounds(large, sha, ROUNDS);
		const busy = await keepOtherCoresBusy();
		try {
			return await rounds(large, sha, ROUNDS);
		} finally {
			await busy.stop();
		}
	});
}

function inChild(mover: Mover, machine: Machine): number[] {
	const child = spawnSync(
		process.execPath,
		[...process.execArgv, __filename, String(sizeMb), '--node', mover, machine],
		{ encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], maxBuffer: 16 * MB },
	);
	const line = child.stdout.split('\n').find((each) => each.startsWith(RESULT));
	if (child.status !== 0 || !line) throw new Error(`measuring ${mover} (${machine}) failed (exit ${child.status})`);
	return JSON.parse(line.slice(RESULT.length)) as number[];
}

async function main(): Promise<void> {
	const node = process.argv.indexOf('--node');
	if (node >= 0) {
		console.log(
			`${RESULT}${JSON.stringify(await measureNode(process.argv[node + 1] as Mover, process.argv[node + 2] as Machine))}`,
		);
		return;
	}
	const ours = { idle: inChild('svc', 'idle'), busy: inChild('svc', 'busy') };
	const theirs = { idle: inChild('httpRequest', 'idle'), busy: inChild('httpRequest', 'busy') };
	const floor = { idle: inChild('floor', 'idle'), busy: inChild('floor', 'busy') };
	const runs = (growth: number[]) => growth.map((each, n) => `${n % 2 ? 'down' : 'up'} ${each.toFixed(1)}`).join(', ');
	console.log(
		`peak RSS growth per run, MiB, ${sizeMb} MiB each way (up, then down), a fresh process for each node and machine state:`,
	);
	for (const [label, growth] of [
		['Svc Storage node', ours],
		["n8n's HTTP Request node", theirs],
		["Node's own client (floor)", floor],
	] as const) {
		console.log(`  ${label.padEnd(26)} idle: ${runs(growth.idle)}; other cores busy: ${runs(growth.busy)}`);
	}
	const peak = (growth: Record<Machine, number[]>) => Math.max(...growth.idle, ...growth.busy);
	report({
		key: 'peakRssGrowthMiB',
		label: `peak RSS growth of a whole Svc Storage node run, ${sizeMb} MiB each way, filesystem mode, idle and with the machine's other cores busy (most of ${ROUNDS * 4} runs in fresh processes; idle only: ${Math.max(...ours.idle).toFixed(1)}); Node's own client moving the file in such a process, no node: ${peak(floor).toFixed(1)} (idle only: ${Math.max(...floor.idle).toFixed(1)})`,
		value: Number(peak(ours).toFixed(1)),
		ours: `${peak(ours).toFixed(1)} MiB`,
		baseline: `${peak(theirs).toFixed(1)} MiB (HTTP Request node)`,
		goal: '≤ 64',
	});
}

runBench(main);
