import { insertDocument, insertTask } from '../direct';
import type { DvsStore } from '../store';
import type { DvsDocument } from '../types';

/*
 * Other writers in a register, for tests: a project of its own to write into, and tasks that arrive in it from
 * another client (another account, or the same one from elsewhere) as the service would store them.
 */

/** A new project of the organization, `workers` on it: a register of tasks no earlier test wrote into. */
export function newProject(
	store: DvsStore,
	project: { orgId: number; creatorId: number; workers: number[]; name?: string },
): number {
	const name = project.name ?? `Project ${Math.random().toString(36).slice(2, 8)}`;
	const values = { name, workers: project.workers };
	return insertDocument(store, 'project_2', { orgId: project.orgId, creatorId: project.creatorId, values }).id;
}

export interface Arrivals {
	orgId: number;
	projectId: number;
	/** Who creates them: another account, or the node's own from another client. */
	creatorId: number;
	count: number;
	/** The name of the `index`th task (default `Arrived <index>`). */
	named?: (index: number) => string;
	/** When they were created (epoch ms; default the store's clock: now). */
	createdAt?: number;
}

/** `count` tasks created in the project by `creatorId`, one after another, as create_document stores them. */
export function tasksArrive(store: DvsStore, arrivals: Arrivals): DvsDocument[] {
	const named = arrivals.named ?? ((index: number) => `Arrived ${index}`);
	return Array.from({ length: arrivals.count }, (_, index) =>
		insertTask(store, {
			orgId: arrivals.orgId,
			creatorId: arrivals.creatorId,
			createdAt: arrivals.createdAt,
			values: { dvs_project_id: arrivals.projectId, name: named(index) },
		}),
	);
}
