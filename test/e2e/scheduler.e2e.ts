/* eslint-disable @n8n/community-nodes/no-restricted-imports, @typescript-eslint/no-explicit-any -- this file runs in Node under the test tools, never inside n8n; it reads answers of every shape */
/**
 * Both Svc triggers under n8n 2.41's durable scheduler with durable cursors (the node's static data
 * committed in the transaction that creates the execution, fenced by the poll's lease): what arrives
 * right after activation is emitted once (the poll n8n runs at activation keeps no node data, and
 * every scheduled poll is told the activation mode `update`), and a main process killed (SIGKILL) in
 * the middle of a poll, then started again, emits each new item once. Without durable cursors (the
 * scheduler alone) what arrives right after activation is emitted once too. n8n 1.123 has no
 * durable scheduler: the file is skipped there.
 *
 * Polls run every minute (n8n refuses a shorter interval); the tests do not wait for the minute but
 * ask the scheduler to run the poll now (`/rest/e2e/scheduled-jobs/fire-now`, n8n's own test hook,
 * on with E2E_TESTS=true), then wait for the executions to appear.
 */
import { readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { startDemoSimulator } from '../../devkit/demo';
import { credentialRecords, type CredentialRecord } from '../../scripts/n8n/demo';
import { isN8n1, prepareUserFolder, runN8nCli, startN8n, type RunningN8n } from '../../devkit/n8n/runtime';
import type { ServiceSimulator } from '../../devkit/simulator';
import { insertTask } from '../../devkit/simulator/dvs/direct';

import { activate, createWorkflow, executionNodes, executionsOf, waitFor } from './helpers';

const SCHEDULER_ENV = {
	N8N_SCHEDULER_ENABLED: 'true',
	N8N_SCHEDULER_POLL_TRIGGERS_ENABLED: 'true',
	// The scheduler's own passes every second instead of every 5 to 30, and a lease a crashed poll holds for 15 s.
	N8N_SCHEDULER_EXECUTOR_INTERVAL: '1',
	N8N_SCHEDULER_MATERIALIZATION_INTERVAL: '1',
	N8N_SCHEDULER_REAPER_INTERVAL: '2',
	N8N_SCHEDULER_LEASE_DURATION: '15',
	E2E_TESTS: 'true',
};

interface Watched {
	name: string;
	workflowId: string;
	nodeId: string;
	/** Creates an item the trigger emits; returns its name. */
	add(name: string): string;
	/** The name of an emitted item. */
	label(item: any): string;
	/** The listing the trigger's poll starts with. */
	listing: string;
}

let sim: ServiceSimulator;
let n8n: RunningN8n | undefined;
let userFolder: string | undefined;
let credentials: CredentialRecord[];
let watched: Watched[] = [];

/** Starts n8n on the scheduler (again, on the same database, when it ran before). */
async function startOnScheduler(durableCursors: boolean): Promise<RunningN8n> {
	return await startN8n({
		userFolder,
		port: n8n?.port,
		extraEnv: { ...SCHEDULER_ENV, N8N_POLLER_DURABLE_CURSORS_ENABLED: String(durableCursors) },
		beforeStart: n8n ? undefined : importCredentials,
	});
}

/** The running n8n. */
function running(): RunningN8n {
	if (!n8n) throw new Error('n8n is not running');
	return n8n;
}

/** The demo credentials, imported with n8n's CLI before the first start. */
async function importCredentials(bin: string, env: NodeJS.ProcessEnv): Promise<void> {
	credentials = credentialRecords(sim);
	const file = join(userFolder!, 'credentials.json');
	writeFileSync(file, JSON.stringify(credentials));
	const result = await runN8nCli(bin, ['import:credentials', '--input', file], env);
	if (result.status !== 0) throw new Error(`n8n import:credentials failed:\n${result.stdout}\n${result.stderr}`);
}

function triggerWorkflow(
	name: string,
	nodeId: string,
	type: string,
	parameters: Record<string, unknown>,
	credentialType: string,
): Record<string, unknown> {
	const credential = credentials.find((record) => record.type === credentialType)!;
	return {
		name,
		nodes: [
			{
				id: nodeId,
				name: 'Trigger',
				type,
				typeVersion: 1,
				position: [0, 0],
				parameters: { pollTimes: { item: [{ mode: 'everyMinute' }] }, ...parameters },
				credentials: { [credentialType]: { id: credential.id, name: credential.name } },
			},
		],
		connections: {},
	};
}

/** Saves the workflow of the trigger watched as `watched` describes it. */
async function savedTrigger(
	workflowName: string,
	type: string,
	parameters: Record<string, unknown>,
	credentialType: string,
	watched: Omit<Watched, 'workflowId'>,
): Promise<Watched> {
	const { id } = await createWorkflow(
		running().rest,
		triggerWorkflow(workflowName, watched.nodeId, type, parameters, credentialType),
	);
	return { ...watched, workflowId: id };
}

async function watchStorage(): Promise<Watched> {
	const pro = sim.demo.pro;
	const folder = sim.storage.createFolder(pro.userId, pro.rootFolderHash, 'Scheduler inbox');
	sim.storage.addFile(pro.userId, folder.hash, 'there-before.txt', Buffer.from('old\n'));
	return await savedTrigger(
		'Scheduler: new files',
		'n8n-nodes-svc.svcStorageTrigger',
		{ event: 'newFile', folder: { __rl: true, mode: 'id', value: folder.hash } },
		'svcStorageApi',
		{
			name: 'Storage',
			nodeId: '5c0e0d1e-0000-4000-8000-000000000001',
			add: (name) => sim.storage.addFile(pro.userId, folder.hash, `${name}.txt`, Buffer.from(`${name}\n`)).name,
			label: (item) => String(item.file_name),
			listing: 'get_folder_content',
		},
	);
}

async function watchDvs(): Promise<Watched> {
	const org = sim.dvs.seed.orgA;
	const creatorId = org.users.admin.id;
	const project = sim.dvs.store.insertDocument(org.orgId, 'project_2', {
		values: { name: 'Scheduler project', workers: [creatorId] },
		creatorId,
	}).id;
	const addTask = (name: string) =>
		String(
			insertTask(sim.dvs.store, { orgId: org.orgId, creatorId, values: { dvs_project_id: project, name } }).values.name,
		);
	addTask('there before');
	return await savedTrigger(
		'Scheduler: new tasks',
		'n8n-nodes-svc.svcDvsTrigger',
		{ event: 'newTask', project: { __rl: true, mode: 'id', value: String(project) } },
		'svcDvsApi',
		{
			name: 'DVS',
			nodeId: '5c0e0d1e-0000-4000-8000-000000000002',
			add: addTask,
			label: (item) => String(item.name),
			listing: 'get_documents',
		},
	);
}

/**
 * Waits until n8n has activated the trigger: 2.41 publishes a workflow in the background, and the
 * poll it runs then leaves the trigger's starting point in the workflow's static data.
 */
async function activated(trigger: Watched): Promise<void> {
	await waitFor(
		`${trigger.name} trigger to be activated`,
		async () => {
			const workflow = await running().rest.request<any>('GET', `/rest/workflows/${trigger.workflowId}`);
			return workflow.staticData?.global?.[`svcTriggerStart:${trigger.nodeId}`] ? true : undefined;
		},
		60_000,
	);
}

/** Asks the scheduler to run the trigger's poll now instead of at the next minute. */
async function pollNow(trigger: Watched): Promise<void> {
	await running().rest.request('POST', '/rest/e2e/scheduled-jobs/fire-now', {
		workflowId: trigger.workflowId,
		nodeId: trigger.nodeId,
	});
}

/** Every item the trigger emitted so far, over all its executions, with how many times each came. */
async function emittedBy(trigger: Watched): Promise<{ labels: string[]; eventIds: string[] }> {
	const labels: string[] = [];
	const eventIds: string[] = [];
	// n8n lists running and finished executions in two queries: one that finishes in between comes twice.
	const ids = new Set((await executionsOf(running().rest, trigger.workflowId)).map((execution) => execution.id));
	for (const id of ids) {
		const items = (await executionNodes(running().rest, id)).Trigger?.items ?? [];
		for (const item of items) {
			labels.push(trigger.label(item.json));
			eventIds.push(String(item.json.event_id));
		}
	}
	return { labels: labels.sort(), eventIds };
}

/** Waits until every name has been emitted (polling now, as often as needed), then returns all emitted. */
async function waitForEmitted(trigger: Watched, names: string[]): Promise<{ labels: string[]; eventIds: string[] }> {
	return await waitFor(
		`${trigger.name} trigger to emit ${names.join(', ')}`,
		async () => {
			const emitted = await emittedBy(trigger);
			if (names.every((name) => emitted.labels.includes(name))) return emitted;
			await pollNow(trigger);
			return undefined;
		},
		150_000,
	);
}

/** Adds one more item and waits for it: every poll before it has then ended, so nothing is still on its way. */
async function settle(trigger: Watched, tag: string): Promise<{ last: string; labels: string[]; eventIds: string[] }> {
	const last = trigger.add(`${trigger.name}-last-${tag}`);
	return { last, ...(await waitForEmitted(trigger, [last])) };
}

/**
 * A simulator and an n8n on the scheduler for the tests of one describe block, with both triggers
 * created (not active). The package is packed and installed once for the file; each block starts
 * n8n on a new database in that folder.
 */
function onScheduler(durableCursors: boolean): void {
	beforeAll(
		async () => {
			sim = await startDemoSimulator();
			userFolder ??= prepareUserFolder();
			n8n = await startOnScheduler(durableCursors);
			watched = [await watchStorage(), await watchDvs()];
		},
		4 * 60 * 1000,
	);

	afterAll(async () => {
		await n8n?.stop();
		n8n = undefined;
		await sim?.close();
		const database = join(userFolder!, '.n8n');
		for (const name of readdirSync(database)) if (name.startsWith('database.sqlite')) rmSync(join(database, name));
	});
}

async function emitsWhatArrivesAfterActivation(): Promise<void> {
	const expected = new Map<Watched, string[]>();
	for (const trigger of watched) {
		await activate(running().rest, trigger.workflowId);
		await activated(trigger);
		expected.set(trigger, [trigger.add(`${trigger.name}-right-after-1`), trigger.add(`${trigger.name}-right-after-2`)]);
	}
	for (const trigger of watched) {
		await waitForEmitted(trigger, expected.get(trigger)!);
		const { last, labels, eventIds } = await settle(trigger, 'activation');
		expect(labels).toEqual([...expected.get(trigger)!, last].sort());
		expect(new Set(eventIds).size).toBe(eventIds.length);
		for (const eventId of eventIds) expect(eventId).toMatch(/^[0-9a-f]{32}$/);
	}
}

const onTheScheduler = isN8n1() ? describe.skip : describe;

afterAll(() => {
	if (userFolder) rmSync(userFolder, { recursive: true, force: true });
});

onTheScheduler(
	'both triggers under the durable scheduler with durable cursors (n8n 2.41; 1.123 has no durable scheduler)',
	() => {
		onScheduler(true);

		it('emits once what arrives right after activation, nothing that was there before, each with an event ID', async () => {
			await emitsWhatArrivesAfterActivation();
		});

		it('a main process killed in the middle of a poll, then started again, emits each new item once', async () => {
			const before = new Map<Watched, string[]>();
			const arrived = new Map<Watched, string[]>();
			const hangs: Array<{ hits: number }> = [];
			for (const trigger of watched) {
				before.set(trigger, (await emittedBy(trigger)).labels);
				arrived.set(trigger, [
					trigger.add(`${trigger.name}-during-crash-1`),
					trigger.add(`${trigger.name}-during-crash-2`),
				]);
				hangs.push(sim.faults.add({ match: { action: trigger.listing }, fault: { kind: 'hang' } }));
				await pollNow(trigger);
			}
			await waitFor(
				'both polls to be in the middle of their listing',
				async () => (hangs.every((hang) => hang.hits === 1) ? true : undefined),
				60_000,
			);
			const main = running().processes[0];
			const exited = new Promise((done) => main.child.once('exit', done));
			main.child.kill('SIGKILL');
			await exited;
			sim.faults.clear();
			n8n = await startOnScheduler(true);

			for (const trigger of watched) {
				await waitForEmitted(trigger, arrived.get(trigger)!);
				const { last, labels } = await settle(trigger, 'crash');
				expect(labels).toEqual([...before.get(trigger)!, ...arrived.get(trigger)!, last].sort());
			}
		});
	},
);

onTheScheduler('both triggers under the durable scheduler without durable cursors (n8n 2.41)', () => {
	onScheduler(false);

	it('emits once what arrives right after activation, nothing that was there before, each with an event ID', async () => {
		await emitsWhatArrivesAfterActivation();
	});
});
