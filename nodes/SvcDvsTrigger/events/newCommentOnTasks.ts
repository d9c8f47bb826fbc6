import type { INodeExecutionData, IPollFunctions } from 'n8n-workflow';

import type { DvsService } from '../../shared/services/dvs/DvsService';
import type { PollBudget } from '../../shared/polling/budget';
import type { Cursor } from '../../shared/polling/cursor';
import { advance, aheadOf, compareStamped, cursorAfterAll } from '../../shared/polling/cursor';
import { asNodeError, isGoneError } from '../../shared/polling/errors';
import { isManualPoll, noSampleError } from '../../shared/polling/manual';
import { pollOutput } from '../../shared/polling/output';
import { type Repeats, upToNew } from '../../shared/polling/emission';
import { unreadableState, WatchedTarget } from '../../shared/polling/watchedTarget';
import { commentItem, stampComment } from '../commentItems';
import type { CommentMark, CommentRead } from '../comments';
import { lastCommentOf, readCommentsAfter } from '../comments';
import { MAX_WATCHED_TASKS } from '../description';
import type { DvsEventPoll, DvsTriggerSettings } from '../settings';
import type { StampedTask } from '../stamps';
import { byUpdate } from '../stamps';
import { listTasks, newestCreation } from '../taskList';

/** Tasks whose last comment Fetch Test Event compares (the most recently updated ones). */
const SAMPLED_TASKS = 20;

interface TasksState {
	/**
	 * The register's newest creation second at activation. A watched task without a mark is new
	 * (all its comments are new), except, with filters a task can start matching, one created
	 * before activation: its comments so far are not new, it starts after them.
	 */
	since: string;
	/** Update cursor: a followed task ahead of it has changed since, so it is checked at once. */
	updated?: Cursor;
	/** Id of the task the round-robin check reached. */
	sweep?: string;
	/** Tasks with comments left over (per-poll maximum, budget): checked first next poll. */
	more?: string[];
	/** Every followed task's comment mark, by task id. */
	marks: Record<string, CommentMark>;
}

type Check = 'new' | 'baseline' | 'follow';

/** The saved state, from this layout or layout 1 (which kept a creation cursor where `since` is now). */
function stateOf(ctx: IPollFunctions, version: number, raw: Record<string, unknown>): TasksState | undefined {
	if (!raw.marks || typeof raw.marks !== 'object') return unreadableState(ctx, 'it is damaged');
	if (version === 1) {
		const { tasks, ...rest } = raw as { tasks?: Cursor } & Record<string, unknown>;
		return { ...(rest as unknown as TasksState), since: typeof tasks?.at === 'string' ? tasks.at : '' };
	}
	return typeof raw.since === 'string' ? (raw as unknown as TasksState) : unreadableState(ctx, 'it is damaged');
}

interface Planned {
	task: StampedTask;
	check: Check;
}

/** Reads a task's comments; undefined when the task vanished between listing and reading. */
async function unlessGone<T>(ctx: IPollFunctions, read: () => Promise<T>): Promise<T | undefined> {
	try {
		return await read();
	} catch (error) {
		if (isGoneError(error)) return undefined;
		throw asNodeError(ctx.getNode(), error);
	}
}

function byNumericId(a: StampedTask, b: StampedTask): number {
	return a.taskId - b.taskId;
}

/** The next `count` followed tasks after `position` in id order, wrapping around. */
function sweepAfter(followed: StampedTask[], position: string | undefined, count: number): StampedTask[] {
	const ordered = [...followed].sort(byNumericId);
	const start = position === undefined ? 0 : ordered.findIndex((task) => task.taskId > Number(position));
	const from = start < 0 ? 0 : start;
	return [...ordered.slice(from), ...ordered.slice(0, from)].slice(0, count);
}

function plan(
	state: TasksState,
	watched: StampedTask[],
	settings: DvsTriggerSettings,
): { due: Planned[]; active: StampedTask[]; swept: StampedTask[] } {
	const tasksChecked = settings.tasksCheckedPerPoll;
	const byId = new Map(watched.map((task) => [task.id, task]));
	const due: Planned[] = [];
	const planned = new Set<string>();
	const add = (task: StampedTask, check: Check) => {
		if (planned.has(task.id)) return;
		planned.add(task.id);
		due.push({ task, check });
	};
	for (const id of state.more ?? []) {
		const task = byId.get(id);
		if (task && state.marks[id]) add(task, 'follow');
	}
	const unknown = watched.filter((task) => !state.marks[task.id]).sort(compareStamped);
	for (const task of unknown) add(task, !settings.mutableFilters || task.at >= state.since ? 'new' : 'baseline');
	const followed = watched.filter((task) => state.marks[task.id]);
	const active = aheadOf(state.updated, followed.map(byUpdate)).map((stamp) => byId.get(stamp.id) as StampedTask);
	for (const task of active) add(task, 'follow');
	const swept = sweepAfter(followed, state.sweep, tasksChecked);
	for (const task of swept) add(task, 'follow');
	return { due, active, swept };
}

/** The longest run from the start of `list` whose every entry passes. */
function leading<T>(list: T[], passes: (entry: T) => boolean): T[] {
	const end = list.findIndex((entry) => !passes(entry));
	return end < 0 ? list : list.slice(0, end);
}

interface TaskRead {
	task: StampedTask;
	mark: CommentMark;
	read: CommentRead;
}

/** Emits the oldest new comments over all tasks, as a prefix of each task's new comments. */
function emit(
	reads: TaskRead[],
	max: number,
	repeats: Repeats,
	marks: Record<string, CommentMark>,
	more: Set<string>,
): INodeExecutionData[] {
	const all = reads.flatMap(({ task, read }) =>
		read.fresh.map((fresh) => ({ task, fresh, stamp: stampComment(fresh.id, fresh.comment) })),
	);
	all.sort((a, b) => compareStamped(a.stamp, b.stamp));
	const eventIdOf = ({ task, fresh }: (typeof all)[number]) =>
		String(commentItem(task.taskId, fresh.comment).json.event_id);
	const chosen = new Set(upToNew(all, max, repeats, eventIdOf).map(({ task, fresh }) => `${task.id}:${fresh.id}`));
	const emitted = new Set<string>();
	for (const { task, mark, read } of reads) {
		const taken = leading(read.fresh, (fresh) => chosen.has(`${task.id}:${fresh.id}`));
		for (const fresh of taken) emitted.add(`${task.id}:${fresh.id}`);
		const last = taken.at(-1);
		marks[task.id] = last ? [last.id, last.index + 1] : [mark[0], read.seen];
		if (taken.length < read.fresh.length || !read.complete) more.add(task.id);
	}
	return all
		.filter(({ task, fresh }) => emitted.has(`${task.id}:${fresh.id}`))
		.map(({ task, fresh }) => commentItem(task.taskId, fresh.comment, task.task));
}

async function baseline(
	ctx: IPollFunctions,
	dvs: DvsService,
	watched: StampedTask[],
	budget: PollBudget,
): Promise<TasksState> {
	const since = await newestCreation(dvs, budget);
	const marks: Record<string, CommentMark> = {};
	// Every watched task gets its starting point now, whatever the budget: one left without would
	// later be taken for a task that joined the filters, and its comments meanwhile lost.
	for (const task of [...watched].sort(byNumericId)) {
		budget.spend();
		const last = await unlessGone(ctx, async () => await lastCommentOf(dvs, task.taskId));
		if (last) marks[task.id] = last.mark;
	}
	return { since, updated: cursorAfterAll(watched.map(byUpdate)), marks };
}

async function sample(ctx: IPollFunctions, dvs: DvsService, watched: StampedTask[]): Promise<INodeExecutionData[][]> {
	const recent = [...watched].sort((a, b) => compareStamped(byUpdate(b), byUpdate(a))).slice(0, SAMPLED_TASKS);
	let newest: { task: StampedTask; item: INodeExecutionData; stamp: ReturnType<typeof stampComment> } | undefined;
	for (const task of recent) {
		const last = await unlessGone(ctx, async () => await lastCommentOf(dvs, task.taskId));
		if (!last?.comment) continue;
		const stamp = stampComment(last.mark[0], last.comment);
		if (!newest || compareStamped(stamp, newest.stamp) > 0) {
			newest = { task, item: commentItem(task.taskId, last.comment, task.task), stamp };
		}
	}
	if (!newest) {
		throw noSampleError(
			ctx,
			`No comment on the ${recent.length} most recently updated matching tasks`,
			'Comment on a task of the chosen project (matching the filters), then fetch a test event again.',
		);
	}
	return [[newest.item]];
}

/**
 * New Comment on the tasks of a project or matching filters. Each poll lists the watched
 * tasks, then reads the comments of: tasks left over last time, new tasks (all their comments
 * are new), tasks that joined the filters (read silently, to start after what they already
 * had), tasks updated since the last poll, and the next few in a round-robin. Comments are
 * emitted oldest first over all tasks; each task's mark moves only past what was emitted.
 */
export const pollNewCommentOnTasks: DvsEventPoll = async (ctx, dvs, settings, budget, repeats) => {
	const watched = await listTasks(dvs, settings.filters, 'newest', budget, MAX_WATCHED_TASKS);
	if (isManualPoll(ctx)) return await sample(ctx, dvs, watched);
	const target = new WatchedTarget(ctx, { event: 'newComment', filters: settings.filters });
	const saved = target.read();
	const state = saved ? stateOf(ctx, saved.version, saved.state) : undefined;
	if (!state) {
		target.start(await baseline(ctx, dvs, watched, budget));
		return null;
	}

	const { due, active, swept } = plan(state, watched, settings);
	const marks: Record<string, CommentMark> = {};
	for (const task of watched) if (state.marks[task.id]) marks[task.id] = state.marks[task.id];
	const checked = new Set<string>();
	const reads: TaskRead[] = [];
	for (const { task, check } of due) {
		if (!budget.take()) break;
		checked.add(task.id);
		if (check === 'baseline') {
			const last = await unlessGone(ctx, async () => await lastCommentOf(dvs, task.taskId));
			if (last) marks[task.id] = last.mark;
			continue;
		}
		const mark = marks[task.id] ?? [0, 0];
		const read = await unlessGone(
			ctx,
			async () => await readCommentsAfter(dvs, task.taskId, mark, settings.maxItemsPerPoll + repeats.size, budget),
		);
		if (read) reads.push({ task, mark, read });
	}

	const more = new Set<string>();
	const items = emit(reads, settings.maxItemsPerPoll, repeats, marks, more);
	for (const { task } of due) if (!checked.has(task.id) && marks[task.id]) more.add(task.id);
	const sweptRun = leading(swept, (task) => checked.has(task.id)).at(-1);
	const next: TasksState = {
		since: state.since,
		updated: advance(state.updated, leading(active, (task) => checked.has(task.id)).map(byUpdate)),
		sweep: sweptRun?.id ?? state.sweep,
		more: [...more],
		marks,
	};
	target.save(next);
	return pollOutput(items);
};
