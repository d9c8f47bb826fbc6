import { createPoller } from '../../../devkit/harness';
import { addComment, addTask, dvsPoller, emitted, requestsDuring, useTriggerEnv } from '../../../devkit/triggerEnv';
import { byId } from '../../helpers';

const env = useTriggerEnv(60_000);

const names = (items: Array<Record<string, unknown>>) => items.map((item) => item.name);
const texts = (items: Array<Record<string, unknown>>) => items.map((item) => item.html);
const org = () => env.dvs.seed.orgA;

/** A project of its own per test, so tests do not see each other's tasks. */
function newProject(name: string): number {
	const project = env.dvs.store.insertDocument(org().orgId, 'project_2', {
		values: { name, workers: [org().users.admin.id] },
		creatorId: org().users.admin.id,
	});
	return project.id;
}

describe('Svc DVS Trigger: New Task', () => {
	const newTaskPoller = (project: number, extra: Record<string, unknown> = {}) =>
		dvsPoller(env, { event: 'newTask', project: byId(project), ...extra });

	it('refuses a Max Items per Poll that is not a whole number of at least 1, by name, before any request', async () => {
		const poller = newTaskPoller(newProject('range'), { options: { maxItemsPerPoll: 0 } });
		const { requests } = await requestsDuring(
			env,
			async () => await expect(poller.poll()).rejects.toThrow('The parameter "Max Items per Poll" is out of range (0)'),
		);
		expect(requests).toEqual([]);
	});

	it('emits nothing that existed at activation, then each new task once, with one small request when idle', async () => {
		const project = newProject('activation');
		addTask(env, 'existing', { project });
		const poller = newTaskPoller(project);
		expect(await poller.poll()).toBeNull();
		const idle = await requestsDuring(env, async () => await poller.poll());
		expect(idle.result).toBeNull();
		expect(idle.requests.map((r) => r.action)).toEqual(['get_documents']);
		env.clock.advance(1000);
		addTask(env, 'fresh', { project });
		expect(names(emitted(await poller.poll()))).toEqual(['fresh']);
		expect(await poller.poll()).toBeNull();
	});

	it('remembers the tasks of the newest second by id: none twice, none skipped', async () => {
		const project = newProject('same-second');
		const poller = newTaskPoller(project);
		await poller.poll();
		const at = env.clock.now() + 1000;
		addTask(env, 't1', { project, createdAt: at });
		addTask(env, 't2', { project, createdAt: at + 10 });
		expect(names(emitted(await poller.poll()))).toEqual(['t1', 't2']);
		addTask(env, 't3', { project, createdAt: at + 20 });
		expect(names(emitted(await poller.poll()))).toEqual(['t3']);
		expect(await poller.poll()).toBeNull();
	});

	it('applies the project and status filters', async () => {
		const project = newProject('filters');
		const other = newProject('other');
		const { Open, Done } = org().options.taskStatus;
		const poller = newTaskPoller(project, { filters: { status: [Open] } });
		await poller.poll();
		env.clock.advance(1000);
		addTask(env, 'open here', { project, status: Open });
		addTask(env, 'done here', { project, status: Done });
		addTask(env, 'open elsewhere', { project: other, status: Open });
		expect(names(emitted(await poller.poll()))).toEqual(['open here']);
	});

	it('drains more than a page of new tasks oldest first, Max Items per Poll at a time', async () => {
		const project = newProject('backlog');
		const poller = newTaskPoller(project, { options: { maxItemsPerPoll: 100 } });
		await poller.poll();
		for (let index = 0; index < 250; index++)
			addTask(env, `b${index}`, { project, createdAt: env.clock.now() + 1000 + index * 300 });
		env.clock.advance(100_000);
		const first = await requestsDuring(env, async () => await poller.poll());
		expect(names(emitted(first.result))).toEqual(Array.from({ length: 100 }, (_, i) => `b${i}`));
		// The known run ends where it did; the page read from there holds the next 199 tasks.
		expect(first.requests.length).toBe(1);
		expect(names(emitted(await poller.poll()))).toEqual(Array.from({ length: 100 }, (_, i) => `b${i + 100}`));
		expect(names(emitted(await poller.poll()))).toEqual(Array.from({ length: 50 }, (_, i) => `b${i + 200}`));
		expect(await poller.poll()).toBeNull();
	});

	it('a poll failing on a later page emits nothing and the next poll catches up', async () => {
		const project = newProject('fault');
		const poller = newTaskPoller(project, { options: { maxItemsPerPoll: 300 } });
		await poller.poll();
		for (let index = 0; index < 230; index++)
			addTask(env, `f${index}`, { project, createdAt: env.clock.now() + 1000 + index });
		const before = poller.staticData();
		env.sim.faults.add({
			match: { action: 'get_documents' },
			fault: { kind: 'statusBeforeCommit', status: 502 },
			skip: 1,
		});
		await expect(poller.poll()).rejects.toThrow(/502/);
		expect(poller.staticData()).toEqual(before);
		expect(emitted(await poller.poll())).toHaveLength(230);
	});

	it('Fetch Test Event returns the newest matching task, or says there is none', async () => {
		const project = newProject('manual');
		const poller = newTaskPoller(project);
		await expect(poller.poll('manual')).rejects.toThrow('No task matches the trigger yet');
		addTask(env, 'older', { project });
		env.clock.advance(1000);
		addTask(env, 'newest', { project });
		expect(names(emitted(await poller.poll('manual')))).toEqual(['newest']);
		expect(poller.staticData()).toEqual({});
	});

	it('rejected credentials surface as a clear error', async () => {
		const wrong = createPoller({
			type: 'n8n-nodes-svc.svcDvsTrigger',
			parameters: { event: 'newTask' },
			credentials: { svcDvsApi: { ...env.dvsCredentials, accessToken: 'wrong' } },
		});
		await expect(wrong.poll()).rejects.toThrow(/did not accept the credentials \(401\)/);
	});
});

describe('Svc DVS Trigger: New Comment on one task', () => {
	const commentPoller = (taskId: number) => dvsPoller(env, { event: 'newComment', watch: 'task', task: byId(taskId) });

	it('emits nothing old, then each new comment once, with one request when idle', async () => {
		const task = addTask(env, 'commented', { project: newProject('one-task') });
		addComment(env, task.id, 'before activation');
		const poller = commentPoller(task.id);
		expect(await poller.poll()).toBeNull();
		const idle = await requestsDuring(env, async () => await poller.poll());
		expect(idle.requests.map((r) => r.action)).toEqual(['get_comments']);
		addComment(env, task.id, 'first');
		addComment(env, task.id, 'second');
		const items = emitted(await poller.poll());
		expect(texts(items)).toEqual(['first', 'second']);
		expect(items[0]).toMatchObject({ dvs_document_id: task.id });
		expect(await poller.poll()).toBeNull();
	});

	it('deleted comments, the last one passed included, do not break the cursor', async () => {
		const task = addTask(env, 'deletions', { project: newProject('deletions') });
		const old = [1, 2, 3].map((n) => addComment(env, task.id, `old ${n}`));
		const poller = commentPoller(task.id);
		await poller.poll();
		const anchor = addComment(env, task.id, 'anchor');
		expect(texts(emitted(await poller.poll()))).toEqual(['anchor']);
		env.dvs.store.deleteComment(anchor.id);
		for (const comment of old) env.dvs.store.deleteComment(comment.id);
		addComment(env, task.id, 'after deletions');
		expect(texts(emitted(await poller.poll()))).toEqual(['after deletions']);
		expect(await poller.poll()).toBeNull();
	});

	it('a task that cannot be read surfaces as a clear error', async () => {
		const poller = commentPoller(987654);
		await expect(poller.poll()).rejects.toThrow('The watched task 987654 can no longer be read (405)');
	});

	it('Fetch Test Event returns the newest comment, or says there is none', async () => {
		const task = addTask(env, 'manual comments', { project: newProject('manual-comments') });
		const poller = commentPoller(task.id);
		await expect(poller.poll('manual')).rejects.toThrow(`Task ${task.id} has no comment yet`);
		addComment(env, task.id, 'one');
		addComment(env, task.id, 'two');
		expect(texts(emitted(await poller.poll('manual')))).toEqual(['two']);
	});
});

describe('Svc DVS Trigger: New Comment on matching tasks', () => {
	const tasksPoller = (project: number, extra: Record<string, unknown> = {}) =>
		dvsPoller(env, { event: 'newComment', watch: 'tasks', project: byId(project), ...extra });

	it('emits nothing old, finds comments on new and existing tasks, and costs the list plus the round-robin when idle', async () => {
		const project = newProject('tasks-mode');
		const existing = Array.from({ length: 6 }, (_, i) => addTask(env, `existing ${i}`, { project }));
		addComment(env, existing[0].id, 'before activation');
		const poller = tasksPoller(project, { options: { tasksCheckedPerPoll: 3 } });
		expect(await poller.poll()).toBeNull();
		const idle = await requestsDuring(env, async () => await poller.poll());
		expect(idle.result).toBeNull();
		expect(idle.requests.map((r) => r.action)).toEqual([
			'get_documents',
			'get_comments',
			'get_comments',
			'get_comments',
		]);

		addComment(env, existing[4].id, 'on an existing task');
		env.clock.advance(1000);
		const fresh = addTask(env, 'new task', { project });
		addComment(env, fresh.id, 'on a new task');
		const found: unknown[] = [];
		for (let poll = 0; poll < 3; poll++) found.push(...texts(emitted(await poller.poll())));
		expect(found.sort()).toEqual(['on a new task', 'on an existing task']);
	});

	it('orders comments of several tasks by creation, same-second ones by id, each once', async () => {
		const project = newProject('ordering');
		const [a, b] = [addTask(env, 'a', { project }), addTask(env, 'b', { project })];
		const poller = tasksPoller(project, { options: { tasksCheckedPerPoll: 10 } });
		await poller.poll();
		const at = env.clock.now() + 1000;
		addComment(env, b.id, 'b1', at);
		addComment(env, a.id, 'a1', at + 5);
		addComment(env, b.id, 'b2', at + 1000);
		const items = emitted(await poller.poll());
		expect(texts(items)).toEqual(['b1', 'a1', 'b2']);
		expect(items[1]).toMatchObject({ dvs_document_id: a.id, task: { name: 'a' } });
		addComment(env, a.id, 'a2', at + 1000);
		expect(texts(emitted(await poller.poll()))).toEqual(['a2']);
		expect(await poller.poll()).toBeNull();
	});

	it('a poll failing midway emits nothing and the next poll catches up', async () => {
		const project = newProject('tasks-fault');
		const tasks = [addTask(env, 'x', { project }), addTask(env, 'y', { project })];
		const poller = tasksPoller(project);
		await poller.poll();
		addComment(env, tasks[0].id, 'x1');
		addComment(env, tasks[1].id, 'y1');
		const before = poller.staticData();
		env.sim.faults.add({ match: { action: 'get_comments' }, fault: { kind: 'dropAfterCommit' }, skip: 1 });
		await expect(poller.poll()).rejects.toThrow();
		expect(poller.staticData()).toEqual(before);
		expect(texts(emitted(await poller.poll())).sort()).toEqual(['x1', 'y1']);
	});

	it('a task that starts matching the filters later does not replay its old comments', async () => {
		const project = newProject('joining');
		const { Open, Done } = org().options.taskStatus;
		const task = addTask(env, 'reopened', { project, status: Done });
		addComment(env, task.id, 'while done');
		// A task of a later second exists at activation ("created after activation" compares seconds).
		env.clock.advance(2000);
		addTask(env, 'the newest', { project: newProject('elsewhere') });
		const poller = tasksPoller(project, { filters: { status: [Open] } });
		await poller.poll();
		task.values.dropdown_status = Open;
		expect(await poller.poll()).toBeNull();
		addComment(env, task.id, 'after reopening');
		expect(texts(emitted(await poller.poll()))).toEqual(['after reopening']);
	});

	it('Fetch Test Event returns the newest comment of the recently updated tasks', async () => {
		const project = newProject('tasks-manual');
		const poller = tasksPoller(project);
		await expect(poller.poll('manual')).rejects.toThrow(/No comment on the 0 most recently updated matching tasks/);
		const task = addTask(env, 'sampled', { project });
		addComment(env, task.id, 'older');
		addComment(env, task.id, 'newest');
		expect(texts(emitted(await poller.poll('manual')))).toEqual(['newest']);
	});
});
