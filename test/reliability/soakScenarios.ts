/**
 * The trigger soak: each trigger and event, over REST and over MCP, polled through n8n-core's
 * PollContext (static data round-tripped as JSON, a fresh Workflow per poll) while the service
 * changes under it: same-second bursts, files and folders moved in with old timestamps, clock
 * steps of ±10 minutes, a backlog of 12,000 items at once, deletions, files that cannot be
 * downloaded, and a share of polls faulted (timeouts, 5xx, resets, 429). Afterwards every event
 * must have been emitted exactly once.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import type { Poller } from '../../devkit/harness';
import type { FaultKind, FaultMatch } from '../../devkit/simulator/types';
import { addComment, addFile, addTask, emitted, type TriggerEnv } from '../../devkit/triggerEnv';
import { startTriggerEnvWithMcp, triggerPoller } from '../nodes/parity/env';
import { random } from './random';
import { dvsSeconds } from '../../nodes/SvcDvsTrigger/stamps';

export type SoakAuth = 'rest' | 'mcp';

export interface SoakOptions {
	/** Events each run writes at least (besides its backlog). */
	events: number;
	/** Items created at once right after activation, for the events that have one. */
	backlog: number;
	/** Share of polls that get a fault. */
	faultShare: number;
	seed: number;
	auths: SoakAuth[];
	/** Only these events (default: every one). */
	only?: string[];
}

export interface SoakRow {
	trigger: string;
	event: string;
	auth: SoakAuth;
	events: number;
	emitted: number;
	missed: number;
	doubled: number;
	polls: number;
	failedPolls: number;
	idleRequests: number;
	peakStateBytes: number;
	/** Why polls failed (the service's faults, or not), by message. */
	failures: Record<string, number>;
	/** Up to ten event ids never emitted, to look into. */
	missing: string[];
}

/**
 * The Timeout option the soak gives the triggers, in real time (a warp never shortens a request's timeout): room for
 * a busy machine's poll, where 400 ms failed every poll of a 450-file backlog. The timeout fault holds its request
 * until the trigger gives up.
 */
export const SOAK_TIMEOUT_MS = 3000;

const POLL_FAULTS: FaultKind[] = [
	{ kind: 'hang' },
	{ kind: 'statusBeforeCommit', status: 503 },
	{ kind: 'status500AfterCommit' },
	{ kind: 'dropBeforeCommit' },
	{ kind: 'dropAfterCommit' },
	{ kind: 'rateLimit', retryAfterSeconds: 0 },
];

interface Burst {
	/** Event ids that now exist (for changes: the item's new version). */
	created: string[];
	/** Items gone before they may have been seen. */
	deleted: string[];
}

interface Scenario {
	/** New File: files whose download the service refuses for the whole soak. */
	brokenFiles?: Set<string>;
	trigger: 'Svc Storage Trigger' | 'Svc DVS Trigger';
	event: string;
	parameters(env: TriggerEnv, auth: SoakAuth): INodeParameters;
	/** Requests a fault may hit, per wire. */
	faults: Record<SoakAuth, FaultMatch[]>;
	backlog?(env: TriggerEnv, count: number): string[];
	write(env: TriggerEnv, rand: () => number): Burst;
	idOf(json: IDataObject): string;
	/** Change events: an item's id (an event id is `<item>@<version>`); only its last version must be emitted. */
	itemOf?(eventId: string): string;
}

function rootOf(env: TriggerEnv): string {
	return env.sim.accounts.get(env.storage.userId)!.rootFolderHash;
}

/** A watched folder with one subfolder, and a folder outside it that items are moved in from. */
function storagePlace(env: TriggerEnv, label: string) {
	const folder = env.sim.storage.createFolder(env.storage.userId, rootOf(env), `${label}-${env.clock.now()}`);
	const sub = env.sim.storage.createFolder(env.storage.userId, folder.hash, 'sub');
	const outside = env.sim.storage.createFolder(env.storage.userId, rootOf(env), `${label}-outside-${env.clock.now()}`);
	return { folder, sub, outside };
}

const burstSize = (rand: () => number) => 1 + Math.floor(rand() * 8);
const pick = <T>(rand: () => number, list: T[]): T => list[Math.floor(rand() * list.length)];

function storageScenarios(): Scenario[] {
	const places = new Map<string, ReturnType<typeof storagePlace>>();
	const live = new Map<string, string[]>();
	const broken = new Set<string>();
	let serial = 0;
	const place = (env: TriggerEnv, key: string) => {
		if (!places.has(key)) places.set(key, storagePlace(env, key));
		return places.get(key)!;
	};
	let current = '';
	const faults: Record<SoakAuth, FaultMatch[]> = {
		rest: [{ action: 'get_folder_content' }, { action: 'download_file' }],
		mcp: [{ mcpTool: 'svc_list_folder' }, { mcpTool: 'svc_read_file' }],
	};
	const base =
		(event: string, extra: INodeParameters = {}) =>
		(env: TriggerEnv, auth: SoakAuth): INodeParameters => {
			current = `${event}-${auth}`;
			const { folder } = place(env, current);
			return {
				event,
				folder: { __rl: true, mode: 'id', value: folder.hash },
				subfolderDepth: 1,
				options: { maxFilesPerPoll: 200, timeout: SOAK_TIMEOUT_MS },
				...extra,
			};
		};
	const scenarios: Scenario[] = [
		{
			trigger: 'Svc Storage Trigger',
			event: 'New File',
			parameters: base('newFile', { download: true, binaryPropertyName: 'data' }),
			faults,
			backlog(env, count) {
				const { folder } = place(env, current);
				return Array.from(
					{ length: count },
					(_, n) => addFile(env, `backlog-${n}.txt`, { folderHash: folder.hash }).hash,
				);
			},
			write(env, rand) {
				const { folder, sub, outside } = place(env, current);
				const files = live.get(current) ?? [];
				live.set(current, files);
				const created: string[] = [];
				const deleted: string[] = [];
				for (let n = burstSize(rand); n > 0; n--) {
					const file = addFile(env, `f-${serial++}.txt`, { folderHash: rand() < 0.3 ? sub.hash : folder.hash });
					created.push(file.hash);
					files.push(file.hash);
					if (rand() < 0.05) broken.add(file.hash);
				}
				if (rand() < 0.25) {
					// Moved in with an upload time days old: a time cursor would never see it.
					const old = addFile(env, `moved-${serial++}.txt`, {
						folderHash: outside.hash,
						second: Math.floor(env.clock.now() / 1000) - 3 * 86_400,
					});
					env.sim.storage.moveFile(old.hash, rand() < 0.5 ? folder.hash : sub.hash);
					created.push(old.hash);
					files.push(old.hash);
				}
				if (rand() < 0.3 && files.length > 0) {
					const [victim] = files.splice(Math.floor(rand() * files.length), 1);
					env.sim.storage.deleteFile(victim);
					deleted.push(victim);
				}
				return { created, deleted };
			},
			idOf: (json) => String(json.file_hash),
		},
		{
			trigger: 'Svc Storage Trigger',
			event: 'New Folder',
			parameters: (env, auth) => ({ ...base('newFolder')(env, auth), subfolderDepth: 0 }),
			faults: { rest: [{ action: 'get_folder_content' }], mcp: [{ mcpTool: 'svc_list_folder' }] },
			write(env, rand) {
				const { folder, outside } = place(env, current);
				const created: string[] = [];
				for (let n = burstSize(rand); n > 0; n--)
					created.push(env.sim.storage.createFolder(env.storage.userId, folder.hash, `d-${serial++}`).hash);
				if (rand() < 0.25) {
					const moved = env.sim.storage.createFolder(env.storage.userId, outside.hash, `moved-${serial++}`);
					env.sim.storage.moveFolder(moved.hash, folder.hash);
					created.push(moved.hash);
				}
				return { created, deleted: [] };
			},
			idOf: (json) => String(json.folder_hash),
		},
		{
			trigger: 'Svc Storage Trigger',
			event: 'File Updated',
			parameters: (env, auth) => {
				const parameters = base('fileUpdated')(env, auth);
				const { folder } = place(env, current);
				live.set(
					current,
					Array.from({ length: 200 }, (_, n) => addFile(env, `u-${n}.txt`, { folderHash: folder.hash }).hash),
				);
				return parameters;
			},
			faults: { rest: [{ action: 'get_folder_content' }], mcp: [{ mcpTool: 'svc_list_folder' }] },
			write(env, rand) {
				const files = live.get(current)!;
				const created: string[] = [];
				for (let n = burstSize(rand); n > 0; n--) {
					const file = env.sim.storage.getFile(pick(rand, files))!;
					file.modifiedAt = Math.max(file.modifiedAt + 1, Math.floor(env.clock.now() / 1000));
					created.push(`${file.hash}@${file.modifiedAt}`);
				}
				return { created, deleted: [] };
			},
			idOf: (json) => `${String(json.file_hash)}@${String(json.timestamp_last_modified)}`,
			itemOf: (id) => id.split('@')[0],
		},
	];
	return scenarios.map((scenario) => ({ ...scenario, brokenFiles: broken }));
}

function dvsScenarios(): Scenario[] {
	let serial = 0;
	let project = 0;
	let tasks: number[] = [];
	const comments: number[] = [];
	const faults: Record<SoakAuth, FaultMatch[]> = {
		rest: [{ action: 'get_documents' }, { action: 'get_comments' }],
		mcp: [{ mcpTool: 'svc_dvs_list_documents' }, { mcpTool: 'svc_dvs_get_comments' }],
	};
	const newProject = (env: TriggerEnv, label: string) => {
		project = env.dvs.store.insertDocument(env.dvs.seed.orgA.orgId, 'project_2', {
			values: { name: `${label} ${env.clock.now()}` },
			creatorId: env.dvs.seed.orgA.users.admin.id,
		}).id;
		tasks = [];
		return { __rl: true, mode: 'id', value: String(project) };
	};
	const options = { maxItemsPerPoll: 200, timeout: SOAK_TIMEOUT_MS };
	const scenarios: Scenario[] = [
		{
			trigger: 'Svc DVS Trigger',
			event: 'New Task',
			parameters: (env) => ({ event: 'newTask', project: newProject(env, 'new task soak'), options }),
			faults,
			backlog: (env, count) =>
				Array.from({ length: count }, (_, n) => String(addTask(env, `backlog ${n}`, { project }).id)),
			write(env, rand) {
				const created: string[] = [];
				for (let n = burstSize(rand); n > 0; n--)
					created.push(String(addTask(env, `task ${serial++}`, { project }).id));
				return { created, deleted: [] };
			},
			idOf: (json) => String(json.dvs_document_id),
		},
		{
			trigger: 'Svc DVS Trigger',
			event: 'Task Updated',
			parameters: (env) => {
				const watched = newProject(env, 'task updated soak');
				tasks = Array.from({ length: 200 }, (_, n) => addTask(env, `updated ${n}`, { project }).id);
				return { event: 'taskUpdated', project: watched, options };
			},
			faults: { rest: [{ action: 'get_documents' }], mcp: [{ mcpTool: 'svc_dvs_list_documents' }] },
			write(env, rand) {
				const created: string[] = [];
				for (let n = burstSize(rand); n > 0; n--) {
					const doc = env.dvs.store.documentById(pick(rand, tasks))!;
					doc.updatedAt = Math.floor(Math.max(doc.updatedAt + 1000, env.clock.now()) / 1000) * 1000;
					doc.values.name = `updated ${serial++}`;
					created.push(`${doc.id}@${doc.updatedAt}`);
				}
				return { created, deleted: [] };
			},
			idOf: (json) => `${String(json.dvs_document_id)}@${dvsSeconds(json.date_updated) * 1000}`,
			itemOf: (id) => id.split('@')[0],
		},
		{
			trigger: 'Svc DVS Trigger',
			event: 'New Comment (tasks of a project)',
			parameters: (env) => {
				const watched = newProject(env, 'comment soak');
				tasks = Array.from({ length: 30 }, (_, n) => addTask(env, `commented ${n}`, { project }).id);
				return {
					event: 'newComment',
					watch: 'tasks',
					project: watched,
					options: { ...options, tasksCheckedPerPoll: 10 },
				};
			},
			faults,
			write(env, rand) {
				const created: string[] = [];
				const deleted: string[] = [];
				if (rand() < 0.05) tasks.push(addTask(env, `late task ${serial++}`, { project }).id);
				for (let n = burstSize(rand); n > 0; n--) {
					const comment = addComment(env, pick(rand, tasks), `comment ${serial++}`);
					created.push(String(comment.id));
					comments.push(comment.id);
				}
				if (rand() < 0.2 && comments.length > 0) {
					const [victim] = comments.splice(Math.floor(rand() * comments.length), 1);
					env.dvs.store.deleteComment(victim);
					deleted.push(String(victim));
				}
				return { created, deleted };
			},
			idOf: (json) => String(json.id),
		},
		{
			trigger: 'Svc DVS Trigger',
			event: 'New Comment (one task)',
			parameters: (env) => {
				newProject(env, 'one task soak');
				tasks = [addTask(env, 'the watched task', { project }).id];
				return {
					event: 'newComment',
					watch: 'task',
					task: { __rl: true, mode: 'id', value: String(tasks[0]) },
					options,
				};
			},
			faults: { rest: [{ action: 'get_comments' }], mcp: [{ mcpTool: 'svc_dvs_get_comments' }] },
			write(env, rand) {
				const created: string[] = [];
				for (let n = burstSize(rand); n > 0; n--)
					created.push(String(addComment(env, tasks[0], `comment ${serial++}`).id));
				return { created, deleted: [] };
			},
			idOf: (json) => String(json.id),
		},
	];
	return scenarios;
}

function pollerFor(env: TriggerEnv, scenario: Scenario, auth: SoakAuth, parameters: INodeParameters): Poller {
	return triggerPoller(env, scenario.trigger === 'Svc Storage Trigger' ? 'storage' : 'dvs', auth, parameters);
}

async function run(
	env: TriggerEnv,
	scenario: Scenario,
	auth: SoakAuth,
	options: SoakOptions,
	seed: number,
): Promise<SoakRow> {
	const rand = random(seed);
	const poller = pollerFor(env, scenario, auth, scenario.parameters(env, auth));
	const created: string[] = [];
	const deleted = new Set<string>();
	const seen: string[] = [];
	const row: SoakRow = {
		trigger: scenario.trigger,
		event: scenario.event,
		auth,
		events: 0,
		emitted: 0,
		missed: 0,
		doubled: 0,
		polls: 0,
		failedPolls: 0,
		idleRequests: 0,
		peakStateBytes: 0,
		failures: {},
		missing: [],
	};
	const poll = async (withFault: boolean) => {
		env.sim.faults.clear();
		for (const hash of scenario.brokenFiles ?? []) {
			const readsIt = (req: { path: string; body: Buffer; query: URLSearchParams }) =>
				(req.path.includes('download_file') || (req.path === '/api/mcp' && req.body.includes('read_file'))) &&
				`${req.body.toString()} ${req.query.toString()}`.includes(hash);
			env.sim.faults.add({ match: readsIt, fault: { kind: 'statusBeforeCommit', status: 500 }, times: 1e9 });
		}
		if (withFault) {
			const kind = pick(rand, POLL_FAULTS);
			env.sim.faults.add({
				match: pick(rand, scenario.faults[auth]),
				fault: kind,
				skip: Math.floor(rand() * 3),
				times: kind.kind === 'rateLimit' ? 4 : 1,
			});
		}
		row.polls++;
		try {
			for (const json of emitted(await poller.poll())) seen.push(scenario.idOf(json));
		} catch (error) {
			row.failedPolls++;
			const message = (error as Error).message.slice(0, 120);
			row.failures[message] = (row.failures[message] ?? 0) + 1;
		}
		row.peakStateBytes = Math.max(row.peakStateBytes, JSON.stringify(poller.staticData()).length);
		env.sim.faults.clear();
	};

	await poll(false);
	if (scenario.backlog && options.backlog > 0) created.push(...scenario.backlog(env, options.backlog));
	let written = 0;
	while (written < options.events) {
		const burst = scenario.write(env, rand);
		created.push(...burst.created);
		burst.deleted.forEach((id) => deleted.add(id));
		written += burst.created.length;
		// Mostly forward, now and then a step of ten minutes back or forth (the service's clock).
		env.clock.advance(rand() < 0.06 ? (rand() < 0.5 ? -600_000 : 600_000) : Math.floor(rand() * 1500));
		await poll(rand() < options.faultShare);
	}
	const itemOf = scenario.itemOf ?? ((id: string) => id);
	const lastVersions = new Map<string, string>();
	for (const id of created) lastVersions.set(itemOf(id), id);
	const expected = () => [...lastVersions.values()].filter((id) => !deleted.has(itemOf(id)) || seen.includes(id));
	for (let quiet = 0; quiet < 60; ) {
		const before = seen.length;
		env.clock.advance(1000);
		await poll(false);
		quiet = seen.length === before ? quiet + 1 : 0;
		const seenSet = new Set(seen);
		if (quiet >= 3 && expected().every((id) => seenSet.has(id))) break;
	}
	// The cheaper of two idle polls (New Task lists everything every 20th poll).
	for (let n = 0; n < 2; n++) {
		const start = env.sim.requests.length;
		await poll(false);
		const spent = env.sim.requests.length - start;
		row.idleRequests = n === 0 ? spent : Math.min(row.idleRequests, spent);
	}

	const seenSet = new Set(seen);
	row.events = new Set(created).size;
	row.emitted = seen.length;
	row.doubled = seen.length - seenSet.size;
	const missing = expected().filter((id) => !seenSet.has(id));
	row.missed = missing.length;
	row.missing = missing.slice(0, 10);
	if (missing.length)
		row.missing.push(
			`seen: ${seen
				.filter((id) => missing.some((m) => itemOf(m) === itemOf(id)))
				.slice(0, 10)
				.join(' ')}`,
		);
	return row;
}

/** Every trigger and event over each wire; `onRow` receives each row as it is done. */
export async function soakTriggers(
	options: SoakOptions,
	onRow: (row: SoakRow) => void = () => undefined,
): Promise<SoakRow[]> {
	// The MCP endpoint's rate-limit windows run on the test clock plus the time that really passes
	// (scaled down 10,000 times): a poll that waits out a 429 sees its window end, as it would.
	const { env } = await startTriggerEnvWithMcp(0.0001, { withRealTime: true });
	const rows: SoakRow[] = [];
	try {
		let seed = options.seed;
		for (const scenario of [...storageScenarios(), ...dvsScenarios()].filter(
			(entry) => !options.only || options.only.includes(entry.event),
		)) {
			for (const auth of options.auths) {
				const row = await run(env, scenario, auth, options, seed++);
				rows.push(row);
				onRow(row);
			}
		}
	} finally {
		await env.close();
	}
	return rows;
}
