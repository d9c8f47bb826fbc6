import type { DvsService } from '../shared/services/dvs/DvsService';
import type { DvsFilters } from '../shared/adapters/dvs/port';
import type { PollBudget } from '../shared/polling/budget';
import type { StampedTask } from './stamps';
import { stampTask } from './stamps';

/** Pages ask for the most the DVS API allows. */
export const FULL_PAGE = 200;

export type TaskOrder = 'newest' | 'oldest';

/** One page of the matching tasks in creation order (the DVS API: creation date, then document id). */
export async function taskPage(
	dvs: DvsService,
	filters: DvsFilters,
	order: TaskOrder,
	offset: number,
	budget: PollBudget,
	limit = FULL_PAGE,
): Promise<{ tasks: StampedTask[]; total: number; count: number }> {
	budget.spend();
	const page = await dvs.listDocuments('task', { limit, offset, order, filters }, 0);
	const tasks = page.items.map(stampTask).filter((task): task is StampedTask => task !== undefined);
	return { tasks, total: page.total, count: page.items.length };
}

/**
 * The matching tasks in creation order, every page (up to `max`). Tasks created while paging may
 * show up twice; each is kept once.
 */
export async function listTasks(
	dvs: DvsService,
	filters: DvsFilters,
	order: TaskOrder,
	budget: PollBudget,
	max = Infinity,
): Promise<StampedTask[]> {
	const tasks = new Map<string, StampedTask>();
	let offset = 0;
	while (tasks.size < max) {
		const page = await taskPage(dvs, filters, order, offset, budget);
		for (const task of page.tasks) if (tasks.size < max && !tasks.has(task.id)) tasks.set(task.id, task);
		offset += page.count;
		if (page.count === 0 || offset >= page.total) break;
	}
	return [...tasks.values()];
}

/**
 * The creation second of the register's newest task: what "created after activation" means for
 * triggers whose filters a task can start matching later. One small request.
 */
export async function newestCreation(dvs: DvsService, budget: PollBudget): Promise<string> {
	const page = await taskPage(dvs, {}, 'newest', 0, budget, 1);
	return page.tasks[0]?.at ?? '';
}
