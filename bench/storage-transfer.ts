/* eslint-disable @n8n/community-nodes/no-dangerous-functions, @n8n/community-nodes/no-hardcoded-secrets, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, no-console -- this file runs in Node under the test tools, never inside n8n; its tokens are made-up test values */
/**
 * Memory and throughput of streaming a large file through the Svc Storage node in n8n's
 * filesystem binary mode, against a raw HTTP baseline (undici + form-data) in the same run.
 * The simulator runs in a child process so that the file it stores does not count here.
 * Run: `npm run build && npx tsx bench/storage-transfer.ts [sizeMB]` (default 200). Figures only.
 */
import '../test/setupEnv';

import { execFileSync, spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { once } from 'node:events';

import FormData from 'form-data';
import { request } from 'undici';

import { runNode } from '../test/harness';
import { report } from './report';

const MB = 1024 * 1024;
const sizeMb = Number(process.argv[2] ?? 200);

interface SimulatorProcess {
	baseUrl: string;
	documentsHash: string;
	stop(): void;
}

async function startSimulatorProcess(): Promise<SimulatorProcess> {
	const child = spawn(join(__dirname, '..', 'node_modules', '.bin', 'tsx'), ['test/simulator/cli.ts', '--ttl-seconds', '900'], {
		cwd: join(__dirname, '..'),
		stdio: ['ignore', 'pipe', 'inherit'],
	});
	let output = '';
	for await (const chunk of child.stdout) {
		output += String(chunk);
		const baseUrl = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output)?.[1];
		const documentsHash = /Documents (\S+?),/.exec(output)?.[1];
		if (baseUrl && documentsHash) return { baseUrl, documentsHash, stop: () => child.kill('SIGTERM') };
	}
	throw new Error(`the simulator did not start:\n${output}`);
}

async function writeTestFile(path: string, bytes: number): Promise<string> {
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

/** Peak RSS growth over a task, sampled every 10 ms (after a GC when available). */
async function measure<T>(task: () => Promise<T>): Promise<{ result: T; seconds: number; peakRssGrowthMb: number }> {
	(globalThis as { gc?: () => void }).gc?.();
	const before = process.memoryUsage().rss;
	let peak = before;
	const sampler = setInterval(() => {
		peak = Math.max(peak, process.memoryUsage().rss);
	}, 10);
	const started = process.hrtime.bigint();
	try {
		const result = await task();
		peak = Math.max(peak, process.memoryUsage().rss);
		return { result, seconds: Number(process.hrtime.bigint() - started) / 1e9, peakRssGrowthMb: (peak - before) / MB };
	} finally {
		clearInterval(sampler);
	}
}

const PRO = { user: 'demo.pro', token: 'demo-pro-api-token-00000000000000' };

async function main(): Promise<void> {
	const work = mkdtempSync(join(tmpdir(), 'svc-bench-'));
	const sim = await startSimulatorProcess();
	try {
		const path = join(work, 'large.bin');
		const bytes = sizeMb * MB;
		const sha = await writeTestFile(path, bytes);
		const credentials = {
			svcStorageApi: { baseUrl: sim.baseUrl, authMethod: 'accessToken', user: PRO.user, accessToken: PRO.token },
		};

		const rawUpload = await measure(async () => {
			const form = new FormData();
			for (const [name, value] of Object.entries({ user: PRO.user, user_access_token: PRO.token, folder_hash: sim.documentsHash })) {
				form.append(name, value);
			}
			form.append('file', createReadStream(path), { filename: 'raw.bin', knownLength: statSync(path).size });
			const response = await request(`${sim.baseUrl}/api_v2/upload_file`, {
				method: 'POST',
				headers: { ...form.getHeaders(), 'content-length': String(form.getLengthSync()) },
				body: form,
			});
			return (await response.body.json()) as { file_hash: string };
		});

		const nodeUpload = await measure(async () => {
			const run = await runNode({
				type: 'n8n-nodes-svc.svcStorage',
				parameters: {
					resource: 'file',
					operation: 'upload',
					folder: { __rl: true, mode: 'id', value: sim.documentsHash },
					binaryPropertyName: 'data',
				},
				credentials,
				binaryMode: 'filesystem',
				input: [{ json: {}, binary: { data: { data: path, fileName: 'node.bin', mimeType: 'application/octet-stream' } } }],
			});
			if (run.error) throw new Error(run.error.message);
			return run.items[0].json.file_hash as string;
		});

		const rawDownload = await measure(async () => {
			const response = await request(`${sim.baseUrl}/api_v2/download_file`, {
				method: 'POST',
				headers: { 'content-type': 'application/x-www-form-urlencoded' },
				body: new URLSearchParams({ user: PRO.user, user_access_token: PRO.token, file_hash: rawUpload.result.file_hash }).toString(),
			});
			const hash = createHash('sha256');
			for await (const chunk of response.body) hash.update(chunk);
			return hash.digest('hex');
		});

		const downloadRun = await measure(async () => {
			const run = await runNode({
				type: 'n8n-nodes-svc.svcStorage',
				parameters: { resource: 'file', operation: 'download', file: { __rl: true, mode: 'id', value: nodeUpload.result }, binaryPropertyName: 'data' },
				credentials,
				binaryMode: 'filesystem',
			});
			if (run.error) throw new Error(run.error.message);
			return run;
		});
		const downloaded = await downloadRun.result.binaryBuffer(downloadRun.result.items[0], 'data');
		const nodeDownload = { ...downloadRun, result: createHash('sha256').update(downloaded).digest('hex') };

		// curl against the same server: `-F` streams the file as multipart, `-o` writes the download to a file.
		const curlUpload = await measure(async () => {
			const answer = execFileSync('curl', ['-sS', '-F', `user=${PRO.user}`, '-F', `user_access_token=${PRO.token}`, '-F', `folder_hash=${sim.documentsHash}`, '-F', `file=@${path};filename=curl.bin`, `${sim.baseUrl}/api_v2/upload_file`], { maxBuffer: MB });
			return JSON.parse(answer.toString('utf8')) as { file_hash: string };
		});
		const curlTarget = join(work, 'curl-download.bin');
		const curlDownload = await measure(async () => {
			execFileSync('curl', ['-sS', '-o', curlTarget, '--data-urlencode', `user=${PRO.user}`, '--data-urlencode', `user_access_token=${PRO.token}`, '--data-urlencode', `file_hash=${curlUpload.result.file_hash}`, `${sim.baseUrl}/api_v2/download_file`]);
			return statSync(curlTarget).size === bytes;
		});

		const uploadVsCurl = curlUpload.seconds / nodeUpload.seconds;
		const downloadVsCurl = curlDownload.seconds / nodeDownload.seconds;
		report({ key: 'uploadVsCurl', label: `upload of ${sizeMb} MB, throughput ÷ curl's (same server)`, value: Number(uploadVsCurl.toFixed(3)), ours: `${nodeUpload.seconds.toFixed(2)} s`, baseline: `${curlUpload.seconds.toFixed(2)} s`, goal: '≥ 0.9' });
		report({ key: 'downloadVsCurl', label: `download of ${sizeMb} MB, throughput ÷ curl's (same server)`, value: Number(downloadVsCurl.toFixed(3)), ours: `${nodeDownload.seconds.toFixed(2)} s`, baseline: `${curlDownload.seconds.toFixed(2)} s`, goal: '≥ 0.9' });
		const peak = Math.max(nodeUpload.peakRssGrowthMb, nodeDownload.peakRssGrowthMb);
		report({ key: 'peakRssGrowthMiB', label: `peak RSS growth of the node, ${sizeMb} MB each way`, value: Number(peak.toFixed(1)), goal: '< 64' });

		const rows = [
			['upload, curl -F', curlUpload, curlUpload.result.file_hash !== undefined],
			['download, curl -o', curlDownload, curlDownload.result],
			['upload, raw HTTP (undici + form-data)', rawUpload, true],
			['upload, Svc Storage node (filesystem mode)', nodeUpload, true],
			['download, raw HTTP (undici)', rawDownload, rawDownload.result === sha],
			['download, Svc Storage node (filesystem mode)', nodeDownload, nodeDownload.result === sha],
		] as const;
		console.log(`\nStreaming a ${sizeMb} MB file (Node ${process.version}, ${process.arch})`);
		console.log('| transfer | seconds | MB/s | peak RSS growth (MB) | bytes intact |');
		console.log('|---|---|---|---|---|');
		for (const [label, figures, intact] of rows) {
			console.log(
				`| ${label} | ${figures.seconds.toFixed(2)} | ${(sizeMb / figures.seconds).toFixed(0)} | ${figures.peakRssGrowthMb.toFixed(1)} | ${intact ? 'yes' : 'NO'} |`,
			);
		}
		console.log(
			'\nNode rows run a whole workflow through the n8n engine: the upload row includes the start node writing the file into n8n\'s binary store; the download row ends when the file is in the binary store (its hash is checked afterwards, outside the measurement).',
		);
	} finally {
		sim.stop();
		rmSync(work, { recursive: true, force: true });
	}
}

main().catch((error: unknown) => {
	console.error(error);
	process.exitCode = 1;
});
