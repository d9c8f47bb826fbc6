/**
 * The triggers under n8n 2.41's durable scheduler, through n8n-core's PollContext: the poll n8n
 * runs at activation keeps no node data (only the workflow's static data is saved after activating),
 * and every scheduled poll is told the activation mode `update`. What arrives between activation
 * and the first scheduled poll is emitted once; state the trigger cannot read is an error in every
 * mode; every item carries an event ID that a repeated poll from the same saved data gives again.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { createPoller, type Poller } from '../../../devkit/harness';
import { addComment, addFile, addTask, emitted, useTriggerEnv, type TriggerEnv } from '../../../devkit/triggerEnv';
import { byId } from '../../helpers';

const env = useTriggerEnv(60_000);

const rootHash = () => env.sim.accounts.get(env.storage.userId)!.rootFolderHash;
const second = () => Math.floor(env.clock.now() / 1000);
const ACTIVATION = { activation: 'activate', saves: 'workflow' } as const;
const SCHEDULED = { activation: 'update' } as const;

function newProject(name: string): number {
	const org = env.dvs.seed.orgA;
	return env.dvs.store.insertDocument(org.orgId, 'project_2', {
		values: { name, workers: [org.users.admin.id] },
		creatorId: org.users.admin.id,
	}).id;
}

function storageTrigger(folderHash: string, parameters: INodeParameters = {}, staticData?: IDataObject): Poller {
	return createPoller({
		type: 'n8n-nodes-svc.svcStorageTrigger',
		parameters: { folder: byHash(folderHash), ...parameters },
		credentials: { svcStorageApi: env.storage.credentials },
		staticData,
	});
}

function dvsTrigger(parameters: INodeParameters, staticData?: IDataObject): Poller {
	return createPoller({
		type: 'n8n-nodes-svc.svcDvsTrigger',
		parameters,
		credentials: { svcDvsApi: env.dvsCredentials },
		staticData,
	});
}

function byHash(hash: string) {
	return { __rl: true, mode: 'id', value: hash };
}

function newFolder(name: string) {
	return env.sim.storage.createFolder(env.storage.userId, rootHash(), `${name}-${env.clock.now()}`);
}

interface Case {
	name: string;
	/** Makes the watched target with something in it, and the trigger watching it. */
	start(env: TriggerEnv): Watching;
	/** What the items between activation and the first scheduled poll are called, sorted (files of one second come in hash order). */
	expected: string[];
	label(item: IDataObject): unknown;
}

interface Watching extends Poller {
	arrive(): void;
	/** A poller of the same trigger in another n8n process (another main) starting from the given saved data. */
	elsewhere(staticData: IDataObject): Poller;
}

function withArrival(make: (staticData?: IDataObject) => Poller, arrive: () => void): Watching {
	return Object.assign(make(), { arrive, elsewhere: make });
}

const cases: Case[] = [
	{
		name: 'Storage: New File',
		start: () => {
			const folder = newFolder('sched-new-file');
			addFile(env, 'before.txt', { folderHash: folder.hash });
			return withArrival(
				(data) => storageTrigger(folder.hash, {}, data),
				() => {
					addFile(env, 'between-1.txt', { folderHash: folder.hash });
					addFile(env, 'between-2.txt', { folderHash: folder.hash });
				},
			);
		},
		expected: ['between-1.txt', 'between-2.txt'],
		label: (item) => item.file_name,
	},
	{
		name: 'Storage: New Folder',
		start: () => {
			const folder = newFolder('sched-new-folder');
			env.sim.storage.createFolder(env.storage.userId, folder.hash, 'before');
			return withArrival(
				(data) => storageTrigger(folder.hash, { event: 'newFolder' }, data),
				() => void env.sim.storage.createFolder(env.storage.userId, folder.hash, 'between'),
			);
		},
		expected: ['between'],
		label: (item) => item.folder_name,
	},
	{
		name: 'Storage: File Updated',
		start: () => {
			const folder = newFolder('sched-file-updated');
			const file = addFile(env, 'changing.txt', { folderHash: folder.hash });
			return withArrival(
				(data) => storageTrigger(folder.hash, { event: 'fileUpdated' }, data),
				() => void (env.sim.storage.getFile(file.hash)!.modifiedAt = second() + 30),
			);
		},
		expected: ['changing.txt'],
		label: (item) => item.file_name,
	},
	{
		name: 'DVS: New Task',
		start: () => {
			const project = newProject('sched new task');
			addTask(env, 'before', { project });
			return withArrival(
				(data) => dvsTrigger({ event: 'newTask', project: byId(project) }, data),
				() => void addTask(env, 'between', { project }),
			);
		},
		expected: ['between'],
		label: (item) => item.name,
	},
	{
		name: 'DVS: Task Updated',
		start: () => {
			const project = newProject('sched task updated');
			const task = addTask(env, 'to change', { project });
			return withArrival(
				(data) => dvsTrigger({ event: 'taskUpdated', project: byId(project) }, data),
				() => {
					const doc = env.dvs.store.documentById(task.id)!;
					doc.values.name = 'changed between';
					doc.updatedAt = env.clock.now() + 5000;
				},
			);
		},
		expected: ['changed between'],
		label: (item) => item.name,
	},
	{
		name: 'DVS: New Comment on the tasks of a project',
		start: () => {
			const project = newProject('sched comments');
			const task = addTask(env, 'commented', { project });
			addComment(env, task.id, 'before');
			return withArrival(
				(data) => dvsTrigger({ event: 'newComment', watch: 'tasks', project: byId(project) }, data),
				() => void addComment(env, task.id, 'between'),
			);
		},
		expected: ['between'],
		label: (item) => item.html,
	},
	{
		name: 'DVS: New Comment on one task',
		start: () => {
			const task = addTask(env, 'one task', { project: newProject('sched one task') });
			addComment(env, task.id, 'before');
			return withArrival(
				(data) => dvsTrigger({ event: 'newComment', watch: 'task', task: byId(task.id) }, data),
				() => void addComment(env, task.id, 'between'),
			);
		},
		expected: ['between'],
		label: (item) => item.html,
	},
];

describe.each(cases)('$name under the durable scheduler', ({ start, expected, label }) => {
	it('emits once what arrived between activation and the first scheduled poll, whose mode is "update"', async () => {
		const poller = start(env);
		expect(await poller.poll('trigger', ACTIVATION)).toBeNull();
		expect(poller.staticData()).toEqual({});
		env.clock.advance(1000);
		poller.arrive();
		const first = emitted(await poller.poll('trigger', SCHEDULED));
		expect(first.map(label).sort()).toEqual(expected);
		expect(await poller.poll('trigger', SCHEDULED)).toBeNull();
		expect(Object.keys(poller.workflowStaticData())).toEqual([]);
	});

	it('two n8n processes polling from the same saved data (at-least-once) emit the same events with the same event IDs', async () => {
		const poller = start(env);
		await poller.poll('trigger');
		env.clock.advance(1000);
		poller.arrive();
		const other = poller.elsewhere(poller.staticData());
		const once = emitted(await poller.poll('trigger', SCHEDULED));
		const again = emitted(await other.poll('trigger', SCHEDULED));
		expect(once.map(label).sort()).toEqual(expected);
		expect(again.map((item) => item.event_id)).toEqual(once.map((item) => item.event_id));
		expect(new Set(once.map((item) => item.event_id)).size).toBe(once.length);
		for (const item of once) expect(item.event_id).toMatch(/^[0-9a-f]{32}$/);
		expect(await poller.poll('trigger', SCHEDULED)).toBeNull();
	});

	it('in one n8n process, a second poll from the same saved data, or at the same time, emits nothing', async () => {
		const poller = start(env);
		await poller.poll('trigger');
		env.clock.advance(1000);
		poller.arrive();
		const saved = poller.staticData();
		const together = await Promise.all([
			poller.poll('trigger', { ...SCHEDULED, saves: 'none' }),
			poller.poll('trigger', { ...SCHEDULED, saves: 'none' }),
		]);
		const emitting = together.filter((result) => result !== null);
		expect(emitting).toHaveLength(1);
		expect(emitted(emitting[0]).map(label).sort()).toEqual(expected);
		expect(await poller.poll('trigger', SCHEDULED)).toBeNull();
		expect(poller.staticData()).toEqual(saved);
	});
});

describe('the starting point kept in the workflow', () => {
	it('is not used while the node has state of its own, and is dropped then', async () => {
		const folder = newFolder('sched-own-state');
		const poller = storageTrigger(folder.hash);
		await poller.poll('trigger');
		expect(Object.keys(poller.workflowStaticData())).toHaveLength(1);
		addFile(env, 'after.txt', { folderHash: folder.hash });
		expect(emitted(await poller.poll('trigger', SCHEDULED)).map((item) => item.file_name)).toEqual(['after.txt']);
		expect(poller.workflowStaticData()).toEqual({});
		expect(await poller.poll('trigger', SCHEDULED)).toBeNull();
	});

	it('is not taken for another watched folder: a changed folder starts afresh', async () => {
		const first = newFolder('sched-first');
		const poller = storageTrigger(first.hash);
		await poller.poll('trigger', ACTIVATION);
		const other = newFolder('sched-other');
		addFile(env, 'already there.txt', { folderHash: other.hash });
		const moved = storageTrigger(other.hash, {}, poller.staticData());
		expect(await moved.poll('trigger', SCHEDULED)).toBeNull();
		addFile(env, 'new.txt', { folderHash: other.hash });
		expect(emitted(await moved.poll('trigger', SCHEDULED)).map((item) => item.file_name)).toEqual(['new.txt']);
	});
});

describe('state the trigger cannot read, under the scheduler', () => {
	const storageState = (folderHash: string) => ({
		version: 9,
		watching: JSON.stringify({ depth: 0, event: 'newFile', folder: folderHash }),
		state: { seen: '' },
	});

	it('Storage: a newer layout is an error in a scheduled poll ("update"), saying how to start afresh; nothing changes, nothing is lost', async () => {
		const folder = newFolder('sched-newer');
		const newer = storageState(folder.hash);
		const poller = storageTrigger(folder.hash, {}, newer);
		addFile(env, 'waiting.txt', { folderHash: folder.hash });
		const failure = poller.poll('trigger', SCHEDULED);
		await expect(failure).rejects.toThrow('it was saved by a newer version of the node (layout 9)');
		await expect(poller.poll('trigger', SCHEDULED)).rejects.toMatchObject({
			description: expect.stringContaining('To start watching afresh'),
		});
		expect(poller.staticData()).toEqual(newer);
	});

	it('DVS: a newer layout or a damaged state is an error in every activation mode', async () => {
		const project = newProject('sched unreadable');
		const watching = JSON.stringify({ event: 'newTask', filters: { dvs_project_id: [project] } });
		for (const activation of ['update', 'activate', 'init'] as const) {
			const newer = dvsTrigger({ event: 'newTask', project: byId(project) }, { version: 9, watching, state: {} });
			await expect(newer.poll('trigger', { activation })).rejects.toThrow('layout 9');
			const damaged = dvsTrigger(
				{ event: 'newTask', project: byId(project) },
				{ version: 2, watching, state: { known: 42 } },
			);
			await expect(damaged.poll('trigger', { activation })).rejects.toThrow('it is damaged');
		}
	});
});
