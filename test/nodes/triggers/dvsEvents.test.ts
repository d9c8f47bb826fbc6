/**
 * Svc DVS Trigger by identity: tasks created under a clock stepped back, a 12,000-task backlog,
 * filters a task starts matching later, the Task Updated event, a starting point for every task
 * of a 1,000-task project, and the saved state (migrated from layout 1, refused when unreadable).
 */
import { createPoller } from '../../../devkit/harness';
import { addComment, addTask, dvsPoller, emitted, requestsDuring, useTriggerEnv } from '../../../devkit/triggerEnv';
import { byId } from '../../helpers';

const env = useTriggerEnv(60_000);

const org = () => env.dvs.seed.orgA;
const names = (items: Array<Record<string, unknown>>) => items.map((item) => item.name);

function newProject(name: string): number {
	return env.dvs.store.insertDocument(org().orgId, 'project_2', {
		values: { name, workers: [org().users.admin.id] },
		creatorId: org().users.admin.id,
	}).id;
}

describe('New Task, by identity', () => {
	it('a task created after the service clock stepped back ten minutes is emitted once', async () => {
		const project = newProject('clock step');
		addTask(env, 'before', { project });
		const poller = dvsPoller(env, { event: 'newTask', project: byId(project) });
		await poller.poll();
		env.clock.advance(-600_000);
		addTask(env, 'under the older clock', { project });
		expect(names(emitted(await poller.poll()))).toEqual(['under the older clock']);
		expect(await poller.poll()).toBeNull();
		env.clock.advance(600_000);
	});

	it('a backlog of 12,000 tasks drains in ⌈12,000 / max⌉ polls, oldest first, never stuck', async () => {
		const project = newProject('backlog');
		const poller = dvsPoller(env, { event: 'newTask', project: byId(project), options: { maxItemsPerPoll: 1000 } });
		await poller.poll();
		// Created under a clock that reads three and a half hours earlier, one a second: a time cursor would see none.
		const start = env.clock.now() - 12_600_000;
		for (let n = 0; n < 12_000; n++)
			addTask(env, `t${String(n).padStart(5, '0')}`, { project, createdAt: start + n * 1000 });
		const seen: unknown[] = [];
		for (let poll = 0; poll < 12; poll++) {
			const batch = names(emitted(await poller.poll()));
			expect(batch).toHaveLength(1000);
			seen.push(...batch);
		}
		expect(await poller.poll()).toBeNull();
		expect(seen).toEqual(Array.from({ length: 12_000 }, (_, n) => `t${String(n).padStart(5, '0')}`));
		const idle = await requestsDuring(env, async () => await poller.poll());
		expect(idle.requests).toHaveLength(1);
	});

	it('with a status filter, a task that only now matches is not new; a new matching task is', async () => {
		const project = newProject('status filter');
		const status = env.dvs.store.fieldsOf(org().orgId, 'task').find((field) => field.name === 'dropdown_status')!
			.options![0].id;
		const other = addTask(env, 'other status', { project });
		env.clock.advance(2000);
		addTask(env, 'the newest elsewhere', { project: newProject('elsewhere') });
		const poller = dvsPoller(env, { event: 'newTask', project: byId(project), filters: { status: [status] } });
		await poller.poll();
		env.dvs.store.documentById(other.id)!.values.dropdown_status = status;
		addTask(env, 'new and matching', { project, status });
		expect(names(emitted(await poller.poll()))).toEqual(['new and matching']);
		expect(await poller.poll()).toBeNull();
	});
});

describe('Task Updated', () => {
	it('emits a task whose last-update time moved, once per change; new tasks are not updates', async () => {
		const project = newProject('updates');
		const task = addTask(env, 'to change', { project });
		const poller = dvsPoller(env, { event: 'taskUpdated', project: byId(project) });
		await poller.poll();
		addTask(env, 'brand new', { project });
		expect(await poller.poll()).toBeNull();
		const doc = env.dvs.store.documentById(task.id)!;
		doc.values.name = 'changed';
		doc.updatedAt = env.clock.now() + 5000;
		expect(names(emitted(await poller.poll()))).toEqual(['changed']);
		expect(await poller.poll()).toBeNull();
	});

	it('with "Only When These Fields Change", a change elsewhere is recorded without an item', async () => {
		const project = newProject('watched fields');
		const statuses = env.dvs.store
			.fieldsOf(org().orgId, 'task')
			.find((field) => field.name === 'dropdown_status')!.options!;
		const task = addTask(env, 'watched', { project, status: statuses[0].id });
		const poller = dvsPoller(env, { event: 'taskUpdated', project: byId(project), watchedFields: ['dropdown_status'] });
		await poller.poll();
		const doc = env.dvs.store.documentById(task.id)!;
		doc.values.name = 'renamed only';
		doc.updatedAt = env.clock.now() + 5000;
		expect(await poller.poll()).toBeNull();
		doc.values.dropdown_status = statuses[1].id;
		doc.updatedAt = env.clock.now() + 10_000;
		expect(names(emitted(await poller.poll()))).toEqual(['renamed only']);
	});
});

describe('New Comment on the tasks of a project', () => {
	it('every one of 1,000 tasks has a starting point from activation on: a comment on each is emitted once', async () => {
		const project = newProject('thousand');
		const tasks = Array.from({ length: 1000 }, (_, n) => addTask(env, `task ${n}`, { project }).id);
		const poller = dvsPoller(env, {
			event: 'newComment',
			watch: 'tasks',
			project: byId(project),
			options: { tasksCheckedPerPoll: 1000, maxItemsPerPoll: 1000 },
		});
		expect(await poller.poll()).toBeNull();
		env.clock.advance(1000);
		for (const task of tasks) addComment(env, task, `after activation on ${task}`);
		const seen = new Set<unknown>();
		for (let poll = 0; poll < 5 && seen.size < 1000; poll++)
			for (const item of emitted(await poller.poll())) seen.add(item.id);
		expect(seen.size).toBe(1000);
		expect(await poller.poll()).toBeNull();
	});
});

describe('saved state', () => {
	it('a layout-1 New Task cursor is migrated: older tasks are not emitted again, newer ones are', async () => {
		const project = newProject('migration');
		const old = addTask(env, 'old', { project });
		addTask(env, 'newer', { project, createdAt: env.clock.now() + 5000 });
		const second = new Date(old.createdAt).toISOString().slice(0, 19).replace('T', ' ');
		const fingerprint = JSON.stringify({ event: 'newTask', filters: { dvs_project_id: [project] } });
		const poller = dvsPoller(
			env,
			{ event: 'newTask', project: byId(project) },
			{ version: 1, watching: fingerprint, state: { cursor: { at: second, ids: [String(old.id)] } } },
		);
		expect(names(emitted(await poller.poll()))).toEqual(['newer']);
		expect(await poller.poll()).toBeNull();
	});

	it('state it cannot read is an error when n8n started with the workflow active', async () => {
		const project = newProject('unreadable');
		const fingerprint = JSON.stringify({ event: 'newTask', filters: { dvs_project_id: [project] } });
		const poller = createPoller({
			type: 'n8n-nodes-svc.svcDvsTrigger',
			parameters: { event: 'newTask', project: byId(project) },
			credentials: { svcDvsApi: env.dvsCredentials },
			staticData: { version: 2, watching: fingerprint, state: { known: 42 } },
			activation: 'init',
		});
		await expect(poller.poll()).rejects.toThrow("The trigger's saved position cannot be read: it is damaged");
	});
});
