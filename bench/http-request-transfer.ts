/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, no-console -- this file runs in Node under the bench tools, never inside n8n */
/**
 * A large file up and down through the Svc Storage node beside n8n's own HTTP Request node (n8n-nodes-base
 * 2.41.1 from the n8n install) as a user without this package builds it (plain form fields, no credential): same
 * engine, binary store and simulator (bench/lib/nodeTransfers.ts). 3 to 5 rounds each way (as lib/pairs.ts), who
 * goes first alternating, each node downloading the file it uploaded; the figure is the median of the rounds' throughput ratios (goal ≥ 1.0). In
 * `filesystem` mode with 1 GiB, and in `database` mode (2.x queue mode's default) at its 512 MiB cap. Each run starts on
 * a simulator that holds only the files still to be downloaded, its garbage collected (bench/lib/nodeTransfers.ts):
 * before, every run's file stayed in its memory, and each run took longer than the last. An upload's line also says
 * what Node's own client takes to send the file from memory to the same simulator in database mode (the floor).
 * Memory is bench/transfer-memory.ts. Run: `npm run build && npx tsx bench/http-request-transfer.ts [sizeMiB]` (default 1024).
 */
import '../devkit/setupEnv';

import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

import type { BinaryMode } from '../devkit/harness';
import { DATABASE_MODE_MAX_FILE_MIB } from '../devkit/harness/engine';
import { loadHttpRequestNode, transfers, type Peer, type Transfers } from './lib/nodeTransfers';
import { FEWEST_ROUNDS, median, ROUNDS } from './lib/pairs';
import { nodeHttpUpload, proTarget } from './lib/nodeHttp';
import {
	MB,
	measure,
	runBench,
	withSimulatorProcess,
	writeTestFile,
	type SimulatorProcess,
	type Timed,
} from './lib/transfer';
import { report, verdict } from './report';

const sizeMb = Number(process.argv[2] ?? 1024);

interface Side {
	upload: Timed[];
	download: Array<Timed & { intact: boolean }>;
}

const GOAL = '≥ 1.0';

/** Who goes first changes every round: a run after the other's leaves different garbage behind. */
const orderOf = (round: number): Peer[] => (round % 2 === 0 ? ['svc', 'httpRequest'] : ['httpRequest', 'svc']);

/** Throughput ÷ the peer's, round by round: above 1, ours is faster. */
const ratiosOf = (sides: Record<Peer, Side>, direction: 'upload' | 'download') =>
	sides.svc[direction].map((run, round) => sides.httpRequest[direction][round].seconds / run.seconds);

/** Whether every round so far gives the same verdict on the goal (then two more could not change the median's). */
function agree(ratios: number[]): boolean {
	const verdicts = ratios.map((value) => verdict({ key: '', label: '', value, goal: GOAL }));
	return verdicts.every((each) => each === verdicts[0]);
}

/**
 * Both nodes each way, alternating, up to `rounds` times (from FEWEST_ROUNDS on, a direction stops once its rounds
 * agree on the verdict): each node downloads the file it uploaded.
 */
async function compare(
	run: Transfers,
	file: string,
	sha: string,
	mode: BinaryMode,
	rounds: number,
): Promise<Record<Peer, Side>> {
	const sides: Record<Peer, Side> = { svc: { upload: [], download: [] }, httpRequest: { upload: [], download: [] } };
	// The file each node downloads, uploaded before the timed rounds: every timed upload is then deleted, so each
	// starts on a simulator holding the same two files.
	const uploaded: Record<Peer, string> = {
		svc: (await run.upload('svc', file, mode)).fileHash,
		httpRequest: (await run.upload('httpRequest', file, mode)).fileHash,
	};
	const enough = (round: number, direction: 'upload' | 'download') =>
		round + 1 >= FEWEST_ROUNDS && agree(ratiosOf(sides, direction));
	for (let round = 0; round < rounds; round++) {
		for (const peer of orderOf(round)) {
			const upload = await run.upload(peer, file, mode);
			if (!upload.fileHash) throw new Error(`${peer}'s upload answered no file hash`);
			run.remove(upload.fileHash);
			sides[peer].upload.push(upload);
		}
		if (enough(round, 'upload')) break;
	}
	for (let round = 0; round < rounds; round++) {
		for (const peer of orderOf(round)) sides[peer].download.push(await run.download(peer, uploaded[peer], sha, mode));
		if (enough(round, 'download')) break;
	}
	for (const fileHash of Object.values(uploaded)) run.remove(fileHash);
	return sides;
}

function reportComparison(
	sides: Record<Peer, Side>,
	keys: { upload: string; download: string },
	what: string,
	floor?: Timed[],
): void {
	for (const direction of ['upload', 'download'] as const) {
		const ours: Timed[] = sides.svc[direction];
		const theirs: Timed[] = sides.httpRequest[direction];
		const ratios = ratiosOf(sides, direction);
		if (![...sides.svc.download, ...sides.httpRequest.download].every((run) => run.intact))
			throw new Error(`a download of ${what} came back with other bytes`);
		const seconds = (runs: Timed[]) => `${median(runs.map((run) => run.seconds)).toFixed(2)} s`;
		const label =
			`${direction} of ${what} (node phase), throughput ÷ the plain HTTP Request node's, median of ` +
			`${ratios.length} rounds${direction === 'download' ? ', bytes intact' : ''}` +
			(direction === 'upload' && floor
				? `; Node's own http client sending the file: ${seconds(floor)} (the floor)`
				: '');
		const fixed = (value: number) => value.toFixed(2);
		const rounds = ratios.map(
			(ratio, round) => `${fixed(ratio)} (${orderOf(round)[0] === 'svc' ? 'Svc' : 'HTTP Request'} first)`,
		);
		console.log(
			`${label}: Svc ${seconds(ours)}, HTTP Request ${seconds(theirs)}, ${fixed(median(ratios))}; rounds ${rounds.join(', ')}`,
		);
		report({
			key: keys[direction],
			label,
			value: Number(median(ratios).toFixed(3)),
			spread: `${fixed(Math.min(...ratios))}–${fixed(Math.max(...ratios))}`,
			ours: seconds(ours),
			baseline: seconds(theirs),
			goal: GOAL,
		});
	}
}

/**
 * Node's own HTTP client sending the file from memory to the same simulator, as n8n's database mode hands it over,
 * FEWEST_ROUNDS times (bench/lib/nodeHttp.ts): the floor of such an upload.
 */
async function floorUploads(sim: SimulatorProcess, file: Buffer): Promise<Timed[]> {
	const runs: Timed[] = [];
	for (let round = 0; round < FEWEST_ROUNDS; round++) {
		const folder = sim.newFolder(`floor ${round}`);
		sim.collectGarbage();
		const upload = await measure(async () => await nodeHttpUpload(proTarget(sim.baseUrl), folder, file));
		sim.deleteFile(upload.result);
		runs.push(upload);
	}
	return runs;
}

async function main(): Promise<void> {
	loadHttpRequestNode();
	await withSimulatorProcess(async (sim, work) => {
		const run = transfers(sim);
		// One small round first, so that the first timed runs do not load the engine's code paths.
		const warmUp = join(work, 'warm-up.bin');
		await compare(run, warmUp, await writeTestFile(warmUp, MB), 'filesystem', 1);

		const large = join(work, 'large.bin');
		const sha = await writeTestFile(large, sizeMb * MB);
		const filesystem = await compare(run, large, sha, 'filesystem', ROUNDS);
		reportComparison(
			filesystem,
			{ upload: 'uploadVsHttpRequestNode', download: 'downloadVsHttpRequestNode' },
			`${sizeMb} MiB, filesystem mode`,
		);

		const databaseMb = Math.min(sizeMb, DATABASE_MODE_MAX_FILE_MIB);
		const capped = join(work, 'capped.bin');
		const cappedSha = await writeTestFile(capped, databaseMb * MB);
		const database = await compare(run, capped, cappedSha, 'database', ROUNDS);
		reportComparison(
			database,
			{ upload: 'databaseUploadVsHttpRequestNode', download: 'databaseDownloadVsHttpRequestNode' },
			`${databaseMb} MiB, database mode (its cap)`,
			await floorUploads(sim, await readFile(capped)),
		);
	});
}

runBench(main);
