import type { FaultKind } from '../../simulator/types';
import type { Poller } from '../../harness';
import { addComment, addFile, addTask, dvsPoller, emitted, startTriggerEnv, storagePoller, type TriggerEnv } from './env';

/** Events each soak writes at least. */
const EVENTS = 1000;
/** Share of polls that get a fault injected. */
const FAULT_SHARE = 0.25;

/** A small seeded generator, so a failing soak can be replayed. */
function random(seed: number): () => number {
	let state = seed >>> 0;
	return () => {
		state = (state + 0x6d2b79f5) >>> 0;
		let t = state;
		t = Math.imul(t ^ (t >>> 15), t | 1);
		t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
	};
}

const FAULTS: FaultKind[] = [
	{ kind: 'status500AfterCommit' },
	{ kind: 'statusBeforeCommit', status: 503 },
	{ kind: 'dropBeforeCommit' },
	{ kind: 'dropAfterCommit' },
	{ kind: 'rateLimit', retryAfterSeconds: 0 },
];

interface SoakFigures {
	events: number;
	deletedBeforeSeen: number;
	polls: number;
	failedPolls: number;
	faults: number;
	requests: number;
}

interface Soak {
	/** Writes one burst; returns ids created and ids deleted. */
	write(rand: () => number): { created: string[]; deleted: string[] };
	idOf(json: Record<string, unknown>): string;
	actions: string[];
	/** Requests one fault may hit at most (faults pick one request of the poll). */
	requestsPerPoll: number;
}

async function soak(env: TriggerEnv, label: string, poller: Poller, scenario: Soak, seed: number): Promise<SoakFigures> {
	const rand = random(seed);
	const created = new Set<string>();
	const deleted = new Set<string>();
	const seen: string[] = [];
	const figures: SoakFigures = { events: 0, deletedBeforeSeen: 0, polls: 0, failedPolls: 0, faults: 0, requests: 0 };
	const startRequests = env.sim.requests.length;
	const poll = async (withFault: boolean) => {
		env.sim.faults.clear();
		if (withFault) {
			const kind = FAULTS[Math.floor(rand() * FAULTS.length)];
			const action = scenario.actions[Math.floor(rand() * scenario.actions.length)];
			env.sim.faults.add({
				match: { action },
				fault: kind,
				skip: Math.floor(rand() * scenario.requestsPerPoll),
				times: kind.kind === 'rateLimit' ? 4 : 1,
			});
		}
		figures.polls++;
		try {
			for (const json of emitted(await poller.poll())) seen.push(scenario.idOf(json));
		} catch {
			figures.failedPolls++;
		}
		figures.faults += env.sim.faults.pending().length === 0 && withFault ? 1 : 0;
		env.sim.faults.clear();
	};

	await poll(false);
	while (created.size < EVENTS) {
		const burst = scenario.write(rand);
		burst.created.forEach((id) => created.add(id));
		burst.deleted.forEach((id) => deleted.add(id));
		env.clock.advance(Math.floor(rand() * 1500));
		await poll(rand() < FAULT_SHARE);
	}
	for (let quiet = 0; quiet < 40; ) {
		const before = seen.length;
		await poll(false);
		quiet = seen.length === before ? quiet + 1 : 0;
		const missing = [...created].filter((id) => !deleted.has(id) && !seen.includes(id));
		if (missing.length === 0 && quiet >= 3) break;
	}

	figures.events = created.size;
	figures.requests = env.sim.requests.length - startRequests;
	const seenSet = new Set(seen);
	figures.deletedBeforeSeen = [...deleted].filter((id) => !seenSet.has(id)).length;
	console.log(
		`soak ${label}: ${figures.events} events (${figures.deletedBeforeSeen} deleted before any poll saw them), ` +
			`${figures.polls} polls (${figures.failedPolls} failed), ${figures.faults} faults hit, ${figures.requests} requests ` +
			`(${(figures.requests / figures.polls).toFixed(2)} per poll)`,
	);
	expect(seen.length).toBe(seenSet.size);
	expect([...seenSet].filter((id) => !created.has(id))).toEqual([]);
	const expected = [...created].filter((id) => !deleted.has(id) || seenSet.has(id)).sort();
	expect([...seenSet].sort()).toEqual(expected);
	expect(figures.faults).toBeGreaterThan(figures.polls * FAULT_SHARE * 0.3);
	return figures;
}

let env: TriggerEnv;

beforeAll(async () => {
	env = await startTriggerEnv();
});
afterAll(async () => await env.close());

/** A burst of 1 to 8, often in one second: the clock moves only between bursts. */
const burstSize = (rand: () => number) => 1 + Math.floor(rand() * 8);

it('Svc Storage Trigger: every file is emitted exactly once through bursts, deletions and faults', async () => {
	const root = env.sim.accounts.get(env.storage.userId)!.rootFolderHash;
	const folder = env.sim.storage.createFolder(env.storage.userId, root, 'soak');
	const sub = env.sim.storage.createFolder(env.storage.userId, folder.hash, 'sub');
	const live: string[] = [];
	let serial = 0;
	const poller = storagePoller(env, {
		folder: { __rl: true, mode: 'id', value: folder.hash },
		subfolderDepth: 1,
		options: { maxFilesPerPoll: 25 },
	});
	await soak(
		env,
		'storage new file',
		poller,
		{
			actions: ['get_folder_content'],
			requestsPerPoll: 2,
			idOf: (json) => String(json.file_hash),
			write: (rand) => {
				const created: string[] = [];
				const deleted: string[] = [];
				for (let n = burstSize(rand); n > 0; n--) {
					const file = addFile(env, `soak-${serial++}.txt`, { folderHash: rand() < 0.3 ? sub.hash : folder.hash });
					created.push(file.hash);
					live.push(file.hash);
				}
				if (rand() < 0.3 && live.length > 0) {
					const [victim] = live.splice(Math.floor(rand() * live.length), 1);
					env.sim.storage.deleteFile(victim);
					deleted.push(victim);
				}
				return { created, deleted };
			},
		},
		1,
	);
}, 120_000);

it('Svc DVS Trigger, New Task: every task is emitted exactly once through bursts and faults', async () => {
	const project = env.dvs.seed.orgA.projects.tools;
	let serial = 0;
	const poller = dvsPoller(env, {
		event: 'newTask',
		project: { __rl: true, mode: 'id', value: String(project) },
		options: { maxItemsPerPoll: 25 },
	});
	await soak(
		env,
		'dvs new task',
		poller,
		{
			actions: ['get_documents'],
			requestsPerPoll: 2,
			idOf: (json) => String(json.dvs_document_id),
			write: (rand) => {
				const created: string[] = [];
				for (let n = burstSize(rand); n > 0; n--) created.push(String(addTask(env, `soak task ${serial++}`, { project }).id));
				return { created, deleted: [] };
			},
		},
		2,
	);
}, 120_000);

it('Svc DVS Trigger, New Comment on matching tasks: every comment is emitted exactly once through bursts, new tasks, deletions and faults', async () => {
	const project = env.dvs.store.insertDocument(env.dvs.seed.orgA.orgId, 'project_2', {
		values: { name: 'comment soak' },
		creatorId: env.dvs.seed.orgA.users.admin.id,
	}).id;
	const tasks = Array.from({ length: 20 }, (_, i) => addTask(env, `soak comment task ${i}`, { project }).id);
	const live: number[] = [];
	let serial = 0;
	const poller = dvsPoller(env, {
		event: 'newComment',
		watch: 'tasks',
		project: { __rl: true, mode: 'id', value: String(project) },
		options: { maxItemsPerPoll: 25, tasksCheckedPerPoll: 10 },
	});
	await soak(
		env,
		'dvs new comment (tasks of a project)',
		poller,
		{
			actions: ['get_documents', 'get_comments'],
			requestsPerPoll: 8,
			idOf: (json) => String(json.id),
			write: (rand) => {
				const created: string[] = [];
				const deleted: string[] = [];
				if (rand() < 0.05) tasks.push(addTask(env, `soak comment task ${tasks.length}`, { project }).id);
				for (let n = burstSize(rand); n > 0; n--) {
					const comment = addComment(env, tasks[Math.floor(rand() * tasks.length)], `soak comment ${serial++}`);
					created.push(String(comment.id));
					live.push(comment.id);
				}
				if (rand() < 0.2 && live.length > 0) {
					const [victim] = live.splice(Math.floor(rand() * live.length), 1);
					env.dvs.store.deleteComment(victim);
					deleted.push(String(victim));
				}
				return { created, deleted };
			},
		},
		3,
	);
}, 120_000);

it('Svc DVS Trigger, New Comment on one task: every comment is emitted exactly once through bursts, deletions and faults', async () => {
	const task = addTask(env, 'soak single task', { project: env.dvs.seed.orgA.projects.tools }).id;
	const live: number[] = [];
	let serial = 0;
	const poller = dvsPoller(env, {
		event: 'newComment',
		watch: 'task',
		task: { __rl: true, mode: 'id', value: String(task) },
		options: { maxItemsPerPoll: 25 },
	});
	await soak(
		env,
		'dvs new comment (one task)',
		poller,
		{
			actions: ['get_comments'],
			requestsPerPoll: 2,
			idOf: (json) => String(json.id),
			write: (rand) => {
				const created: string[] = [];
				const deleted: string[] = [];
				for (let n = burstSize(rand); n > 0; n--) {
					const comment = addComment(env, task, `single ${serial++}`);
					created.push(String(comment.id));
					live.push(comment.id);
				}
				if (rand() < 0.3 && live.length > 0) {
					const [victim] = live.splice(Math.floor(rand() * live.length), 1);
					env.dvs.store.deleteComment(victim);
					deleted.push(String(victim));
				}
				return { created, deleted };
			},
		},
		4,
	);
}, 120_000);
