import { NodeOperationError } from 'n8n-workflow';
import type { IPollFunctions } from 'n8n-workflow';

import type { DvsService } from '../shared/services/dvs/DvsService';
import type { DvsFilters } from '../shared/services/dvs/types';
import type { PollBudget } from '../shared/polling/budget';
import type { Cursor } from '../shared/polling/cursor';
import { compareStamps, cursorAfterAll } from '../shared/polling/cursor';
import type { StampedTask } from './stamps';
import { stampTask } from './stamps';

/** The first request asks for few tasks: when nothing is new, that one small page is the whole poll. */
export const FIRST_PAGE = 20;
/** Later pages ask for the most document 3 allows. */
export const FULL_PAGE = 200;
/** Tasks one poll may page through looking for the cursor (50 pages of 200). */
export const MAX_SCANNED_TASKS = 10000;

/**
 * Pages through the matching tasks newest first (creation second, then id) until `isOlder`
 * says a task lies behind what is wanted, or the list ends. Tasks created while paging push
 * the list down, so a task may show up twice (callers dedupe by id) but none is skipped.
 */
export async function scanTasksNewestFirst(
	ctx: IPollFunctions,
	backend: DvsService,
	filters: DvsFilters,
	isOlder: (task: StampedTask, first: StampedTask) => boolean,
	budget: PollBudget,
	max = MAX_SCANNED_TASKS,
): Promise<StampedTask[]> {
	const tasks: StampedTask[] = [];
	let offset = 0;
	let first: StampedTask | undefined;
	for (let limit = FIRST_PAGE; ; limit = FULL_PAGE) {
		budget.spend();
		const page = await backend.listDocuments('task', { limit, offset, order: 'newest', filters }, 0);
		for (const item of page.items) {
			const task = stampTask(item);
			if (!task) continue;
			first ??= task;
			if (isOlder(task, first)) return tasks;
			tasks.push(task);
		}
		offset += page.items.length;
		if (page.items.length === 0 || offset >= page.total) return tasks;
		if (offset >= max) {
			throw new NodeOperationError(ctx.getNode(), `More than ${max} new tasks since the last poll`, {
				description: 'Narrow the trigger with a project or filters, or poll more often.',
			});
		}
	}
}

/** Every watched task, newest first, up to `max` (the rest are not watched). */
export async function listWatchedTasks(
	backend: DvsService,
	filters: DvsFilters,
	max: number,
	budget: PollBudget,
): Promise<StampedTask[]> {
	const tasks = new Map<string, StampedTask>();
	let offset = 0;
	while (tasks.size < max) {
		budget.spend();
		const page = await backend.listDocuments('task', { limit: FULL_PAGE, offset, order: 'newest', filters }, 0);
		for (const item of page.items) {
			const task = stampTask(item);
			if (task && tasks.size < max) tasks.set(task.id, task);
		}
		offset += page.items.length;
		if (page.items.length === 0 || offset >= page.total) break;
	}
	return [...tasks.values()];
}

/**
 * Where "new" starts at activation: behind the newest task of the whole register, not only of
 * the matching ones, so a task created before activation that matches the filters only later
 * (its status changed) does not count as new. One small request, more only when many tasks
 * share the newest second.
 */
export async function newestTaskCursor(
	ctx: IPollFunctions,
	backend: DvsService,
	filters: DvsFilters,
	budget: PollBudget,
): Promise<Cursor | undefined> {
	const newest = await scanTasksNewestFirst(ctx, backend, {}, (task, first) => compareStamps(task.at, first.at) < 0, budget);
	const matching = Object.keys(filters).length === 0 ? [] : await scanTasksNewestFirst(ctx, backend, filters, (task, first) => compareStamps(task.at, first.at) < 0, budget);
	return cursorAfterAll([...newest, ...matching]);
}
