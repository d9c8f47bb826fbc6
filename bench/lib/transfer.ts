/* eslint-disable @n8n/community-nodes/no-dangerous-functions, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-hardcoded-secrets, no-console -- this file runs in Node under the bench tools, never inside n8n; its tokens are made-up test values */
/**
 * What the transfer benches share: the simulator in a child process (so the file it stores does not
 * count in the bench's memory), test files of a given size, timing with peak RSS growth, and a
 * machine whose cores are kept busy by another process (its threads would count in this one's RSS).
 */
import { execFileSync, spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { once } from 'node:events';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';

import { removeBinaryData } from '../../devkit/harness';

export const MB = 1024 * 1024;
export const PRO = { user: 'demo.pro', token: 'demo-pro-api-token-00000000000000' };

export interface SimulatorProcess {
	baseUrl: string;
	documentsHash: string;
	/** A new folder under Documents: the simulator caps a folder at 4 GiB (document 1's 492). */
	newFolder(name: string): string;
	/** Deletes a file the bench no longer needs and empties the simulator's trash: its bytes go at the next collection. */
	deleteFile(fileHash: string): void;
	/** A full garbage collection in the simulator (started with --expose-gc): a run starts without the last's. */
	collectGarbage(): void;
	stop(): void;
}

export async function startSimulatorProcess(): Promise<SimulatorProcess> {
	const child = spawn(
		join(__dirname, '..', '..', 'node_modules', '.bin', 'tsx'),
		['devkit/simulator/cli.ts', '--ttl-seconds', '1800'],
		{
			cwd: join(__dirname, '..', '..'),
			stdio: ['ignore', 'pipe', 'inherit'],
			// collectGarbage() needs it, however the bench was started.
			env: { ...process.env, NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --expose-gc`.trim() },
		},
	);
	// Read as events, never with `for await` and a break: that would destroy the pipe, and the
	// simulator's next line (it prints more after its address) would end it with EPIPE.
	const started = await new Promise<{ baseUrl: string; documentsHash: string }>((resolve, reject) => {
		let output = '';
		child.stdout.on('data', (chunk: Buffer) => {
			output += String(chunk);
			const baseUrl = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output)?.[1];
			const documentsHash = /Documents (\S+?),/.exec(output)?.[1];
			if (baseUrl && documentsHash) resolve({ baseUrl, documentsHash });
		});
		child.once('exit', () => reject(new Error(`the simulator did not start:\n${output}`)));
	});
	const { baseUrl, documentsHash } = started;
	const newFolder = (name: string) => {
		const fields = {
			user: PRO.user,
			user_access_token: PRO.token,
			parent_folder_hash: documentsHash,
			folder_name: name,
		};
		const answer = execFileSync('curl', [
			'-sS',
			'--data',
			new URLSearchParams(fields).toString(),
			`${baseUrl}/api_v2/create_folder`,
		]);
		return (JSON.parse(answer.toString('utf8')) as { folder_hash: string }).folder_hash;
	};
	const deleteFile = (fileHash: string) => {
		const fields = { user: PRO.user, user_access_token: PRO.token, file_hash: fileHash };
		execFileSync('curl', ['-fsS', '--data', new URLSearchParams(fields).toString(), `${baseUrl}/api_v2/delete_file`]);
		execFileSync('curl', ['-fsS', '-X', 'POST', `${baseUrl}/__sim/purge-deleted`]);
	};
	const collectGarbage = () => {
		const answer = execFileSync('curl', ['-fsS', '-X', 'POST', `${baseUrl}/__sim/collect-garbage`]);
		if (!(JSON.parse(answer.toString('utf8')) as { collected: boolean }).collected)
			throw new Error('the simulator could not collect its garbage (it runs without --expose-gc)');
	};
	return { baseUrl, documentsHash, newFolder, deleteFile, collectGarbage, stop: () => child.kill('SIGTERM') };
}

/** Runs a transfer bench with the simulator process and a work folder, leaving neither behind (nor n8n's stored files). */
export async function withSimulatorProcess<T>(body: (sim: SimulatorProcess, work: string) => Promise<T>): Promise<T> {
	const work = mkdtempSync(join(tmpdir(), 'svc-bench-'));
	const sim = await startSimulatorProcess();
	try {
		return await body(sim, work);
	} finally {
		sim.stop();
		removeBinaryData();
		rmSync(work, { recursive: true, force: true });
	}
}

/** A bench's entry point: an error is printed and fails the process (npm run bench counts it). */
export function runBench(main: () => Promise<void>): void {
	main().catch((error: unknown) => {
		console.error(error);
		process.exitCode = 1;
	});
}

/** Writes `bytes` random bytes to `path`; answers their SHA-256. */
export async function writeTestFile(path: string, bytes: number): Promise<string> {
	const hash = createHash('sha256');
	const out = createWriteStream(path);
	const block = randomBytes(MB);
	for (let written = 0; written < bytes; written += MB) {
		const chunk = block.subarray(0, Math.min(MB, bytes - written));
		hash.update(chunk);
		if (!out.write(chunk)) await once(out, 'drain');
	}
	out.end();
	await once(out, 'finish');
	return hash.digest('hex');
}

export interface Timed {
	seconds: number;
	peakRssGrowthMb: number;
}

/**
 * Peak RSS growth over a task, sampled every 10 ms (after a GC when available). `onStart` runs after
 * that GC, right before the task: where a caller starts counting CPU time, so the GC is not counted.
 */
export async function measure<T>(task: () => Promise<T>, onStart?: () => void): Promise<Timed & { result: T }> {
	(globalThis as { gc?: () => void }).gc?.();
	onStart?.();
	const before = process.memoryUsage.rss();
	let peak = before;
	const sampler = setInterval(() => {
		peak = Math.max(peak, process.memoryUsage.rss());
	}, 10);
	const started = process.hrtime.bigint();
	try {
		const result = await task();
		peak = Math.max(peak, process.memoryUsage.rss());
		return { result, seconds: Number(process.hrtime.bigint() - started) / 1e9, peakRssGrowthMb: (peak - before) / MB };
	} finally {
		clearInterval(sampler);
	}
}

export function best<T extends Timed>(runs: T[]): T {
	return runs.reduce((a, b) => (b.seconds < a.seconds ? b : a));
}

/** The transfer's throughput ÷ the peer's (above 1: ours is faster), from their times. */
export function throughputRatio(ours: Timed, peer: Timed): number {
	return Number((peer.seconds / ours.seconds).toFixed(3));
}

export interface BusyMachine {
	cores: number;
	stop(): Promise<void>;
}

/** The machine's other cores kept busy (all but the one this process runs on) by a child process that ends with this one. */
export async function keepOtherCoresBusy(): Promise<BusyMachine> {
	const cores = Math.max(1, availableParallelism() - 1);
	const burner = `
		const { Worker } = require('node:worker_threads');
		const spin = 'for (;;) { const until = Date.now() + 50; while (Date.now() < until); }';
		for (let n = 1; n < ${cores}; n++) new Worker(spin, { eval: true });
		const parentAlive = () => { try { process.kill(${process.pid}, 0); return true; } catch { return false; } };
		const deadline = Date.now() + 3600_000;
		while (parentAlive() && Date.now() < deadline) { const until = Date.now() + 50; while (Date.now() < until); }
		process.exit(0);
	`;
	const child = spawn(process.execPath, ['-e', burner], { stdio: 'ignore' });
	await once(child, 'spawn');
	return {
		cores,
		stop: async () => {
			const exited = once(child, 'exit');
			child.kill('SIGKILL');
			await exited;
		},
	};
}
