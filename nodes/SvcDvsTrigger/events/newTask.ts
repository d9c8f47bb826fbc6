import type { INodeExecutionData, IPollFunctions } from 'n8n-workflow';

import type { DvsService } from '../../shared/services/dvs/DvsService';
import type { PollBudget } from '../../shared/polling/budget';
import type { Cursor } from '../../shared/polling/cursor';
import { isAhead } from '../../shared/polling/cursor';
import { isManualPoll, noSampleError } from '../../shared/polling/manual';
import { pollOutput } from '../../shared/polling/output';
import { SeenRecord } from '../../shared/polling/record';
import { upToNew } from '../../shared/polling/emission';
import { type SavedState, unreadableState, WatchedTarget } from '../../shared/polling/watchedTarget';
import { taskItem } from '../commentItems';
import type { DvsEventPoll, DvsTriggerSettings } from '../settings';
import type { StampedTask } from '../stamps';
import { listTasks, newestCreation, taskPage } from '../taskList';

/** Every this many polls the matching tasks are listed in full, whatever the quick check says. */
export const FULL_LIST_EVERY = 20;

interface NewTaskState {
	/** Every matching task seen (SeenRecord, encoded). */
	known: string;
	/** How many tasks, in creation order, are known from the start of the list with none unknown among them. */
	position: number;
	/** The id of the task at `position - 1`. */
	lastId?: string;
	/** The register's newest creation second at activation (for filters a task can start matching). */
	since: string;
	/** Polls since the last full listing. */
	polls: number;
}

const keyOf = (task: StampedTask) => SeenRecord.keyOf('task', task.id);
const eventIdOf = (task: StampedTask) => String(taskItem('newTask', task.task).json.event_id);

async function sample(
	ctx: IPollFunctions,
	dvs: DvsService,
	settings: DvsTriggerSettings,
): Promise<INodeExecutionData[][]> {
	const page = await dvs.listDocuments('task', { limit: 1, offset: 0, order: 'newest', filters: settings.filters }, 0);
	if (page.items.length === 0) {
		throw noSampleError(
			ctx,
			'No task matches the trigger yet',
			'Create a task in the chosen project (matching the filters), or widen the filters, then fetch ' +
				'a test event again.',
		);
	}
	return [[taskItem('newTask', page.items[0])]];
}

/** Whether an unseen task counts as new: with filters a task can start matching, only one created after activation. */
function isNew(settings: DvsTriggerSettings, since: string, task: StampedTask): boolean {
	return !settings.mutableFilters || task.at >= since;
}

/** The state after a full listing: what is known, and how far the known run from the start reaches. */
function afterFullList(tasks: StampedTask[], known: SeenRecord, since: string): NewTaskState {
	let position = 0;
	while (position < tasks.length && known.has(keyOf(tasks[position]))) position++;
	return { known: known.encode(), position, lastId: tasks[position - 1]?.id, since, polls: 0 };
}

/**
 * The quick check: the task at the end of the known run is where it was, and nothing is known
 * beyond it, so the new tasks are exactly those after it (one request while nothing is new).
 * Undefined when the list changed otherwise (a task deleted, one created under an older clock,
 * one that started matching): then the tasks are listed in full.
 */
async function tasksAfterKnownRun(
	dvs: DvsService,
	settings: DvsTriggerSettings,
	state: NewTaskState,
	known: SeenRecord,
	budget: PollBudget,
	want: number,
): Promise<StampedTask[] | undefined> {
	if (known.size !== state.position || state.polls >= FULL_LIST_EVERY - 1) return undefined;
	let offset = Math.max(0, state.position - 1);
	const first = await taskPage(dvs, settings.filters, 'oldest', offset, budget);
	if (state.position > 0 && first.tasks[0]?.id !== state.lastId) return undefined;
	if (first.total < state.position) return undefined;
	const after = first.tasks.slice(state.position > 0 ? 1 : 0);
	offset += first.count;
	while (after.length < want && offset < first.total && budget.take()) {
		const page = await taskPage(dvs, settings.filters, 'oldest', offset, budget);
		after.push(...page.tasks);
		offset += page.count;
		if (page.count === 0) break;
	}
	return after.some((task) => known.has(keyOf(task))) ? undefined : after;
}

/** The saved state and its record. Layout 1 kept a creation cursor: what is behind it counts as known. */
async function stateOf(
	ctx: IPollFunctions,
	dvs: DvsService,
	settings: DvsTriggerSettings,
	budget: PollBudget,
	saved: SavedState,
): Promise<{ state: NewTaskState; known: SeenRecord }> {
	if (saved.version === 1) {
		const cursor = saved.state.cursor as Cursor | undefined;
		const tasks = await listTasks(dvs, settings.filters, 'oldest', budget);
		const known = new SeenRecord(false);
		for (const task of tasks) if (cursor && !isAhead(cursor, task)) known.set(keyOf(task));
		const since = typeof cursor?.at === 'string' ? cursor.at : '';
		return { known, state: { ...afterFullList(tasks, known, since), polls: FULL_LIST_EVERY } };
	}
	const known = SeenRecord.decode(saved.state.known, false);
	if (!known || typeof saved.state.position !== 'number') return unreadableState(ctx, 'it is damaged');
	return { known, state: saved.state as unknown as NewTaskState };
}

/**
 * New Task, by identity: a task counts as new when the trigger has not seen it, whatever its
 * creation time says (a clock step back changes nothing). Emitted oldest first, at most
 * "Max Items per Poll" a poll; the rest wait for the next poll, so a backlog drains.
 */
export const pollNewTask: DvsEventPoll = async (ctx, dvs, settings, budget, repeats) => {
	if (isManualPoll(ctx)) return await sample(ctx, dvs, settings);
	const target = new WatchedTarget(ctx, { event: 'newTask', filters: settings.filters });
	const saved = target.read();
	if (!saved) {
		const since = await newestCreation(dvs, budget);
		const tasks = await listTasks(dvs, settings.filters, 'oldest', budget);
		const all = new SeenRecord(false);
		for (const task of tasks) all.set(keyOf(task));
		target.start(afterFullList(tasks, all, since));
		return null;
	}
	const { state, known } = await stateOf(ctx, dvs, settings, budget, saved);

	const max = settings.maxItemsPerPoll;
	const quick = await tasksAfterKnownRun(dvs, settings, state, known, budget, max + repeats.size);
	if (quick) {
		const batch = upToNew(quick, max, repeats, eventIdOf);
		for (const task of batch) known.set(keyOf(task));
		const last = batch.at(-1);
		target.save({
			...state,
			known: known.encode(),
			position: state.position + batch.length,
			lastId: last?.id ?? state.lastId,
			polls: state.polls + 1,
		} satisfies NewTaskState);
		return pollOutput(
			batch.filter((task) => isNew(settings, state.since, task)).map((task) => taskItem('newTask', task.task)),
		);
	}

	const tasks = await listTasks(dvs, settings.filters, 'oldest', budget);
	const record = known.keepOnly(new Set(tasks.map(keyOf)));
	const unseen: StampedTask[] = [];
	for (const task of tasks) {
		if (record.has(keyOf(task))) continue;
		if (isNew(settings, state.since, task)) unseen.push(task);
		else record.set(keyOf(task));
	}
	const emitted = upToNew(unseen, max, repeats, eventIdOf);
	for (const task of emitted) record.set(keyOf(task));
	target.save(afterFullList(tasks, record, state.since));
	return pollOutput(emitted.map((task) => taskItem('newTask', task.task)));
};
