/* eslint-disable @n8n/community-nodes/no-dangerous-functions, @n8n/community-nodes/no-hardcoded-secrets, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, no-console -- this file runs in Node under the bench tools, never inside n8n; a report key is a name, not a secret */
/**
 * What a poll and a Return All cost at a self-hoster's scale, through the real n8n engine, with the
 * simulator in a child process (bench/lib/scaleSimulator.ts) so that the CPU and memory are the
 * node's: a Storage Trigger over a folder of 50,000 files (idle, and with 1,000 new files), over a
 * subtree of 200 folders, the DVS Trigger's New Task and Task Updated over a project of 10,000 tasks,
 * and Return All of a 10,000-entry folder over MCP. Each poll: requests, wall time, CPU time, peak RSS
 * growth and the static data n8n saves. Run: `npm run build && npx tsx bench/scale.ts`. Figures only.
 */
import '../devkit/setupEnv';

import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';

import type { INodeParameters } from 'n8n-workflow';

import { createPoller, runNode, type CredentialsMap, type Poller } from '../devkit/harness';
import { measure } from './lib/transfer';
import type { ScaleReady, ScaleRequest } from './lib/scaleSimulator';
import { report } from './report';

const FOLDER_FILES = 50_000;
const NEW_FILES = 1_000;
const SUBTREE_FOLDERS = 200;
const SUBTREE_FILES = 10_000;
const PROJECT_TASKS = 10_000;
const CHANGED_TASKS = 1_000;
const MCP_ENTRIES = 10_000;

interface ScaleSimulator extends ScaleReady {
	ask<T>(request: ScaleRequest): Promise<T>;
	stop(): void;
}

async function startScaleSimulator(): Promise<ScaleSimulator> {
	const child: ChildProcess = spawn(
		join(__dirname, '..', 'node_modules', '.bin', 'tsx'),
		[join(__dirname, 'lib', 'scaleSimulator.ts')],
		{
			cwd: join(__dirname, '..'),
			stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
		},
	);
	const waiting = new Map<number, (result: unknown) => void>();
	let next = 0;
	const ready = await new Promise<ScaleReady>((resolve, reject) => {
		child.once('exit', (code) => reject(new Error(`the scale simulator exited (${code})`)));
		child.on('message', (message: { ready?: ScaleReady; id?: number; result?: unknown }) => {
			if (message.ready) resolve(message.ready);
			else if (message.id !== undefined) waiting.get(message.id)?.(message.result);
		});
	});
	return {
		...ready,
		ask: async <T>(request: ScaleRequest) =>
			await new Promise<T>((resolve) => {
				const id = next++;
				waiting.set(id, (result) => resolve(result as T));
				child.send({ id, request });
			}),
		stop: () => child.kill('SIGTERM'),
	};
}

interface PollFigures {
	requests: number;
	items: number;
	wallMs: number;
	cpuMs: number;
	peakRssGrowthMb: number;
	staticDataKb: number;
}

async function measuredPoll(sim: ScaleSimulator, poller: Poller): Promise<PollFigures> {
	const before = await sim.ask<number>({ op: 'requests' });
	let cpu = process.cpuUsage();
	const measured = await measure(
		async () => await poller.poll(),
		() => (cpu = process.cpuUsage()),
	);
	const used = process.cpuUsage(cpu);
	const requests = (await sim.ask<number>({ op: 'requests' })) - before;
	return {
		requests,
		items: measured.result?.[0]?.length ?? 0,
		wallMs: measured.seconds * 1000,
		cpuMs: (used.user + used.system) / 1000,
		peakRssGrowthMb: measured.peakRssGrowthMb,
		staticDataKb: Buffer.byteLength(JSON.stringify(poller.staticData())) / 1000,
	};
}

function line(label: string, poll: PollFigures): string {
	return `${label.padEnd(58)} ${String(poll.requests).padStart(5)} req  ${String(poll.items).padStart(5)} items  ${poll.wallMs.toFixed(0).padStart(6)} ms wall  ${poll.cpuMs.toFixed(0).padStart(6)} ms CPU  ${poll.peakRssGrowthMb.toFixed(1).padStart(6)} MiB peak RSS growth  ${poll.staticDataKb.toFixed(1).padStart(7)} KB static data`;
}

const figures = (poll: PollFigures) =>
	`${poll.requests} req, ${poll.wallMs.toFixed(0)} ms wall, ${poll.cpuMs.toFixed(0)} ms CPU, ${poll.peakRssGrowthMb.toFixed(1)} MiB peak RSS growth, ${poll.staticDataKb.toFixed(1)} KB static data`;

/** Activates a trigger (its first poll records what exists) and measures an idle poll and one after `change`. */
async function triggerRow(
	sim: ScaleSimulator,
	label: string,
	poller: Poller,
	change: { what: string; apply: () => Promise<unknown> },
): Promise<{ idle: PollFigures; changed: PollFigures }> {
	console.log(line(`${label}: activation`, await measuredPoll(sim, poller)));
	const idle = await measuredPoll(sim, poller);
	console.log(line(`${label}: idle poll`, idle));
	await change.apply();
	const changed = await measuredPoll(sim, poller);
	console.log(line(`${label}: poll after ${change.what}`, changed));
	return { idle, changed };
}

async function main(): Promise<void> {
	const sim = await startScaleSimulator();
	try {
		const storageCredentials: CredentialsMap = {
			svcStorageApi: {
				baseUrl: sim.baseUrl,
				authMethod: 'accessToken',
				user: sim.storage.user,
				accessToken: sim.storage.token,
			},
		};
		const dvsCredentials: CredentialsMap = {
			svcDvsApi: { baseUrl: sim.baseUrl, user: sim.dvs.user, accessToken: sim.dvs.token },
		};
		const byId = (value: string | number) => ({ __rl: true, mode: 'id', value: String(value) });
		const storageTrigger = (parameters: INodeParameters) =>
			createPoller({ type: 'n8n-nodes-svc.svcStorageTrigger', parameters, credentials: storageCredentials });
		const dvsTrigger = (parameters: INodeParameters) =>
			createPoller({ type: 'n8n-nodes-svc.svcDvsTrigger', parameters, credentials: dvsCredentials });
		// Every new entry in one poll: the figures are for the poll that finds them all.
		const options = { maxItemsPerPoll: 1000 };
		const storageOptions = { maxFilesPerPoll: 1000 };

		const bigFolder = await sim.ask<string>({ op: 'folder', files: FOLDER_FILES });
		const folderRow = await triggerRow(
			sim,
			`Storage New File, folder of ${FOLDER_FILES.toLocaleString('en')} files`,
			storageTrigger({ event: 'newFile', folder: byId(bigFolder), options: storageOptions }),
			{
				what: `${NEW_FILES.toLocaleString('en')} new files`,
				apply: async () => await sim.ask({ op: 'addFiles', folder: bigFolder, count: NEW_FILES }),
			},
		);
		const idle = folderRow.idle;
		report({
			key: 'scaleIdlePoll50kRequests',
			label: `idle poll of a ${FOLDER_FILES.toLocaleString('en')}-file folder (Storage Trigger, New File): requests`,
			value: idle.requests,
			goal: '≤ 1',
		});
		report({
			key: 'scaleIdlePoll50kCpuMs',
			label: `idle poll of a ${FOLDER_FILES.toLocaleString('en')}-file folder: CPU time, ms (${idle.wallMs.toFixed(0)} ms wall, ${idle.peakRssGrowthMb.toFixed(1)} MiB peak RSS growth)`,
			value: Number(idle.cpuMs.toFixed(0)),
			goal: '≤ 300',
		});
		report({
			key: 'scaleIdlePoll50kStaticDataKB',
			label: `idle poll of a ${FOLDER_FILES.toLocaleString('en')}-file folder: static data n8n saves, KB`,
			value: Number(idle.staticDataKb.toFixed(1)),
			goal: '≤ 450',
		});
		report({
			key: 'scaleNewFiles1kPollCpuMs',
			label: `poll of a ${FOLDER_FILES.toLocaleString('en')}-file folder with ${NEW_FILES.toLocaleString('en')} new files: CPU time, ms (${figures(folderRow.changed)}, ${folderRow.changed.items} items)`,
			value: Number(folderRow.changed.cpuMs.toFixed(0)),
		});

		const subtree = await sim.ask<string>({ op: 'folder', files: SUBTREE_FILES, subfolders: SUBTREE_FOLDERS - 1 });
		const subtreeRow = await triggerRow(
			sim,
			`Storage New File, ${SUBTREE_FOLDERS} folders (depth 1, ${SUBTREE_FILES.toLocaleString('en')} files)`,
			storageTrigger({ event: 'newFile', folder: byId(subtree), subfolderDepth: 1, options: storageOptions }),
			{
				what: `${NEW_FILES.toLocaleString('en')} new files`,
				apply: async () => await sim.ask({ op: 'addFiles', folder: subtree, count: NEW_FILES }),
			},
		);
		report({
			key: 'scaleSubtreeIdlePollCpuMs',
			label: `idle poll of a ${SUBTREE_FOLDERS}-folder subtree (${SUBTREE_FILES.toLocaleString('en')} files): CPU time, ms (${figures(subtreeRow.idle)})`,
			value: Number(subtreeRow.idle.cpuMs.toFixed(0)),
		});

		const project = await sim.ask<number>({ op: 'project', tasks: PROJECT_TASKS });
		const newTask = await triggerRow(
			sim,
			`DVS New Task, project of ${PROJECT_TASKS.toLocaleString('en')} tasks`,
			dvsTrigger({ event: 'newTask', project: byId(project), options }),
			{
				what: `${CHANGED_TASKS.toLocaleString('en')} new tasks`,
				apply: async () => await sim.ask({ op: 'addTasks', project, count: CHANGED_TASKS }),
			},
		);
		report({
			key: 'scaleNewTaskIdlePollRequests',
			label: `idle poll of New Task over ${PROJECT_TASKS.toLocaleString('en')} tasks: requests (${figures(newTask.idle)})`,
			value: newTask.idle.requests,
			goal: '≤ 1',
		});
		report({
			key: 'scaleNewTask1kPollCpuMs',
			label: `poll of New Task with ${CHANGED_TASKS.toLocaleString('en')} new tasks: CPU time, ms (${figures(newTask.changed)}, ${newTask.changed.items} items)`,
			value: Number(newTask.changed.cpuMs.toFixed(0)),
		});

		const updated = await triggerRow(
			sim,
			`DVS Task Updated, project of ${PROJECT_TASKS.toLocaleString('en')} tasks`,
			dvsTrigger({ event: 'taskUpdated', project: byId(project), options }),
			{
				what: `${CHANGED_TASKS.toLocaleString('en')} updated tasks`,
				apply: async () => await sim.ask({ op: 'updateTasks', project, count: CHANGED_TASKS }),
			},
		);
		report({
			key: 'scaleTaskUpdatedIdlePollCpuMs',
			label: `idle poll of Task Updated over ${PROJECT_TASKS + CHANGED_TASKS} tasks: CPU time, ms (${figures(updated.idle)})`,
			value: Number(updated.idle.cpuMs.toFixed(0)),
		});

		const mcpFolder = await sim.ask<string>({ op: 'folder', files: MCP_ENTRIES });
		const before = await sim.ask<number>({ op: 'requests' });
		const listed = await measure(
			async () =>
				await runNode({
					type: 'n8n-nodes-svc.svcStorage',
					parameters: {
						authentication: 'svcMcpApi',
						resource: 'folder',
						operation: 'getContent',
						folder: byId(mcpFolder),
						returnAll: true,
					},
					credentials: {
						svcMcpApi: { baseUrl: sim.baseUrl, userId: sim.storage.mcpUserId, apiToken: sim.storage.token },
					},
				}),
		);
		const requests = (await sim.ask<number>({ op: 'requests' })) - before;
		if (listed.result.error) throw new Error(listed.result.error.message);
		console.log(
			`Return All over MCP of a ${MCP_ENTRIES.toLocaleString('en')}-entry folder: ${listed.result.items.length} entries, ${requests} requests, ${listed.seconds.toFixed(2)} s`,
		);
		report({
			key: 'mcpReturnAll10kRequests',
			label: `requests for Return All of ${MCP_ENTRIES.toLocaleString('en')} entries over MCP (Svc Storage → Folder → Get Content; ${listed.seconds.toFixed(2)} s)`,
			value: requests,
			ours: `${listed.result.items.length} entries`,
			goal: '≤ 51',
		});
	} finally {
		sim.stop();
	}
}

main().catch((error: unknown) => {
	console.error(error);
	process.exitCode = 1;
});
