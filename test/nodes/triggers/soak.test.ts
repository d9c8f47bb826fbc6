import { addComment, addFile, addTask, dvsPoller, startTriggerEnv, storagePoller, type TriggerEnv } from './env';
import { burstSize, soak } from './soak';

let env: TriggerEnv;

beforeAll(async () => {
	env = await startTriggerEnv();
});
afterAll(async () => await env.close());

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
