/* eslint-disable no-console -- this file runs in Node under the test tools, never inside n8n */
/**
 * Requests per poll of each polling trigger, against the simulator through the real n8n engine:
 * an idle poll, and the polls that drain N new items. Run `npm run build` first, then
 * `npx tsx bench/poll-cost.ts`. Figures only; nothing is asserted.
 */
import '../devkit/setupEnv';

import type { Poller } from '../devkit/harness';
import { report } from './report';
import {
	addComment,
	addFile,
	addTask,
	dvsPoller,
	emitted,
	startTriggerEnv,
	storagePoller,
	type TriggerEnv,
} from '../devkit/triggerEnv';

const SIZES = [1, 10, 100, 500];
const WATCHED_TASKS = 50;

interface Case {
	label: string;
	/** Watches one folder, project or task (a poll reads each watched place once: subfolders and a project's tasks add requests). */
	onePlace?: boolean;
	/** A fresh trigger over a fresh target, activated. */
	start(env: TriggerEnv): Promise<{ poller: Poller; add: (count: number) => void }>;
}

async function countRequests(env: TriggerEnv, poller: Poller): Promise<{ requests: number; items: number }> {
	const before = env.sim.requests.length;
	const items = emitted(await poller.poll()).length;
	return { requests: env.sim.requests.length - before, items };
}

function newProject(env: TriggerEnv, name: string): number {
	const org = env.dvs.seed.orgA;
	return env.dvs.store.insertDocument(org.orgId, 'project_2', { values: { name }, creatorId: org.users.admin.id }).id;
}

const byId = (id: string | number) => ({ __rl: true, mode: 'id', value: String(id) });

const cases: Case[] = [
	{
		label: 'Storage: New File (depth 0)',
		onePlace: true,
		async start(env) {
			const root = env.sim.accounts.get(env.storage.userId)!.rootFolderHash;
			const folder = env.sim.storage.createFolder(env.storage.userId, root, `bench-${env.clock.now()}`);
			const poller = storagePoller(env, { folder: byId(folder.hash) });
			await poller.poll();
			return {
				poller,
				add: (count) => {
					for (let i = 0; i < count; i++) addFile(env, `f${i}.txt`, { folderHash: folder.hash });
				},
			};
		},
	},
	{
		label: 'Storage: New File (depth 1, 3 subfolders)',
		async start(env) {
			const root = env.sim.accounts.get(env.storage.userId)!.rootFolderHash;
			const folder = env.sim.storage.createFolder(env.storage.userId, root, `bench-deep-${env.clock.now()}`);
			const subs = [1, 2, 3].map((n) => env.sim.storage.createFolder(env.storage.userId, folder.hash, `sub${n}`));
			const poller = storagePoller(env, { folder: byId(folder.hash), subfolderDepth: 1 });
			await poller.poll();
			return {
				poller,
				add: (count) => {
					for (let i = 0; i < count; i++) addFile(env, `f${i}.txt`, { folderHash: subs[i % 3].hash });
				},
			};
		},
	},
	{
		label: 'Storage: New File (depth 0, download)',
		onePlace: true,
		async start(env) {
			const root = env.sim.accounts.get(env.storage.userId)!.rootFolderHash;
			const folder = env.sim.storage.createFolder(env.storage.userId, root, `bench-dl-${env.clock.now()}`);
			const poller = storagePoller(env, { folder: byId(folder.hash), download: true });
			await poller.poll();
			return {
				poller,
				add: (count) => {
					for (let i = 0; i < count; i++) addFile(env, `f${i}.txt`, { folderHash: folder.hash });
				},
			};
		},
	},
	{
		label: 'DVS: New Task (project)',
		onePlace: true,
		async start(env) {
			const project = newProject(env, 'bench tasks');
			const poller = dvsPoller(env, { event: 'newTask', project: byId(project) });
			await poller.poll();
			return {
				poller,
				add: (count) => {
					for (let i = 0; i < count; i++) addTask(env, `t${i}`, { project });
				},
			};
		},
	},
	{
		label: 'DVS: New Comment (one task)',
		onePlace: true,
		async start(env) {
			const task = addTask(env, 'bench task', { project: newProject(env, 'bench one task') }).id;
			addComment(env, task, 'existing');
			const poller = dvsPoller(env, { event: 'newComment', watch: 'task', task: byId(task) });
			await poller.poll();
			return {
				poller,
				add: (count) => {
					for (let i = 0; i < count; i++) addComment(env, task, `c${i}`);
				},
			};
		},
	},
	{
		label: `DVS: New Comment (${WATCHED_TASKS} tasks of a project, 10 checked per poll)`,
		async start(env) {
			const project = newProject(env, 'bench comment tasks');
			const tasks = Array.from({ length: WATCHED_TASKS }, (_, i) => addTask(env, `task ${i}`, { project }).id);
			const poller = dvsPoller(env, { event: 'newComment', watch: 'tasks', project: byId(project) });
			await poller.poll();
			return {
				poller,
				add: (count) => {
					for (let i = 0; i < count; i++) addComment(env, tasks[i % tasks.length], `c${i}`);
				},
			};
		},
	},
];

async function main(): Promise<void> {
	const env = await startTriggerEnv();
	try {
		console.log(
			'requests per poll (simulator request log); "drain" = polls until nothing new, default Max Items per Poll 100',
		);
		let idleMost = 0;
		for (const entry of cases) {
			const { poller } = await entry.start(env);
			const idle = await countRequests(env, poller);
			if (entry.onePlace) idleMost = Math.max(idleMost, idle.requests);
			console.log(`\n${entry.label}\n  idle poll: ${idle.requests} request(s)`);
			for (const size of SIZES) {
				const { poller: fresh, add } = await entry.start(env);
				env.clock.advance(2000);
				add(size);
				let polls = 0;
				let requests = 0;
				let items = 0;
				let first = 0;
				for (;;) {
					const poll = await countRequests(env, fresh);
					polls++;
					requests += poll.requests;
					items += poll.items;
					if (polls === 1) first = poll.requests;
					if (poll.items === 0 && items >= size) break;
					if (polls > 200) break;
				}
				console.log(
					`  ${String(size).padStart(4)} new: first poll ${first} request(s); drained ${items} in ${polls - 1} poll(s) + 1 idle, ${requests} request(s) in all`,
				);
				env.clock.advance(200_000);
			}
		}
		report({
			key: 'idlePollRequests',
			label: 'requests of an idle poll watching one folder, project or task (the most over the trigger events)',
			value: idleMost,
			goal: '1',
		});
	} finally {
		await env.close();
	}
}

void main();
