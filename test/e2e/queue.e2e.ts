/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @typescript-eslint/no-explicit-any -- this file runs in Node under the test tools, never inside n8n; it reads answers of every shape */
/**
 * n8n scaled out in queue mode on loopback: Redis (Debian's redis-server), a main process and two workers
 * sharing one database. The templates run on the workers, and an active Svc trigger loses and doubles
 * nothing while its executions move between them. Binary data in queue mode's default store (2.x:
 * `database`, its size cap lowered to 4 MiB here; 1.x: in memory) and in `filesystem` mode: a download →
 * upload round trip on the workers keeps every byte; a file over the database cap is refused naming the
 * setting, and nothing is uploaded.
 */
import type { ChildProcess } from 'node:child_process';

import { startDemoSimulator } from '../../devkit/demo';
import { importDemo, type CredentialRecord, type ExampleRecord } from '../../scripts/n8n/demo';
import { freePort, isN8n1, startN8n, type RunningN8n } from '../../devkit/n8n/runtime';
import type { ServiceSimulator } from '../../devkit/simulator';
import { randomBytes } from 'node:crypto';

import {
	activate,
	createWorkflow,
	deactivate,
	executionNodes,
	executionsOf,
	roundTripWorkflow,
	sha256,
	startRun,
	waitFor,
} from './helpers';
import { queueMode, startRedis } from './recovery';

let redis: ChildProcess;
let sim: ServiceSimulator;
let n8n: RunningN8n;
let examples: ExampleRecord[];
let credentials: CredentialRecord[];
let redisPort: number;

/** The database store's cap per file in these tests (n8n's default is 512 MiB). */
const DATABASE_CAP_MIB = 4;

/** Main and two workers in queue mode, with the demo imported; `binaryMode` set only when not the line's default. */
async function startQueueMode(binaryMode?: 'filesystem'): Promise<RunningN8n> {
	return await startN8n({
		...queueMode(redisPort, {
			OFFLOAD_MANUAL_EXECUTIONS_TO_WORKERS: 'true',
			N8N_BINARY_DATA_DATABASE_MAX_FILE_SIZE: String(DATABASE_CAP_MIB),
			...(binaryMode ? { N8N_DEFAULT_BINARY_DATA_MODE: binaryMode } : {}),
		}),
		beforeStart: async (bin, env) => {
			({ examples, credentials } = await importDemo(bin, env, sim));
		},
	});
}

beforeAll(
	async () => {
		redisPort = await freePort();
		redis = await startRedis(redisPort);
		sim = await startDemoSimulator();
		n8n = await startQueueMode();
	},
	6 * 60 * 1000,
);

afterAll(async () => {
	await n8n?.stop();
	await sim?.close();
	redis?.kill('SIGTERM');
});

/** Which worker ran each execution, read from the workers' own log lines. */
function workerOf(executionId: string): number[] {
	const workers = n8n.processes.slice(1);
	return workers.flatMap((worker, index) =>
		worker.output().includes(`Worker started execution ${executionId} `) ? [index] : [],
	);
}

/** The status of an execution once it has ended, else undefined. */
const finished = async (executionId: string, instance = n8n) => {
	const execution = await instance.rest.request<any>('GET', `/rest/executions/${executionId}`);
	return ['success', 'error', 'crashed', 'canceled'].includes(execution.status) ? execution.status : undefined;
};

it('runs every manual template on the workers, started at once, each exactly once and without an error', async () => {
	const manual = examples.filter((example) => example.manual);
	const started = await Promise.all(
		manual.map(async (example) => {
			const trigger = example.workflow.nodes.find((node) => node.type === 'n8n-nodes-base.manualTrigger')!;
			return { example, executionId: await startRun(n8n.rest, example.id, trigger.name) };
		}),
	);
	for (const { example, executionId } of started) {
		const status = await waitFor(`execution ${executionId} of ${example.file}`, () => finished(executionId), 120_000);
		const nodes = await executionNodes(n8n.rest, executionId);
		const errors = Object.entries(nodes)
			.filter(([, node]) => node.error)
			.map(([name, node]) => `${name}: ${node.error}`);
		expect([example.file, status, errors, workerOf(executionId).length]).toEqual([example.file, 'success', [], 1]);
	}
	const used = new Set(started.flatMap(({ executionId }) => workerOf(executionId)));
	expect([...used].sort()).toEqual([0, 1]);
});

it('an active Storage trigger backs up every new file exactly once while its executions run on the workers', async () => {
	const example = examples.find((record) => record.file === 'storage-backup-new-files.json')!;
	await activate(n8n.rest, example.id);
	await new Promise((wait) => setTimeout(wait, 3000));
	const pro = sim.demo.pro.userId;
	const documents = sim.demo.folders.documents.hash;
	const shared = sim.demo.folders.shared.hash;
	const added: string[] = [];
	const successes = async () =>
		(await executionsOf(n8n.rest, example.id)).filter((execution) => execution.status === 'success');
	for (let round = 1; round <= 2; round++) {
		for (let index = 1; index <= 3; index++) {
			const name = `queue-r${round}-${index}.txt`;
			sim.storage.addFile(pro, documents, name, Buffer.from(`round ${round} file ${index}\n`));
			added.push(name);
		}
		await waitFor(
			`the backups of round ${round}`,
			async () => {
				const backups = sim.storage.listChildren(shared).filter((item) => item.name.startsWith('backup-queue-')).length;
				return backups >= added.length ? true : undefined;
			},
			150_000,
		);
	}
	await deactivate(n8n.rest, example.id);
	const backups = sim.storage
		.listChildren(shared)
		.map((item) => item.name)
		.filter((name) => name.startsWith('backup-queue-'))
		.sort();
	expect(backups).toEqual(added.map((name) => `backup-${name}`).sort());
	const runs = await successes();
	expect(runs.length).toBeGreaterThanOrEqual(2);
	let items = 0;
	for (const run of runs) {
		expect([run.id, workerOf(run.id).length]).toEqual([run.id, 1]);
		items += (await executionNodes(n8n.rest, run.id))['Upload copy to Backup']?.items.length ?? 0;
	}
	expect(items).toBe(added.length);
});

/** Downloads a file of `size` random bytes and uploads it again in one execution on the workers. */
async function roundTripOnWorkers(instance: RunningN8n, size: number) {
	const storage = credentials.find((record) => record.type === 'svcStorageApi')!;
	const pro = sim.demo.pro;
	const content = randomBytes(size);
	const stamp = `${Date.now()}-${size}`;
	const source = sim.storage.addFile(
		pro.userId,
		sim.demo.folders.documents.hash,
		`queue-round-trip-${stamp}.bin`,
		content,
	);
	const target = sim.storage.createFolder(pro.userId, pro.rootFolderHash, `queue-round-trip-${stamp}`);
	const workflow = await createWorkflow(
		instance.rest,
		roundTripWorkflow(`Round trip ${stamp}`, storage, source.hash, target.hash),
	);
	const executionId = await startRun(instance.rest, workflow.id);
	const status = await waitFor(`round trip ${executionId}`, async () => await finished(executionId, instance), 120_000);
	const nodes = await executionNodes(instance.rest, executionId);
	const copies = sim.storage.listChildren(target.hash).map((item) => sim.storage.getFile(item.hash)!.content);
	return { status, nodes, content, copies };
}

describe(`binary data in queue mode's default store (${isN8n1() ? '1.x: in memory' : `2.x: database, capped at ${DATABASE_CAP_MIB} MiB`})`, () => {
	it('a 3 MiB file downloaded and uploaded again on the workers keeps its SHA-256', async () => {
		const { status, nodes, content, copies } = await roundTripOnWorkers(n8n, 3 * 1024 * 1024);
		expect([status, nodes.Download?.error, nodes.Upload?.error]).toEqual(['success', undefined, undefined]);
		expect(copies.map(sha256)).toEqual([sha256(content)]);
	});

	// n8n 1.x has no database store (nor its cap).
	if (!isN8n1())
		it('a file over the database cap is refused naming the setting to change, and nothing is uploaded', async () => {
			const { status, nodes, copies } = await roundTripOnWorkers(n8n, (DATABASE_CAP_MIB + 1) * 1024 * 1024);
			expect(status).toBe('error');
			expect(nodes.Download.error).toBe('The file (5.0 MiB) is larger than n8n keeps in its database');
			expect(copies).toEqual([]);
		});
});

describe('binary data in queue mode with the filesystem store', () => {
	let filesystem: RunningN8n;
	beforeAll(
		async () => {
			await n8n.stop();
			filesystem = await startQueueMode('filesystem');
		},
		6 * 60 * 1000,
	);
	afterAll(async () => await filesystem?.stop());

	it('a 6 MiB file downloaded and uploaded again on the workers keeps its SHA-256', async () => {
		const { status, nodes, content, copies } = await roundTripOnWorkers(filesystem, 6 * 1024 * 1024);
		expect([status, nodes.Download?.error, nodes.Upload?.error]).toEqual(['success', undefined, undefined]);
		expect(copies.map(sha256)).toEqual([sha256(content)]);
	});
});
