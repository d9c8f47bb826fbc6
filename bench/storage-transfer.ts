/* eslint-disable @n8n/community-nodes/no-dangerous-functions, @n8n/community-nodes/no-hardcoded-secrets, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, no-console -- this file runs in Node under the test tools, never inside n8n; its tokens are made-up test values */
/**
 * Where a large transfer's time goes outside n8n: the Svc Storage node in n8n's filesystem binary
 * mode beside curl and Node's own HTTP client on the same server in the same run (what the server
 * gives, Node's client, n8n's store write), and a 200 MiB download in the in-memory mode (n8n 1.x's
 * default). The peer a user would switch to, n8n's HTTP Request node, is bench/http-request-transfer.ts.
 * The simulator runs in a child process so that the file it stores does not count here.
 * Run: `npm run build && npx tsx bench/storage-transfer.ts [sizeMiB]` (default 1024). Figures only.
 */
import '../devkit/setupEnv';

import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeFile } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';

import type { INodeParameters } from 'n8n-workflow';

import { removeBinaryData, runNode, type BinaryMode, type HarnessInputItem } from '../devkit/harness';
import { nodeHttpDownload, nodeHttpUpload, proTarget } from './lib/nodeHttp';
import { best, MB, measure, PRO, runBench, withSimulatorProcess, writeTestFile, type Timed } from './lib/transfer';
import { report } from './report';

const sizeMb = Number(process.argv[2] ?? 1024);
/** Best of two: these figures are for reference (no goal), and each round moves about ten files of the size. */
/** Reference figures only (no goal): one run each, to keep `npm run bench` within its 15 minutes. */
const ROUNDS = 1;
const IN_MEMORY_MB = 200;

/** A stream's chunks gathered to at least `size` bytes each. */
async function* inChunksOf(size: number, stream: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
	let gathered: Buffer[] = [];
	let length = 0;
	for await (const chunk of stream) {
		gathered.push(chunk);
		length += chunk.length;
		if (length >= size) {
			yield Buffer.concat(gathered, length);
			gathered = [];
			length = 0;
		}
	}
	if (length > 0) yield Buffer.concat(gathered, length);
}

async function main(): Promise<void> {
	await withSimulatorProcess(async (sim, work) => {
		const path = join(work, 'large.bin');
		const bytes = sizeMb * MB;
		const sha = await writeTestFile(path, bytes);
		const credentials = {
			svcStorageApi: { baseUrl: sim.baseUrl, authMethod: 'accessToken', user: PRO.user, accessToken: PRO.token },
		};
		const nodeHttp = proTarget(sim.baseUrl);
		// Each upload goes to a folder of its own: the simulator caps a folder at 4 GiB (document 1's 492).
		const newFolder = sim.newFolder;
		const curlUploadOnce = (round: number) => {
			const answer = execFileSync(
				'curl',
				[
					'-sS',
					'-F',
					`user=${PRO.user}`,
					'-F',
					`user_access_token=${PRO.token}`,
					'-F',
					`folder_hash=${newFolder(`curl ${round}`)}`,
					'-F',
					`file=@${path};filename=curl.bin`,
					`${sim.baseUrl}/api_v2/upload_file`,
				],
				{ maxBuffer: MB },
			);
			return (JSON.parse(answer.toString('utf8')) as { file_hash: string }).file_hash;
		};
		const downloadBody = (fileHash: string) =>
			new URLSearchParams({ ...nodeHttp.fields, file_hash: fileHash }).toString();

		// The node phase is the Svc Storage node's own run time as n8n records it: for the upload,
		// without the start node that puts the file into n8n's binary store first.
		const nodePhase = async (
			parameters: INodeParameters,
			input?: HarnessInputItem[],
			binaryMode: BinaryMode = 'filesystem',
		) => {
			let seconds = 0;
			const measured = await measure(async () => {
				const run = await runNode({ type: 'n8n-nodes-svc.svcStorage', parameters, credentials, binaryMode, input });
				if (run.error) throw new Error(run.error.message);
				seconds = (run.executionTimeMs ?? 0) / 1000;
				return run;
			});
			return { seconds, peakRssGrowthMb: measured.peakRssGrowthMb, run: measured.result };
		};
		const nodeUploadOnce = async (round: number | string, file = path): Promise<Timed & { fileHash: string }> => {
			const folder = { __rl: true, mode: 'id', value: newFolder(`node ${round}`) };
			const upload = await nodePhase({ resource: 'file', operation: 'upload', folder, binaryPropertyName: 'data' }, [
				{ json: {}, binary: { data: { data: file, fileName: 'node.bin', mimeType: 'application/octet-stream' } } },
			]);
			removeBinaryData();
			return { ...upload, fileHash: upload.run.items[0].json.file_hash as string };
		};
		const nodeDownloadOnce = async (fileHash: string, expected = sha): Promise<Timed & { intact: boolean }> => {
			const download = await nodePhase({
				resource: 'file',
				operation: 'download',
				file: { __rl: true, mode: 'id', value: fileHash },
				binaryPropertyName: 'data',
			});
			const downloaded = await download.run.binaryBuffer(download.run.items[0], 'data');
			removeBinaryData();
			return { ...download, intact: createHash('sha256').update(downloaded).digest('hex') === expected };
		};
		// One small transfer each way first, so that memory figures are the transfer's, not the engine's first load.
		const warmUpFile = join(work, 'warm-up.bin');
		const warmUpSha = await writeTestFile(warmUpFile, MB);
		await nodeDownloadOnce((await nodeUploadOnce('warm-up', warmUpFile)).fileHash, warmUpSha);
		const timedNodeHttpUpload = async (folderHash: string) =>
			await measure(async () => await nodeHttpUpload(nodeHttp, folderHash, path));
		const curlTarget = join(work, 'curl-download.bin');
		const curlDownloadOnce = async (fileHash: string, target: string) =>
			await measure(async () =>
				execFileSync('curl', [
					'-sS',
					'-o',
					target,
					'--data',
					downloadBody(fileHash),
					`${sim.baseUrl}/api_v2/download_file`,
				]),
			);
		const timedNodeHttpDownload = async (fileHash: string, sink: (body: IncomingMessage) => Promise<void>) =>
			await measure(async () => await nodeHttpDownload(nodeHttp, fileHash, sink));

		// Alternating, best of ROUNDS each: the machine's other work and the page cache move single runs by 2×.
		const curlUploads: Timed[] = [];
		const nodeUploads: Array<Timed & { fileHash: string }> = [];
		let curlHash = '';
		for (let round = 0; round < ROUNDS; round++) {
			const curl = await measure(async () => curlUploadOnce(round));
			curlHash = curl.result;
			curlUploads.push(curl);
			nodeUploads.push(await nodeUploadOnce(round));
		}
		const curlDownloads: Timed[] = [];
		const nodeDownloads: Array<Timed & { intact: boolean }> = [];
		const discarded: Timed[] = [];
		const nodeHttpToFile: Timed[] = [];
		const nodeHttpDiscard: Timed[] = [];
		const nodeHttpToFileLarge: Timed[] = [];
		for (let round = 0; round < ROUNDS; round++) {
			curlDownloads.push(await curlDownloadOnce(curlHash, curlTarget));
			rmSync(curlTarget, { force: true });
			nodeDownloads.push(await nodeDownloadOnce(nodeUploads[0].fileHash));
			discarded.push(await curlDownloadOnce(curlHash, '/dev/null'));
			nodeHttpDiscard.push(
				await timedNodeHttpDownload(curlHash, async (response) => {
					for await (const chunk of response) void chunk;
				}),
			);
			const nodeTarget = join(work, 'node-http.bin');
			nodeHttpToFile.push(
				await timedNodeHttpDownload(curlHash, async (response) => await writeFile(nodeTarget, response)),
			);
			rmSync(nodeTarget, { force: true });
			nodeHttpToFileLarge.push(
				await timedNodeHttpDownload(
					curlHash,
					async (response) => await writeFile(nodeTarget, inChunksOf(256 * 1024, response)),
				),
			);
			rmSync(nodeTarget, { force: true });
		}
		const nodeHttpUploads: Timed[] = [];
		for (let round = 0; round < 2; round++)
			nodeHttpUploads.push(await timedNodeHttpUpload(newFolder(`node http ${round}`)));

		// n8n 1.x's default binary mode keeps a file in memory (base64 in the execution data): what a
		// 200 MiB download costs there, with the harness's in-memory store (the 2.41 engine's `default`).
		const inMemoryPath = join(work, 'in-memory.bin');
		const inMemorySha = await writeTestFile(inMemoryPath, IN_MEMORY_MB * MB);
		const inMemoryHash = (await nodeUploadOnce('in-memory', inMemoryPath)).fileHash;
		rmSync(inMemoryPath, { force: true });
		const inMemory = await nodePhase(
			{
				resource: 'file',
				operation: 'download',
				file: { __rl: true, mode: 'id', value: inMemoryHash },
				binaryPropertyName: 'data',
			},
			undefined,
			'default',
		);
		const inMemoryIntact =
			createHash('sha256')
				.update(await inMemory.run.binaryBuffer(inMemory.run.items[0], 'data'))
				.digest('hex') === inMemorySha;
		report({
			key: 'inMemoryDownload200MiBPeakRssGrowthMiB',
			label: `download of ${IN_MEMORY_MB} MiB in the in-memory binary mode (n8n 1.x's default), peak RSS growth (${inMemory.seconds.toFixed(2)} s, bytes intact: ${inMemoryIntact ? 'yes' : 'NO'})`,
			value: Number(inMemory.peakRssGrowthMb.toFixed(1)),
		});

		const upload = { curl: best(curlUploads), node: best(nodeUploads) };
		const download = { curl: best(curlDownloads), node: best(nodeDownloads) };
		const where = tmpdir().startsWith('/dev/shm') ? 'files on a RAM disk' : `files in ${tmpdir()}`;
		report({
			key: 'uploadVsCurl',
			label: `upload of ${sizeMb} MiB (node phase), throughput ÷ curl's (same server, ${where}, best of ${ROUNDS})`,
			value: Number((upload.curl.seconds / upload.node.seconds).toFixed(3)),
			ours: `${upload.node.seconds.toFixed(2)} s`,
			baseline: `${upload.curl.seconds.toFixed(2)} s`,
		});
		report({
			key: 'downloadVsCurl',
			label: `download of ${sizeMb} MiB into n8n's binary store (node phase), throughput ÷ curl -o's (same server, ${where}, best of ${ROUNDS})`,
			value: Number((download.curl.seconds / download.node.seconds).toFixed(3)),
			ours: `${download.node.seconds.toFixed(2)} s`,
			baseline: `${download.curl.seconds.toFixed(2)} s`,
		});
		// Where the time goes: the same transfer by Node's own HTTP client (no n8n, none of our code), as n8n's
		// filesystem store writes a download. The node cannot be faster than that floor; curl is not in Node.
		const floor = { upload: best(nodeHttpUploads), download: best(nodeHttpToFile) };
		report({
			key: 'uploadVsNodeClient',
			label: `upload of ${sizeMb} MiB (node phase), throughput ÷ Node's own http client piping the file (the floor in Node)`,
			value: Number((floor.upload.seconds / upload.node.seconds).toFixed(3)),
			ours: `${upload.node.seconds.toFixed(2)} s`,
			baseline: `${floor.upload.seconds.toFixed(2)} s`,
		});
		report({
			key: 'downloadVsNodeClient',
			label: `download of ${sizeMb} MiB (node phase), throughput ÷ Node's own http client into fs.writeFile as n8n's store writes (the floor in Node and n8n)`,
			value: Number((floor.download.seconds / download.node.seconds).toFixed(3)),
			ours: `${download.node.seconds.toFixed(2)} s`,
			baseline: `${floor.download.seconds.toFixed(2)} s`,
		});

		const rows: Array<[string, Timed, boolean]> = [
			['upload, curl -F', upload.curl, true],
			['upload, Svc Storage node (node phase, filesystem mode)', upload.node, true],
			['download, curl -o file', download.curl, true],
			[
				'download, Svc Storage node into the binary store (node phase)',
				download.node,
				nodeDownloads.every((run) => run.intact),
			],
			["upload, Node's http client, file piped as multipart", best(nodeHttpUploads), true],
			['download, curl -o /dev/null (what the server gives)', best(discarded), true],
			["download, Node's http client, body discarded", best(nodeHttpDiscard), true],
			["download, Node's http client → fs.writeFile (n8n's filesystem store write)", best(nodeHttpToFile), true],
			["download, Node's http client → fs.writeFile in 256 KiB chunks", best(nodeHttpToFileLarge), true],
		];
		console.log(
			`\nStreaming a ${sizeMb} MiB file (Node ${process.version}, ${process.arch}, ${where}, best of ${ROUNDS})`,
		);
		console.log('| transfer | seconds | MiB/s | bytes intact |');
		console.log('|---|---|---|---|');
		for (const [label, figures, intact] of rows) {
			console.log(
				`| ${label} | ${figures.seconds.toFixed(2)} | ${(sizeMb / figures.seconds).toFixed(0)} | ${intact ? 'yes' : 'NO'} |`,
			);
		}
		const ratio = (a: Timed, b: Timed) => (b.seconds / a.seconds).toFixed(2);
		console.log(
			`\nWhere the time goes: curl is not in Node. Node's own client reaches ${ratio(floor.upload, upload.curl)}× curl uploading and, writing as n8n's store does, ${ratio(floor.download, download.curl)}× curl downloading; the node reaches ${ratio(upload.node, floor.upload)}× and ${ratio(download.node, floor.download)}× of that. A community node may only use n8n's request helper and binary store (no node:http, no fs).`,
		);
		console.log(
			`\npeak RSS growth of whole node runs (upload, download): ${Math.max(...nodeUploads.map((run) => run.peakRssGrowthMb)).toFixed(1)} MiB, ${Math.max(...nodeDownloads.map((run) => run.peakRssGrowthMb)).toFixed(1)} MiB`,
		);
	});
}

runBench(main);
