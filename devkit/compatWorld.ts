/**
 * The service as it stood when a release saved its trigger state (compat/<version>/trigger-state.json), built
 * the same way every time: a fixed clock, the watched folder, files and subfolder with fixed hashes, the
 * watched project, tasks and comment with fixed ids. A capture polls it with the release; the compat test
 * builds it again and polls it with the saved state. Change nothing here that a capture depends on: add.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { byId, createPoller, type CredentialsMap, type Poller } from './harness';
import { addComment, startTriggerEnv, type TriggerEnv } from './triggerEnv';
import type { StorageStore } from './simulator/storage/store';

export const WORLD_TIME = Date.UTC(2026, 10, 26, 6, 0, 0);
const PROJECT_ID = 7001;
const TASK_IDS = [7101, 7102, 7103];
const HASHES = {
	inbox: 'CompatInbox00001',
	archive: 'CompatArchive001',
	files: ['CompatFileA00001', 'CompatFileB00001', 'CompatFileC00001'],
};

/** Makes the store give these hashes to the next items it creates, in order. */
function withHashes<T>(store: StorageStore, hashes: string[], create: () => T): T {
	const patched = store as unknown as { newHash: () => string };
	const own = Object.getOwnPropertyDescriptor(patched, 'newHash');
	const queue = [...hashes];
	patched.newHash = () =>
		queue.shift() ?? (Object.getPrototypeOf(store) as { newHash: () => string }).newHash.call(store);
	try {
		return create();
	} finally {
		if (own) Object.defineProperty(patched, 'newHash', own);
		else delete (patched as Partial<typeof patched>).newHash;
	}
}

export interface World {
	env: TriggerEnv;
	inbox: string;
	projectId: number;
	taskIds: number[];
	close(): Promise<void>;
}

function addTaskWithId(env: TriggerEnv, id: number, name: string, status: number): void {
	const org = env.dvs.seed.orgA;
	const values: IDataObject = {};
	for (const field of env.dvs.store.fieldsOf(org.orgId, 'task'))
		values[field.name] = field.default ?? (field.type.endsWith('_ids') ? [] : null);
	Object.assign(values, { dvs_project_id: PROJECT_ID, name, dropdown_status: status });
	env.dvs.store.insertDocument(org.orgId, 'task', {
		id,
		values: values as never,
		creatorId: org.users.admin.id,
		createdAt: env.clock.now(),
	});
}

export async function buildWorld(): Promise<World> {
	const env = await startTriggerEnv();
	env.clock.set(WORLD_TIME);
	const storage = env.sim.storage as unknown as StorageStore;
	const root = env.sim.accounts.get(env.storage.userId)!.rootFolderHash;
	const inbox = withHashes(storage, [HASHES.inbox], () =>
		env.sim.storage.createFolder(env.storage.userId, root, 'Compat inbox'),
	).hash;
	withHashes(storage, [HASHES.archive], () => env.sim.storage.createFolder(env.storage.userId, inbox, 'Archive'));
	withHashes(storage, HASHES.files, () => {
		for (const name of ['report.pdf', 'notes.txt', 'photo.jpg'])
			env.sim.storage.addFile(env.storage.userId, inbox, name, Buffer.from(`content of ${name}`));
	});
	const org = env.dvs.seed.orgA;
	env.dvs.store.insertDocument(org.orgId, 'project_2', {
		id: PROJECT_ID,
		values: { name: 'Compat project', workers: [org.users.admin.id] },
		creatorId: org.users.admin.id,
		createdAt: env.clock.now(),
	});
	const statuses = statusIds(env);
	TASK_IDS.forEach((id, index) => addTaskWithId(env, id, `Compat task ${index + 1}`, statuses[0]));
	addComment(env, TASK_IDS[0], 'first comment');
	return { env, inbox, projectId: PROJECT_ID, taskIds: TASK_IDS, close: async () => await env.close() };
}

function statusIds(env: TriggerEnv): number[] {
	const field = env.dvs.store
		.fieldsOf(env.dvs.seed.orgA.orgId, 'task')
		.find((candidate) => candidate.name === 'dropdown_status')!;
	return field.options!.map((option) => Number(option.id));
}

export interface Sample {
	type: 'svcStorageTrigger' | 'svcDvsTrigger';
	parameters: INodeParameters;
	/** What arrives after the state was saved: the next poll emits exactly this. */
	change: (world: World) => void;
	/** What the emitted item is recognized by. */
	expected: (item: IDataObject) => unknown;
	expectedValue: unknown;
}

export const SAMPLES: Record<string, Sample> = {
	storageNewFile: {
		type: 'svcStorageTrigger',
		parameters: { event: 'newFile', folder: byId(HASHES.inbox) },
		change: ({ env, inbox }) =>
			void env.sim.storage.addFile(env.storage.userId, inbox, 'later.txt', Buffer.from('later')),
		expected: (item) => item.file_name,
		expectedValue: 'later.txt',
	},
	storageFileUpdated: {
		type: 'svcStorageTrigger',
		parameters: { event: 'fileUpdated', folder: byId(HASHES.inbox) },
		change: ({ env }) =>
			void (env.sim.storage.getFile(HASHES.files[1])!.modifiedAt = Math.floor(env.clock.now() / 1000) + 60),
		expected: (item) => item.file_hash,
		expectedValue: HASHES.files[1],
	},
	storageNewFolder: {
		type: 'svcStorageTrigger',
		parameters: { event: 'newFolder', folder: byId(HASHES.inbox) },
		change: ({ env, inbox }) => void env.sim.storage.createFolder(env.storage.userId, inbox, 'Later'),
		expected: (item) => item.folder_name,
		expectedValue: 'Later',
	},
	dvsNewTask: {
		type: 'svcDvsTrigger',
		parameters: { event: 'newTask', project: byId(PROJECT_ID) },
		change: ({ env }) => addTaskWithId(env, 7104, 'Later task', statusIds(env)[0]),
		expected: (item) => item.dvs_document_id,
		expectedValue: 7104,
	},
	dvsTaskUpdated: {
		type: 'svcDvsTrigger',
		parameters: { event: 'taskUpdated', project: byId(PROJECT_ID), watchedFields: ['dropdown_status'] },
		change: ({ env }) => {
			const task = env.dvs.store.documentById(TASK_IDS[1])!;
			task.values.dropdown_status = statusIds(env)[1];
			task.updatedAt = env.clock.now() + 60_000;
		},
		expected: (item) => item.dvs_document_id,
		expectedValue: TASK_IDS[1],
	},
	dvsNewComment: {
		type: 'svcDvsTrigger',
		parameters: { event: 'newComment', watch: 'task', task: byId(TASK_IDS[0]) },
		change: ({ env }) => void addComment(env, TASK_IDS[0], 'a later comment', env.clock.now() + 60_000),
		expected: (item) => item.html,
		expectedValue: 'a later comment',
	},
};

/** A poller of a sample on the world, from `staticData` (saved state) or from nothing (activation). */
export function samplePoller(world: World, sample: Sample, staticData?: IDataObject): Poller {
	const credentials: CredentialsMap =
		sample.type === 'svcStorageTrigger'
			? { svcStorageApi: world.env.storage.credentials }
			: { svcDvsApi: world.env.dvsCredentials };
	return createPoller({
		type: `n8n-nodes-svc.${sample.type}`,
		parameters: sample.parameters,
		credentials,
		staticData,
		// A release replaced under an active workflow: n8n starts again with it active.
		activation: staticData ? 'init' : 'activate',
	});
}
