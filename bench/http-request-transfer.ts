/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, no-console -- this file runs in Node under the bench tools, never inside n8n */
/**
 * A large file up and down through the Svc Storage node beside n8n's own HTTP Request node (n8n-nodes-base
 * 2.41.1 from the n8n install), the peer a user would switch to: same engine, binary store and simulator,
 * alternating, best of 5 (bench/lib/nodeTransfers.ts). In `filesystem` mode with 1 GiB, and in `database`
 * mode (2.x queue mode's default) at its 512 MiB cap. Memory is bench/transfer-memory.ts.
 * Run: `npm run build && npx tsx bench/http-request-transfer.ts [sizeMiB]` (default 1024). Figures only.
 */
import '../devkit/setupEnv';

import { join } from 'node:path';

import type { BinaryMode } from '../devkit/harness';
import { DATABASE_MODE_MAX_FILE_MIB } from '../devkit/harness/engine';
import { loadHttpRequestNode, transfers, type Peer, type Transfers } from './lib/nodeTransfers';
import { best, MB, runBench, throughputRatio, withSimulatorProcess, writeTestFile, type Timed } from './lib/transfer';
import { report } from './report';

const sizeMb = Number(process.argv[2] ?? 1024);
// Single runs on a busy 2-core machine vary by 1.5×: the best of 5 each, alternating.
const ROUNDS = 5;

interface Side {
	upload: Timed[];
	download: Array<Timed & { intact: boolean }>;
}

/** Both nodes each way, alternating, `rounds` times: each node downloads the file it uploaded. */
async function compare(
	run: Transfers,
	file: string,
	sha: string,
	mode: BinaryMode,
	rounds: number,
): Promise<Record<Peer, Side>> {
	const sides: Record<Peer, Side> = { svc: { upload: [], download: [] }, httpRequest: { upload: [], download: [] } };
	const uploaded: Partial<Record<Peer, string>> = {};
	// Who goes first changes every round: a run after the other's leaves different garbage behind.
	const orderOf = (round: number): Peer[] => (round % 2 === 0 ? ['svc', 'httpRequest'] : ['httpRequest', 'svc']);
	for (let round = 0; round < rounds; round++) {
		for (const peer of orderOf(round)) {
			const upload = await run.upload(peer, file, mode);
			if (!upload.fileHash) throw new Error(`${peer}'s upload answered no file hash`);
			uploaded[peer] ??= upload.fileHash;
			sides[peer].upload.push(upload);
		}
	}
	for (let round = 0; round < rounds; round++) {
		for (const peer of orderOf(round)) sides[peer].download.push(await run.download(peer, uploaded[peer]!, sha, mode));
	}
	return sides;
}

function reportComparison(
	sides: Record<Peer, Side>,
	keys: { upload: string; download: string },
	what: string,
	goal?: string,
): void {
	for (const direction of ['upload', 'download'] as const) {
		const ours = best<Timed>(sides.svc[direction]);
		const theirs = best<Timed>(sides.httpRequest[direction]);
		const intact =
			sides.svc.download.every((run) => run.intact) && sides.httpRequest.download.every((run) => run.intact);
		const label = `${direction} of ${what} (node phase), throughput ÷ n8n's HTTP Request node's (same engine, store and server, best of ${ROUNDS}${direction === 'download' ? `, bytes intact: ${intact ? 'yes' : 'NO'}` : ''})`;
		console.log(`${label}: Svc ${ours.seconds.toFixed(2)} s, HTTP Request ${theirs.seconds.toFixed(2)} s`);
		report({
			key: keys[direction],
			label,
			value: throughputRatio(ours, theirs),
			ours: `${ours.seconds.toFixed(2)} s`,
			baseline: `${theirs.seconds.toFixed(2)} s`,
			goal,
		});
	}
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
			'≥ 1.0',
		);

		const databaseMb = Math.min(sizeMb, DATABASE_MODE_MAX_FILE_MIB);
		const capped = join(work, 'capped.bin');
		const cappedSha = await writeTestFile(capped, databaseMb * MB);
		const database = await compare(run, capped, cappedSha, 'database', ROUNDS);
		reportComparison(
			database,
			{ upload: 'databaseUploadVsHttpRequestNode', download: 'databaseDownloadVsHttpRequestNode' },
			`${databaseMb} MiB, database mode (its cap)`,
		);
	});
}

runBench(main);
