/* eslint-disable @n8n/community-nodes/no-hardcoded-secrets -- this file its tokens are made-up test values */
import { mountMcp, type McpPart } from './simulator';
import { StorageAttachments } from './simulator/attachments';
import { AccountStore } from './simulator/accounts';
import { createDvsHandler, DvsStore, insertComment, insertTask, seedDvsDemo, type DvsSeed } from './simulator/dvs';
import { FakeAttachmentPort, parseMultipartForTests } from './simulator/dvs/testing';
import { createAccount } from './simulator/seed';
import { startSimulator, type Simulator } from './simulator/server';
import type { StoredFolder } from './simulator/storage/store';
import type { RequestLogEntry } from './simulator/types';
import { createPoller, type Poller } from './harness';
import type { ICredentialDataDecryptedObject, IDataObject, INodeParameters } from 'n8n-workflow';

/** A clock the simulator reads: tests move it instead of sleeping. */
export interface TestClock {
	now(): number;
	set(ms: number): void;
	advance(ms: number): void;
}

export interface TriggerEnv {
	sim: Simulator;
	clock: TestClock;
	dvs: { store: DvsStore; seed: DvsSeed };
	/** Storage account with an API token, and a folder it owns to watch. */
	storage: { userId: number; folder: StoredFolder; credentials: ICredentialDataDecryptedObject };
	dvsCredentials: ICredentialDataDecryptedObject;
	close(): Promise<void>;
}

/**
 * The storage simulator with the DVS API mounted, sharing one account store and one clock.
 * (devkit/simulator/index.ts offers this as startServiceSimulator.)
 */
export async function startTriggerEnv(): Promise<TriggerEnv> {
	let current = Date.UTC(2026, 0, 5, 9, 0, 0);
	const clock: TestClock = {
		now: () => current,
		set: (ms) => void (current = ms),
		advance: (ms) => void (current += ms),
	};
	const sim = await startSimulator({ now: clock.now });
	const store = new DvsStore(clock.now);
	const seed = await seedDvsDemo(sim.accounts as AccountStore, store, new FakeAttachmentPort());
	sim.mount(
		'/api_dvs/',
		createDvsHandler({
			accounts: sim.accounts,
			store,
			attachments: new FakeAttachmentPort(),
			now: clock.now,
			parseMultipart: parseMultipartForTests,
		}),
	);
	const token = 'trigger-test-token-0123456789abcdef';
	const account = createAccount(sim, { plan: 'PRO', accessTokens: [{ token, type: 'API' }] });
	const folder = sim.storage.createFolder(account.id, account.rootFolderHash, 'Inbox');
	const worker = seed.orgA.users.admin;
	return {
		sim,
		clock,
		dvs: { store, seed },
		storage: {
			userId: account.id,
			folder,
			credentials: { baseUrl: sim.baseUrl, authMethod: 'accessToken', user: account.login, accessToken: token },
		},
		dvsCredentials: { baseUrl: sim.baseUrl, user: worker.login, accessToken: worker.token },
		close: () => sim.close(),
	};
}

export function storagePoller(env: TriggerEnv, parameters: INodeParameters, staticData?: IDataObject): Poller {
	return createPoller({
		type: 'n8n-nodes-svc.svcStorageTrigger',
		parameters: { folder: { __rl: true, mode: 'id', value: env.storage.folder.hash }, ...parameters },
		credentials: { svcStorageApi: env.storage.credentials },
		staticData,
	});
}

export function dvsPoller(env: TriggerEnv, parameters: INodeParameters, staticData?: IDataObject): Poller {
	return createPoller({
		type: 'n8n-nodes-svc.svcDvsTrigger',
		parameters,
		credentials: { svcDvsApi: env.dvsCredentials },
		staticData,
	});
}

/** Adds a file to a folder, stamped with the simulator clock (or the given second). */
export function addFile(env: TriggerEnv, name: string, options: { folderHash?: string; second?: number } = {}) {
	return env.sim.storage.addFile(
		env.storage.userId,
		options.folderHash ?? env.storage.folder.hash,
		name,
		Buffer.from(`content of ${name}`),
		{
			...(options.second !== undefined ? { uploadedAt: options.second } : {}),
		},
	);
}

export function addTask(
	env: TriggerEnv,
	name: string,
	options: { project?: number; createdAt?: number; status?: number } = {},
) {
	const org = env.dvs.seed.orgA;
	return insertTask(env.dvs.store, {
		orgId: org.orgId,
		creatorId: org.users.admin.id,
		createdAt: options.createdAt ?? env.clock.now(),
		values: {
			dvs_project_id: options.project ?? Object.values(org.projects)[0],
			name,
			...(options.status !== undefined ? { dropdown_status: options.status } : {}),
		},
	});
}

export function addComment(env: TriggerEnv, taskId: number, text: string, createdAt?: number) {
	return insertComment(env.dvs.store, {
		taskId,
		authorId: env.dvs.seed.orgA.users.admin.id,
		text,
		createdAt: createdAt ?? env.clock.now(),
	});
}

/** Requests the simulator logged while `action` ran. */
export async function requestsDuring<T>(
	env: TriggerEnv,
	action: () => Promise<T>,
): Promise<{ result: T; requests: RequestLogEntry[] }> {
	const start = env.sim.requests.length;
	const result = await action();
	return { result, requests: env.sim.requests.slice(start) };
}

/** The json of the items a poll emitted ([] for null). */
export function emitted(result: Awaited<ReturnType<Poller['poll']>>): IDataObject[] {
	return (result?.[0] ?? []).map((item) => item.json);
}

/**
 * The trigger environment for a test file: started before its tests, closed after, with faults
 * cleared and the clock moved on `stepMs` before each test. The returned object stands for the
 * running environment.
 */
export function useTriggerEnv(stepMs: number): TriggerEnv {
	let current: TriggerEnv | undefined;
	beforeAll(async () => {
		current = await startTriggerEnv();
	});
	afterAll(async () => await current?.close());
	beforeEach(() => {
		current!.sim.faults.clear();
		current!.clock.advance(stepMs);
	});
	return new Proxy({} as TriggerEnv, {
		get: (_target, key) => {
			if (!current) throw new Error('the trigger environment is not running');
			return current[key as keyof TriggerEnv];
		},
	});
}

/**
 * The MCP endpoint over the trigger environment's stores, every tool on. Its rate-limit windows
 * shrink by `timeScale` and run on `now` (default: the test clock).
 */
export function mountTriggerMcp(env: TriggerEnv, timeScale: number, now: () => number = env.clock.now): McpPart {
	return mountMcp(
		env.sim,
		{
			store: env.dvs.store,
			seed: env.dvs.seed,
			attachments: new StorageAttachments(env.sim.storage, env.sim.accounts, env.sim.limits),
		},
		{ now, settings: { writesEnabled: true, dvsEnabled: true, dvsWritesEnabled: true, timeScale } },
	);
}
