/**
 * A task create into a project of its own, with other writers around it (tasks arriving, a twin of its name), and
 * the faults that lose its answer: what the busy-register suites share.
 */
import { newProject, tasksArrive } from '../../../devkit/simulator/dvs/testing';
import type { FaultMatch } from '../../../devkit/simulator/types';
import { matchesFaultMatch } from '../../../devkit/simulator/faults';
import { byId, type Auth } from '../parity/env';
import { sim, storedLaterThen } from './env';
import { writeOf } from './places';
import { kindNamed, type Destination, type WriteKind } from './writeKinds';

export const LIST: Record<Auth, FaultMatch> = {
	rest: { action: 'get_documents' },
	mcp: { mcpTool: 'svc_dvs_list_documents' },
};

export const suffix = () => Math.random().toString(36).slice(2, 8);

export interface Busy {
	kind: WriteKind;
	destination: Destination;
	projectId: number;
	admin: number;
	worker: number;
	arrive(count: number, creatorId: number, named?: (index: number) => string, createdAt?: number): void;
	/** The project's tasks named `name`, as the service holds them. */
	named(name: string): Array<{ id: number; creatorId: number }>;
}

/** A task create over `auth` into a project of its own that already holds 80 older tasks (the look sees 50). */
export function busyProject(auth: Auth): Busy {
	const kind = kindNamed(`${auth} task.create`);
	const base = kind.prepare(sim());
	const { store, seed } = sim().dvs;
	const a = seed.orgA;
	const [admin, worker] = [a.users.admin.id, a.users.worker.id];
	const projectId = newProject(store, { orgId: a.orgId, creatorId: admin, workers: [admin, worker] });
	const arrive: Busy['arrive'] = (count, creatorId, named, createdAt) =>
		void tasksArrive(store, { orgId: a.orgId, projectId, creatorId, count, named, createdAt });
	arrive(80, worker, (index) => `Older ${index}`, Date.now() - 3_600_000);
	const destination: Destination = {
		...base,
		node: (name, parameters, marker) => base.node(name, { project: byId(projectId), ...parameters }, marker),
	};
	const named = (name: string) =>
		store
			.documents(a.orgId, 'task')
			.filter((task) => task.values.dvs_project_id === projectId && task.values.name === name)
			.map((task) => ({ id: task.id, creatorId: task.creatorId }));
	return { kind, destination, projectId, admin, worker, arrive, named };
}

/** Once the write has gone by, `arrive()` runs before the next request of the service is answered. */
export function afterWrite(write: ReturnType<typeof writeOf> | FaultMatch, arrive: () => void): void {
	let written = false;
	sim().faults.add({
		match: (req, target) => {
			if (typeof write === 'function' ? write(req, target) : matchesFaultMatch(write, req, target)) written = true;
			else if (written && (target.action !== undefined || target.mcpTool !== undefined)) {
				written = false;
				arrive();
			}
			return false;
		},
		fault: { kind: 'statusBeforeCommit', status: 500 },
	});
}

/** Once the write of `marker` has gone by, the five lists of its settle window fail with a 500. */
export function failedReadBacks(busy: Busy, marker: string): void {
	let written = false;
	sim().faults.add({
		match: (req, target) => {
			if (writeOf(busy.kind.match, marker)(req, target)) written = true;
			return written && matchesFaultMatch(LIST[busy.kind.auth], req, target);
		},
		fault: { kind: 'statusBeforeCommit', status: 500 },
		times: 5,
	});
}

/** The write of `marker` lands, stored a moment after it arrived (env.ts STORED_LATER_MS), and its answer is a 500. */
export function answerLost(busy: Busy, marker: string): void {
	sim().faults.add({ match: writeOf(busy.kind.match, marker), fault: storedLaterThen() });
}

/**
 * As the write of `marker` arrives, a task of the same name arrives first, created by `creatorId` at `createdAt`
 * (default now): another writer's twin; the write itself never lands (a 503 from a gateway).
 */
export function twinAtSend(busy: Busy, marker: string, creatorId: number, createdAt?: number): void {
	sim().faults.add({
		match: (req, target) => {
			const ours = writeOf(busy.kind.match, marker)(req, target);
			if (ours && busy.named(marker).length === 0) busy.arrive(1, creatorId, () => marker, createdAt);
			return ours;
		},
		fault: { kind: 'statusBeforeCommit', status: 503 },
	});
}
