/**
 * Every trigger event after a poll whose save was lost (at-least-once without durable cursors: the
 * harness's `saves: 'none'`), through n8n-core's PollContext. In the same n8n process the next poll,
 * which reads the older state, emits what is new at once and never again what the lost poll emitted;
 * the state it saves holds both, so nothing comes again later. A poll that finds only what was already
 * emitted leaves the state as found: if n8n never took that emission (a commit refused, a poll past its
 * time), its items come again once the process's memory of it lapses.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { createPoller, type Poller } from '../../../devkit/harness';
import { addComment, addFile, addTask, emitted, requestsDuring, useTriggerEnv } from '../../../devkit/triggerEnv';
import { EMISSION_MEMORY_MS } from '../../../nodes/shared/polling/emission';
import { byId } from '../../helpers';

const env = useTriggerEnv(60_000);

/** The n8n process's clock (the node's memory of its emissions runs on it), moved by tests instead of waiting. */
let skipped = 0;
const realNow = Date.now.bind(Date);
beforeEach(() => {
	skipped = 0;
	jest.spyOn(Date, 'now').mockImplementation(() => realNow() + skipped);
});
afterEach(() => jest.restoreAllMocks());

const rootHash = () => env.sim.accounts.get(env.storage.userId)!.rootFolderHash;
const second = () => Math.floor(env.clock.now() / 1000);
const LOST = { saves: 'none' } as const;
const NAMES = ['one', 'two', 'three', 'four', 'five'];

interface Watching extends Poller {
	/** Makes the event labelled `name` happen, a second after the one before. */
	add(name: string): void;
}

interface Case {
	name: string;
	/** The watched target and the trigger watching it, emitting at most `max` items a poll. */
	start(max: number): Watching;
	label(item: IDataObject): unknown;
}

function newFolder(name: string) {
	return env.sim.storage.createFolder(env.storage.userId, rootHash(), `${name}-${env.clock.now()}`);
}

function newProject(name: string): number {
	const org = env.dvs.seed.orgA;
	return env.dvs.store.insertDocument(org.orgId, 'project_2', {
		values: { name, workers: [org.users.admin.id] },
		creatorId: org.users.admin.id,
	}).id;
}

function storageTrigger(folderHash: string, max: number, parameters: INodeParameters = {}): Poller {
	return createPoller({
		type: 'n8n-nodes-svc.svcStorageTrigger',
		parameters: {
			folder: { __rl: true, mode: 'id', value: folderHash },
			options: { maxFilesPerPoll: max },
			...parameters,
		},
		credentials: { svcStorageApi: env.storage.credentials },
	});
}

function dvsTrigger(max: number, parameters: INodeParameters): Poller {
	return createPoller({
		type: 'n8n-nodes-svc.svcDvsTrigger',
		parameters: { ...parameters, options: { maxItemsPerPoll: max } },
		credentials: { svcDvsApi: env.dvsCredentials },
	});
}

function watching(poller: Poller, happen: (name: string) => void): Watching {
	return Object.assign(poller, {
		add: (name: string) => {
			env.clock.advance(1000);
			happen(name);
		},
	});
}

const cases: Case[] = [
	{
		name: 'Storage: New File',
		start: (max) => {
			const folder = newFolder('lost-new-file');
			return watching(storageTrigger(folder.hash, max), (name) => addFile(env, name, { folderHash: folder.hash }));
		},
		label: (item) => item.file_name,
	},
	{
		name: 'Storage: New Folder',
		start: (max) => {
			const folder = newFolder('lost-new-folder');
			return watching(storageTrigger(folder.hash, max, { event: 'newFolder' }), (name) =>
				env.sim.storage.createFolder(env.storage.userId, folder.hash, name),
			);
		},
		label: (item) => item.folder_name,
	},
	{
		name: 'Storage: File Updated',
		start: (max) => {
			const folder = newFolder('lost-file-updated');
			const files = new Map(NAMES.map((name) => [name, addFile(env, name, { folderHash: folder.hash })]));
			return watching(storageTrigger(folder.hash, max, { event: 'fileUpdated' }), (name) => {
				env.sim.storage.getFile(files.get(name)!.hash)!.modifiedAt = second();
			});
		},
		label: (item) => item.file_name,
	},
	{
		name: 'DVS: New Task',
		start: (max) => {
			const project = newProject('lost new task');
			return watching(dvsTrigger(max, { event: 'newTask', project: byId(project) }), (name) => {
				addTask(env, name, { project });
			});
		},
		label: (item) => item.name,
	},
	{
		name: 'DVS: Task Updated',
		start: (max) => {
			const project = newProject('lost task updated');
			const tasks = new Map(NAMES.map((name) => [name, addTask(env, name, { project })]));
			return watching(dvsTrigger(max, { event: 'taskUpdated', project: byId(project) }), (name) => {
				env.dvs.store.documentById(tasks.get(name)!.id)!.updatedAt = env.clock.now();
			});
		},
		label: (item) => item.name,
	},
	{
		name: 'DVS: New Comment on the tasks of a project',
		start: (max) => {
			const project = newProject('lost comments');
			const task = addTask(env, 'commented', { project });
			return watching(
				dvsTrigger(max, { event: 'newComment', watch: 'tasks', project: byId(project) }),
				(name) => void addComment(env, task.id, name),
			);
		},
		label: (item) => item.html,
	},
	{
		name: 'DVS: New Comment on one task',
		start: (max) => {
			const task = addTask(env, 'one task', { project: newProject('lost one task') });
			return watching(
				dvsTrigger(max, { event: 'newComment', watch: 'task', task: byId(task.id) }),
				(name) => void addComment(env, task.id, name),
			);
		},
		label: (item) => item.html,
	},
];

describe.each(cases)('$name, after a lost save', ({ start, label }) => {
	const labels = (result: Awaited<ReturnType<Poller['poll']>>) => emitted(result).map(label);

	it('the next poll emits the new item and not the three emitted before; nothing comes again later', async () => {
		const poller = start(100);
		expect(await poller.poll()).toBeNull();
		for (const name of NAMES.slice(0, 3)) poller.add(name);
		expect(labels(await poller.poll('trigger', LOST))).toEqual(['one', 'two', 'three']);
		poller.add('four');
		expect(labels(await poller.poll())).toEqual(['four']);
		expect(await poller.poll()).toBeNull();
		skipped += EMISSION_MEMORY_MS;
		expect(await poller.poll()).toBeNull();
	});

	it('with more waiting than Max Items per Poll, the next poll goes on from where the lost one stopped', async () => {
		const poller = start(2);
		await poller.poll();
		for (const name of NAMES.slice(0, 3)) poller.add(name);
		expect(labels(await poller.poll('trigger', LOST))).toEqual(['one', 'two']);
		poller.add('four');
		expect(labels(await poller.poll())).toEqual(['three', 'four']);
		expect(await poller.poll()).toBeNull();
	});

	it('two polls at once after a lost save emit nothing twice', async () => {
		const poller = start(100);
		await poller.poll();
		poller.add('one');
		poller.add('two');
		expect(labels(await poller.poll('trigger', LOST))).toEqual(['one', 'two']);
		poller.add('three');
		const together = await Promise.all([poller.poll('trigger', LOST), poller.poll('trigger', LOST)]);
		expect(together.map(labels)).toEqual(expect.arrayContaining([['three'], []]));
		expect(await poller.poll()).toBeNull();
	});

	it('a poll that finds only what was emitted leaves the state as found; the items come again once the memory lapses', async () => {
		const poller = start(100);
		await poller.poll();
		poller.add('one');
		poller.add('two');
		const saved = poller.staticData();
		expect(labels(await poller.poll('trigger', LOST))).toEqual(['one', 'two']);
		expect(await poller.poll()).toBeNull();
		expect(poller.staticData()).toEqual(saved);
		skipped += EMISSION_MEMORY_MS;
		expect(labels(await poller.poll())).toEqual(['one', 'two']);
		expect(await poller.poll()).toBeNull();
	});
});

describe('Storage: New File with downloads, after a lost save', () => {
	it('downloads only the new file: what was emitted before is passed over without its content', async () => {
		const folder = newFolder('lost-downloads');
		const poller = storageTrigger(folder.hash, 100, { download: true, binaryPropertyName: 'file' });
		await poller.poll();
		for (const name of ['one.txt', 'two.txt', 'three.txt']) addFile(env, name, { folderHash: folder.hash });
		expect(emitted(await poller.poll('trigger', LOST))).toHaveLength(3);
		env.clock.advance(1000);
		addFile(env, 'four.txt', { folderHash: folder.hash });
		const { result, requests } = await requestsDuring(env, async () => await poller.poll());
		expect(result![0].map((item) => [item.json.file_name, item.binary?.file?.fileName])).toEqual([
			['four.txt', 'four.txt'],
		]);
		expect(requests.map((request) => request.action)).toEqual(['get_folder_content', 'download_file']);
	});
});

describe('a poll that ran past the time n8n gives it', () => {
	it('is not remembered: n8n may have dropped what it emitted, so the next poll emits it again', async () => {
		const folder = newFolder('lost-past-budget');
		const poller = storageTrigger(folder.hash, 100);
		await poller.poll();
		addFile(env, 'slow.txt', { folderHash: folder.hash });
		// The listing takes longer than the 5 minutes n8n-core gives a poll by default.
		env.sim.faults.add({
			match: () => {
				skipped += 5 * 60_000 + 1;
				return false;
			},
			fault: { kind: 'delay', ms: 0 },
		});
		expect(emitted(await poller.poll('trigger', LOST)).map((item) => item.file_name)).toEqual(['slow.txt']);
		env.sim.faults.clear();
		expect(emitted(await poller.poll()).map((item) => item.file_name)).toEqual(['slow.txt']);
		expect(await poller.poll()).toBeNull();
	});
});
