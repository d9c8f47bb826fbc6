/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @typescript-eslint/no-explicit-any -- this file runs in Node under the test tools, never inside n8n; it reads answers of every shape */
/**
 * n8n's own recovery around the node, in a real n8n of each line: nothing is written twice.
 *
 * - Retry execution, through the REST call the executions list makes (`POST /rest/executions/:id/retry`,
 *   with the saved workflow and with the original one), after "Outcome uncertain" whose write had landed:
 *   the write commits, its answer is a 500 and every read of that API fails through the node's settle
 *   window (1 + 2 + 4 + 8 s of real time). The retried execution finds the write in what the failed one
 *   recorded and outputs it `reconciled: true`; the service holds one object. REST Create Folder and
 *   Upload, DVS Create Task and Add Comment, and DVS task and comment over MCP. Cases on different APIs
 *   run side by side (their faults never meet), three at a time.
 * - A queue worker killed (SIGKILL) while a webhook-started execution uploads 30 files at once, at the 16th
 *   upload to arrive (held unanswered; the others stored as they arrived whole, seen in the simulator); a second worker
 *   lives on. 1.123: Bull runs the stalled job again
 *   on the other worker (its stall timings lowered here); nothing the node recorded survives the killed worker,
 *   so the workflow uses "If Name Exists: Use Existing": 30 files, no copies. 2.41: the killed worker is started
 *   again (a container restart) and marks the execution crashed, keeping the progress saved after each node;
 *   Retry execution with the default "Keep Both" stops with "Outcome uncertain" naming a stored file instead of
 *   writing a copy (the files still absent it makes), and with "Use Existing" completes: 30 files, no copies. When instead the other worker fails
 *   the job as stalled (2.41 runs no stalled job again), n8n replaces the execution's data by that error: Retry
 *   execution ends at once writing nothing, and the workflow run again with "Use Existing" leaves 30 files.
 */
import { demoCredentials, startDemoSimulator } from '../../devkit/demo';
import { rmSync } from 'node:fs';

import { freePort, isN8n1, prepareUserFolder, startN8n, type RunningN8n } from '../../devkit/n8n/runtime';
import type { ServiceSimulator } from '../../devkit/simulator';

import { activate, createWorkflow, executionsOf, manualStart, startRun, waitFor, workflowNode } from './helpers';
import {
	bodyText,
	ended,
	killWorker,
	queueMode,
	READS,
	restartWorker,
	retryExecution,
	startRedis,
	writeLandsUnseen,
	type Ended,
	type RequestTest,
} from './recovery';

let sim: ServiceSimulator;
let n8n: RunningN8n;
let credentialIds: Record<string, { id: string; name: string }>;

const marker = () => `rec${Math.random().toString(36).slice(2, 10)}`;
const byId = (value: string | number) => ({ __rl: true, mode: 'id', value: String(value) });
/** A sibling name that is the marker's object or a numbered copy of it (`x (1).txt`). */
const carries = (name: string, mark: string) =>
	name === mark || name.startsWith(`${mark} (`) || name.startsWith(`${mark}.`);

/** Credentials as a user saves them in the editor: Storage, DVS, and MCP as the DVS admin. */
async function createCredentials(): Promise<void> {
	const demo = demoCredentials(sim);
	const admin = sim.dvs.seed.orgA.users.admin;
	const wanted: Array<[string, string, Record<string, unknown>]> = [
		['svcStorageApi', 'Svc Storage (recovery)', demo.svcStorageApi as Record<string, unknown>],
		['svcDvsApi', 'Svc DVS (recovery)', demo.svcDvsApi as Record<string, unknown>],
		['svcMcpApi', 'Svc MCP as DVS admin (recovery)', { baseUrl: sim.baseUrl, userId: admin.id, apiToken: admin.token }],
	];
	credentialIds = {};
	for (const [type, name, data] of wanted) {
		const created = await n8n.rest.request<{ id: string }>('POST', '/rest/credentials', { name, type, data });
		credentialIds[type] = { id: String(created.id), name };
	}
}

type Credential = 'svcStorageApi' | 'svcDvsApi' | 'svcMcpApi';

function svcNode(
	name: string,
	node: 'svcStorage' | 'svcDvs',
	credential: Credential,
	parameters: Record<string, unknown>,
	x: number,
) {
	return workflowNode(name, `n8n-nodes-svc.${node}`, 1, x, {
		parameters: { authentication: credential, ...parameters },
		credentials: { [credential]: credentialIds[credential] },
	});
}

const storageNode = (name: string, parameters: Record<string, unknown>, x: number) =>
	svcNode(name, 'svcStorage', 'svcStorageApi', parameters, x);

/** Start → the given Svc nodes in a row. */
function chain(name: string, nodes: Array<ReturnType<typeof svcNode>>): Record<string, unknown> {
	const all = [manualStart(), ...nodes];
	const connections = Object.fromEntries(
		all
			.slice(0, -1)
			.map((node, index) => [node.name, { main: [[{ node: all[index + 1].name, type: 'main', index: 0 }]] }]),
	);
	return { name, nodes: all, connections };
}

interface UncertainCase {
	name: string;
	/** Cases of one phase run side by side: each on its own API. */
	phase: 1 | 2;
	reads: RequestTest;
	loadWorkflow: boolean;
	/** The case's workflow (its write node is named Write), which requests are its write, and how many objects carry the marker. */
	setUp(mark: string): { workflow: Record<string, unknown>; isWrite: RequestTest; count: () => number };
}

const folderIn = (label: string) =>
	sim.storage.createFolder(sim.demo.pro.userId, sim.demo.pro.rootFolderHash, `${label}-${marker()}`);
/** How many folders or files in the folder are the marker's object or a copy of it. */
const carrying = (mark: string, folderHash: string, type: 'folder' | 'file') =>
	sim.storage.listChildren(folderHash).filter((item) => item.type === type && carries(item.name, mark)).length;
const tasksNamed = (mark: string) =>
	sim.dvs.store.documents(sim.dvs.seed.orgA.orgId, 'task').filter((task) => task.values.name === mark).length;
const commentsWith = (taskId: number, mark: string) =>
	sim.dvs.store.comments(taskId).filter((comment) => comment.storedHtml.includes(mark)).length;
const fields = (value: Record<string, unknown>) => ({
	mappingMode: 'defineBelow',
	value,
	matchingColumns: [],
	schema: [],
});

/** A DVS write of one case: its node parameters, its REST action and MCP tool, how many objects carry the marker. */
interface DvsWrite {
	title: string;
	parameters: Record<string, unknown>;
	action: string;
	mcpTool: string;
	count: () => number;
}

type OrgA = ServiceSimulator['dvs']['seed']['orgA'];

const createTask =
	(project: keyof OrgA['projects']) =>
	(mark: string): DvsWrite => ({
		title: 'task',
		parameters: {
			resource: 'task',
			operation: 'create',
			project: byId(sim.dvs.seed.orgA.projects[project]),
			fields: fields({ name: mark }),
		},
		action: 'create_document',
		mcpTool: 'svc_dvs_create_task',
		count: () => tasksNamed(mark),
	});

const addComment =
	(task: keyof OrgA['tasks']) =>
	(mark: string): DvsWrite => {
		const taskId = sim.dvs.seed.orgA.tasks[task];
		return {
			title: 'comment',
			parameters: { resource: 'comment', operation: 'add', task: byId(taskId), comment: `Note ${mark}` },
			action: 'add_comment',
			mcpTool: 'svc_dvs_add_comment',
			count: () => commentsWith(taskId, mark),
		};
	};

/** A DVS write through the DVS REST credential or over MCP; the write is the request whose body carries the marker. */
function dvsCase(
	name: string,
	phase: 1 | 2,
	loadWorkflow: boolean,
	over: 'REST' | 'MCP',
	write: (mark: string) => DvsWrite,
): UncertainCase {
	return {
		name,
		phase,
		reads: over === 'MCP' ? READS.mcp : READS.dvs,
		loadWorkflow,
		setUp: (mark) => {
			const { title, parameters, action, mcpTool, count } = write(mark);
			const node = svcNode('Write', 'svcDvs', over === 'MCP' ? 'svcMcpApi' : 'svcDvsApi', parameters, 220);
			return {
				workflow: chain(`Recovery ${over === 'MCP' ? 'MCP ' : ''}${title} ${mark}`, [node]),
				isWrite: (request) =>
					(over === 'MCP' ? request.mcpTool === mcpTool : request.action === action) &&
					bodyText(request.req).includes(mark),
				count,
			};
		},
	};
}

const CASES: UncertainCase[] = [
	{
		name: 'REST Create Folder, retried with the saved workflow',
		phase: 1,
		reads: READS.storage,
		loadWorkflow: true,
		setUp: (mark) => {
			const parent = folderIn('recovery-folders');
			const write = storageNode(
				'Write',
				{ resource: 'folder', operation: 'create', parentFolder: byId(parent.hash), folderName: mark },
				220,
			);
			return {
				workflow: chain(`Recovery folder ${mark}`, [write]),
				isWrite: ({ req, action }) => action === 'create_folder' && bodyText(req).includes(mark),
				count: () => carrying(mark, parent.hash, 'folder'),
			};
		},
	},
	{
		name: 'REST Upload, retried with the original workflow',
		phase: 2,
		reads: READS.storage,
		loadWorkflow: false,
		setUp: (mark) => {
			const folder = folderIn('recovery-files');
			const source = sim.storage.addFile(
				sim.demo.pro.userId,
				folderIn('recovery-sources').hash,
				`${mark}.txt`,
				Buffer.from(`content of ${mark}\n`),
			);
			const download = storageNode(
				'Download',
				{ resource: 'file', operation: 'download', file: byId(source.hash), binaryPropertyName: 'data', options: {} },
				220,
			);
			const write = storageNode(
				'Write',
				{ resource: 'file', operation: 'upload', folder: byId(folder.hash), binaryPropertyName: 'data', options: {} },
				440,
			);
			return {
				workflow: chain(`Recovery upload ${mark}`, [download, write]),
				// A multipart body is streamed, so not matched on; this phase runs one upload.
				isWrite: ({ action }) => action === 'upload_file',
				count: () => carrying(mark, folder.hash, 'file'),
			};
		},
	},
	dvsCase('DVS Create Task (REST), retried with the original workflow', 1, false, 'REST', createTask('website')),
	dvsCase('DVS Add Comment (REST), retried with the saved workflow', 2, true, 'REST', addComment('design')),
	dvsCase('DVS Create Task over MCP, retried with the saved workflow', 2, true, 'MCP', createTask('tools')),
	dvsCase('DVS Add Comment over MCP, retried with the original workflow', 1, false, 'MCP', addComment('header')),
];

interface CaseOutcome {
	failed: { status: string; error?: string };
	/** Objects carrying the marker after the failed run (the write landed: 1). */
	afterFailure: number;
	retried: { status: string; error?: string; json?: Record<string, unknown> };
	afterRetry: number;
}

/** Runs the case's workflow with its write landing unseen, then Retry execution once the faults are gone. */
async function uncertainThenRetried(testCase: UncertainCase): Promise<CaseOutcome> {
	const mark = marker();
	const { workflow, isWrite, count } = testCase.setUp(mark);
	const { id } = await createWorkflow(n8n.rest, workflow);
	const faults = writeLandsUnseen(sim, isWrite, testCase.reads);
	let failed: Ended;
	try {
		failed = await ended(n8n.rest, await startRun(n8n.rest, id));
	} finally {
		faults.retire();
	}
	const afterFailure = count();
	const retried = await retryExecution(n8n.rest, failed.id, testCase.loadWorkflow);
	return {
		failed: { status: failed.status, error: failed.nodes.Write?.error },
		afterFailure,
		retried: { status: retried.status, error: retried.nodes.Write?.error, json: retried.nodes.Write?.items[0]?.json },
		afterRetry: count(),
	};
}

const phases = new Map<number, Promise<Map<string, CaseOutcome>>>();

/** The outcome of a case; the first case of a phase starts the whole phase. */
async function outcomeOf(testCase: UncertainCase): Promise<CaseOutcome> {
	if (!phases.has(testCase.phase)) {
		const cases = CASES.filter((candidate) => candidate.phase === testCase.phase);
		phases.set(
			testCase.phase,
			Promise.all(
				cases.map(async (candidate) => [candidate.name, await uncertainThenRetried(candidate)] as const),
			).then((entries) => new Map(entries)),
		);
	}
	return (await phases.get(testCase.phase)!).get(testCase.name)!;
}

beforeAll(async () => {
	sim = await startDemoSimulator();
});

afterAll(async () => {
	await sim?.close();
});

describe('Retry execution after "Outcome uncertain" whose write had landed', () => {
	beforeAll(
		async () => {
			n8n = await startN8n();
			await createCredentials();
		},
		5 * 60 * 1000,
	);

	afterAll(async () => {
		await n8n?.stop();
	});

	it.each(CASES.map((testCase) => [testCase.name, testCase] as const))(
		'%s: outputs the landed write, reconciled; the service holds one',
		async (_name, testCase) => {
			const outcome = await outcomeOf(testCase);
			expect(outcome).toEqual({
				failed: { status: 'error', error: expect.stringMatching(/^Outcome uncertain/) },
				afterFailure: 1,
				retried: { status: 'success', error: undefined, json: expect.objectContaining({ reconciled: true }) },
				afterRetry: 1,
			});
		},
	);
});

const SOURCE_FILES = 30;
const KILL_AT_UPLOAD = 16;

/** How soon a dead worker's job is found stalled: within seconds, or not while the test runs. */
type StallCheck = 'soon' | 'not now';

/** Main and two workers in queue mode on `userFolder` (kept between starts, so its database too). */
async function startQueueMode(userFolder: string, redisPort: number, stall: StallCheck): Promise<RunningN8n> {
	return await startN8n({
		userFolder,
		...queueMode(
			redisPort,
			stall === 'soon'
				? // The other worker sees the dead worker's job stalled within seconds instead of 1 to 1.5 minutes.
					{
						QUEUE_WORKER_LOCK_DURATION: '10000',
						QUEUE_WORKER_LOCK_RENEW_TIME: '2000',
						QUEUE_WORKER_STALLED_INTERVAL: '5000',
					}
				: // Not while the test runs: once a job is failed as stalled, 2.41 replaces its execution's data by that error.
					{ QUEUE_WORKER_LOCK_DURATION: '600000' },
		),
	});
}

describe('a queue worker killed mid-write (SIGKILL at the 16th of 30 uploads, one of two workers)', () => {
	let redis: Awaited<ReturnType<typeof startRedis>> | undefined;
	let redisPort: number;
	let userFolder: string;

	beforeAll(
		async () => {
			redisPort = await freePort();
			redis = await startRedis(redisPort);
			userFolder = prepareUserFolder();
			// 2.41 first: its restarted worker marks the execution crashed before any stall check fails the job.
			n8n = await startQueueMode(userFolder, redisPort, isN8n1() ? 'soon' : 'not now');
			await createCredentials();
		},
		5 * 60 * 1000,
	);

	afterAll(async () => {
		await n8n?.stop();
		redis?.kill('SIGTERM');
		if (userFolder) rmSync(userFolder, { recursive: true, force: true });
	});

	if (isN8n1()) {
		it('1.123: Bull runs the stalled job again, and with Use Existing the folder ends with 30 files, no copies', async () => {
			await killedMidUpload({ restart: false, ifNameExists: 'useExisting' }, rerunByBull);
		});
	} else {
		it('2.41, the worker restarted: Retry execution never writes a copy: Keep Both stops "Outcome uncertain", Use Existing completes with 30 files', async () => {
			await killedMidUpload({ restart: true, ifNameExists: 'keepBoth' }, retriedByUser);
		});

		it('2.41, the job failed as stalled by the other worker: Retry execution ends at once writing nothing; run again with Use Existing, 30 files', async () => {
			await n8n.stop();
			n8n = await startQueueMode(userFolder, redisPort, 'soon');
			await killedMidUpload({ restart: false, ifNameExists: 'keepBoth' }, failedAsStalled);
		});
	}
});

interface KillOptions {
	/** Start the killed worker again (a container restart), or leave the other worker alone. */
	restart: boolean;
	ifNameExists: 'keepBoth' | 'useExisting';
}

/**
 * An active workflow started by a webhook, as production executions run on the workers: it lists 30
 * files, downloads each and uploads it into another folder, all at once (a write's items go 50 at once).
 */
function uploadThirtyWorkflow(
	sourceHash: string,
	targetHash: string,
	hookPath: string,
	ifNameExists: KillOptions['ifNameExists'],
): Record<string, unknown> {
	const upload = {
		resource: 'file',
		operation: 'upload',
		folder: byId(targetHash),
		binaryPropertyName: 'data',
		options: ifNameExists === 'keepBoth' ? {} : { ifNameExists },
	};
	const nodes = chain(`Recovery queue ${hookPath}`, [
		storageNode(
			'List',
			{
				resource: 'folder',
				operation: 'getContent',
				folder: byId(sourceHash),
				returnAll: true,
				options: { itemType: 'file' },
			},
			220,
		),
		storageNode(
			'Download',
			{
				resource: 'file',
				operation: 'download',
				file: { __rl: true, mode: 'id', value: '={{ $json.file_hash }}' },
				binaryPropertyName: 'data',
				options: {},
			},
			440,
		),
		storageNode('Upload', upload, 660),
	]) as { nodes: any[]; connections: Record<string, unknown> };
	nodes.nodes[0] = workflowNode('Start', 'n8n-nodes-base.webhook', 2, 0, {
		webhookId: hookPath,
		parameters: { httpMethod: 'POST', path: hookPath, responseMode: 'onReceived', options: {} },
	});
	// 2.41 keeps nothing of an execution whose worker died unless the workflow saves its progress after each
	// node (Settings → Save execution progress): without it Retry execution is refused ("aborted before starting").
	const settings = { executionOrder: 'v1', ...(isN8n1() ? {} : { saveExecutionProgress: true }) };
	return { name: `Recovery queue ${hookPath}`, ...nodes, settings };
}

const startsOf = (output: string) => output.split('Worker started execution ').length - 1;

/** How many executions each process says it started, by process index. */
const startsByProcess = () => n8n.processes.map((process) => startsOf(process.output()));

/** The index of the worker that started an execution since `before` (the one running now), from the workers' own log lines. */
function runningWorker(before: number[]): number {
	const index = n8n.processes.findIndex(
		(process, at) =>
			at > 0 &&
			process.child.exitCode === null &&
			process.child.signalCode === null &&
			startsOf(process.output()) > (before[at] ?? 0),
	);
	if (index < 1) throw new Error('no worker says it started the execution');
	return index;
}

/** Starts the workflow through its webhook, once n8n serves it (it may register it a moment after answering the activation). */
async function callWebhook(hookPath: string): Promise<void> {
	const status = await waitFor(
		'the webhook to start the workflow',
		async () => {
			const answer = await fetch(`${n8n.url}/webhook/${hookPath}`, {
				method: 'POST',
				headers: { 'content-type': 'application/json' },
				body: '{}',
			});
			await answer.arrayBuffer();
			return answer.status === 404 ? undefined : answer.status;
		},
		60_000,
	);
	expect(status).toBe(200);
}

interface KilledRun {
	executionId: string;
	workflowId: string;
	hookPath: string;
	files: () => string[];
	/** Files stored once the worker is dead: the uploads that had arrived whole. */
	stored: number;
}

/**
 * Uploads 30 files at once on one of two workers and kills that worker when the 16th upload arrives (held
 * unanswered and never stored); the uploads that had arrived whole are stored.
 */
async function killedMidUpload(options: KillOptions, after: (run: KilledRun) => Promise<void>): Promise<void> {
	const pro = sim.demo.pro.userId;
	const source = folderIn('recovery-queue-source');
	const target = folderIn('recovery-queue-target');
	for (let n = 1; n <= SOURCE_FILES; n++)
		sim.storage.addFile(pro, source.hash, `doc-${String(n).padStart(2, '0')}.txt`, Buffer.from(`document ${n}\n`));
	const files = () =>
		sim.storage
			.listChildren(target.hash)
			.map((item) => item.name)
			.sort();
	const hookPath = `recovery-${marker()}`;
	const { id: workflowId } = await createWorkflow(
		n8n.rest,
		uploadThirtyWorkflow(source.hash, target.hash, hookPath, options.ifNameExists),
	);
	await activate(n8n.rest, workflowId);
	const startsBefore = startsByProcess();
	let uploads = 0;
	let killed: Promise<void> | undefined;
	let storedAtKill = -1;
	sim.faults.add({
		match: (req) => {
			if (!req.path.endsWith('/upload_file') || ++uploads !== KILL_AT_UPLOAD) return false;
			storedAtKill = files().length;
			// A restarted worker finds the execution unfinished in its event log and marks it crashed, keeping the
			// progress saved after each node (2.41).
			killed = killWorker(n8n, runningWorker(startsBefore)).then(async () =>
				options.restart ? await restartWorker(n8n) : undefined,
			);
			return true;
		},
		// The 16th upload is held unanswered (and not stored) until the dead worker's connection closes.
		fault: { kind: 'hang' },
		times: 1,
	});
	await callWebhook(hookPath);
	await waitForValue('the worker to be killed at the 16th upload', () => killed);
	await killed;
	expect(storedAtKill).toBeLessThan(KILL_AT_UPLOAD);
	const stored = await steadyCount(files);
	expect(stored).toBeGreaterThanOrEqual(Math.max(storedAtKill, 1));
	expect(stored).toBeLessThan(SOURCE_FILES);
	const [execution] = await executionsOf(n8n.rest, workflowId);
	await after({ executionId: execution.id, workflowId, hookPath, files, stored });
}

/** How many `files` there are once the count has not moved for a second (uploads still arriving are stored). */
async function steadyCount(files: () => string[]): Promise<number> {
	let count = files().length;
	for (;;) {
		await new Promise((wait) => setTimeout(wait, 1000));
		if (files().length === count) return count;
		count = files().length;
	}
}

async function waitForValue<T>(what: string, value: () => T | undefined, timeoutMs = 180_000): Promise<T> {
	const deadline = Date.now() + timeoutMs;
	while (Date.now() < deadline) {
		const current = value();
		if (current !== undefined) return current;
		await new Promise((wait) => setTimeout(wait, 100));
	}
	throw new Error(`timed out after ${timeoutMs / 1000} s waiting for ${what}`);
}

const copies = (names: string[]) => names.filter((name) => / \(\d+\)/.test(name));

/** 1.123: the new worker's Bull finds the dead worker's job stalled and runs it again, from the start. */
async function rerunByBull({ executionId, files, stored }: KilledRun): Promise<void> {
	const rerun = await ended(n8n.rest, executionId, 240_000);
	expect([rerun.status, rerun.nodes.Upload?.error]).toEqual(['success', undefined]);
	expect([files().length, copies(files())]).toEqual([SOURCE_FILES, []]);
	const existing = rerun.nodes.Upload.items.filter((item: any) => item.json.existing === true).length;
	expect([rerun.nodes.Upload.items.length, existing]).toEqual([SOURCE_FILES, stored]);
}

/** 2.41, the worker restarted: the execution is crashed; the user retries, first as saved (Keep Both), then with Use Existing. */
async function retriedByUser({ executionId, workflowId, files }: KilledRun): Promise<void> {
	const crashed = await ended(n8n.rest, executionId, 240_000);
	expect([crashed.status, crashed.lastNode]).toEqual(['crashed', 'Upload']);
	const keepBoth = await retryExecution(n8n.rest, executionId, false);
	expect([keepBoth.status, keepBoth.lastNode, keepBoth.error]).toEqual([
		'error',
		'Upload',
		expect.stringMatching(/^Outcome uncertain.*doc-\d\d\.txt/),
	]);
	// The files the killed run stored stop their items; the others, all in the same batch, were absent and are made.
	expect([files().length, copies(files())]).toEqual([SOURCE_FILES, []]);

	await setIfNameExists(workflowId, 'useExisting');
	const useExisting = await retryExecution(n8n.rest, keepBoth.id, true);
	expect([useExisting.status, useExisting.nodes.Upload?.error]).toEqual(['success', undefined]);
	expect([files().length, copies(files())]).toEqual([SOURCE_FILES, []]);
	// Every file was there before this run: stored by the killed run or by the Keep Both retry.
	const existing = useExisting.nodes.Upload.items.filter((item: any) => item.json.existing === true).length;
	expect([useExisting.nodes.Upload.items.length, existing]).toEqual([SOURCE_FILES, SOURCE_FILES]);
}

/** Saves the workflow with the Upload's If Name Exists changed (and the webhook's path, when given), as a user does in the editor. */
async function setIfNameExists(
	workflowId: string,
	ifNameExists: KillOptions['ifNameExists'],
	hookPath?: string,
): Promise<void> {
	const saved = await n8n.rest.request<any>('GET', `/rest/workflows/${workflowId}`);
	const nodes = saved.nodes.map((node: any) => {
		if (node.name === 'Upload')
			return { ...node, parameters: { ...node.parameters, options: { ...node.parameters.options, ifNameExists } } };
		if (node.name === 'Start' && hookPath)
			return { ...node, webhookId: hookPath, parameters: { ...node.parameters, path: hookPath } };
		return node;
	});
	await n8n.rest.request('PATCH', `/rest/workflows/${workflowId}`, { ...saved, nodes });
}

/**
 * 2.41, nobody restarts the killed worker: the other one fails its job as stalled, and n8n replaces the
 * execution's data by that error. Retry execution then ends at once with it, running no node; the workflow
 * run again (published with Use Existing) completes without a copy.
 */
async function failedAsStalled({ executionId, workflowId, hookPath, files, stored }: KilledRun): Promise<void> {
	const stalled = /failed to be processed too many times/;
	const failed = await ended(n8n.rest, executionId, 240_000);
	expect([failed.status, failed.error]).toEqual(['error', expect.stringMatching(stalled)]);
	const retried = await retryExecution(n8n.rest, executionId, true);
	expect([retried.status, retried.error, retried.nodes.Upload]).toEqual([
		'error',
		expect.stringMatching(stalled),
		undefined,
	]);
	expect([files().length, copies(files())]).toEqual([stored, []]);

	// 2.41 publishes a saved version in the background: the webhook's new path answers once the new version runs.
	const republished = `${hookPath}-again`;
	await setIfNameExists(workflowId, 'useExisting', republished);
	await activate(n8n.rest, workflowId);
	const before = (await executionsOf(n8n.rest, workflowId)).map((execution) => execution.id);
	await callWebhook(republished);
	const again = await waitFor(
		'the workflow to run again',
		async () => (await executionsOf(n8n.rest, workflowId)).find((execution) => !before.includes(execution.id)),
		60_000,
	);
	const ran = await ended(n8n.rest, again.id);
	expect([ran.status, ran.nodes.Upload?.error]).toEqual(['success', undefined]);
	expect([files().length, copies(files())]).toEqual([SOURCE_FILES, []]);
	const existing = ran.nodes.Upload.items.filter((item: any) => item.json.existing === true).length;
	expect([ran.nodes.Upload.items.length, existing]).toEqual([SOURCE_FILES, stored]);
}
