import { createHash } from 'crypto';

import { compareStamped } from '../../shared/polling/cursor';
import { isManualPoll, noSampleError } from '../../shared/polling/manual';
import { pollOutput } from '../../shared/polling/output';
import { SeenRecord } from '../../shared/polling/record';
import { upToNew } from '../../shared/polling/emission';
import { unreadableState, WatchedTarget } from '../../shared/polling/watchedTarget';
import { taskItem } from '../commentItems';
import type { DvsEventPoll } from '../settings';
import type { StampedTask } from '../stamps';
import { dvsSeconds } from '../stamps';
import { listTasks } from '../taskList';

interface TaskUpdatedState {
	/** Each matching task's last-update second (SeenRecord with stamps, encoded). */
	updated: string;
	/** With "Only When These Fields Change": a 40-bit digest of those fields' values per task. */
	fields?: string;
}

const keyOf = (task: StampedTask) => SeenRecord.keyOf('task', task.id);
const eventIdOf = (task: StampedTask) => String(taskItem('taskUpdated', task.task).json.event_id);

/** The watched fields' values as one number (40 bits of SHA-256), to notice that one of them changed. */
function fieldsDigest(task: StampedTask, fields: string[]): number {
	const values = fields.map((name) => task.task[name] ?? null);
	return parseInt(createHash('sha256').update(JSON.stringify(values)).digest('hex').slice(0, 10), 16);
}

function records(tasks: StampedTask[], fields: string[]): { updated: SeenRecord; digests?: SeenRecord } {
	const updated = new SeenRecord(true);
	const digests = fields.length ? new SeenRecord(true) : undefined;
	for (const task of tasks) {
		updated.set(keyOf(task), dvsSeconds(task.updated));
		digests?.set(keyOf(task), fieldsDigest(task, fields));
	}
	return { updated, digests };
}

function encoded({ updated, digests }: { updated: SeenRecord; digests?: SeenRecord }): TaskUpdatedState {
	return digests ? { updated: updated.encode(), fields: digests.encode() } : { updated: updated.encode() };
}

/**
 * Task Updated: lists the matching tasks (one request per 200) and emits those whose last-update
 * time moved since they were seen, oldest update first, at most "Max Items per Poll" a poll (the
 * rest stay due). With a field list, a change elsewhere is recorded without an item. New tasks are
 * recorded, not emitted; tasks no longer listed are forgotten.
 */
export const pollTaskUpdated: DvsEventPoll = async (ctx, dvs, settings, budget, repeats) => {
	const tasks = await listTasks(dvs, settings.filters, 'oldest', budget);
	const byUpdate = (a: StampedTask, b: StampedTask) =>
		compareStamped({ at: a.updated, id: a.id }, { at: b.updated, id: b.id });
	if (isManualPoll(ctx)) {
		const newest = [...tasks].sort(byUpdate).at(-1);
		if (!newest)
			throw noSampleError(
				ctx,
				'No task matches the trigger yet',
				'Create or change a task in the chosen project (matching the filters), then fetch a test event again.',
			);
		return [[taskItem('taskUpdated', newest.task)]];
	}
	const target = new WatchedTarget(ctx, {
		event: 'taskUpdated',
		filters: settings.filters,
		fields: settings.watchedFields,
	});
	const saved = target.read();
	const watchingFields = settings.watchedFields.length > 0;
	const updated = saved ? SeenRecord.decode(saved.state.updated, true) : undefined;
	const digests = saved && watchingFields ? SeenRecord.decode(saved.state.fields, true) : undefined;
	if (!saved || !updated || (watchingFields && !digests)) {
		if (saved) unreadableState(ctx, 'it is damaged');
		target.start(encoded(records(tasks, settings.watchedFields)));
		return null;
	}
	const present = new Set(tasks.map(keyOf));
	const next = { updated: updated.keepOnly(present), digests: digests?.keepOnly(present) };
	const due: StampedTask[] = [];
	for (const task of tasks) {
		const key = keyOf(task);
		const second = dvsSeconds(task.updated);
		if (!updated.has(key)) {
			next.updated.set(key, second);
			next.digests?.set(key, fieldsDigest(task, settings.watchedFields));
			continue;
		}
		if (updated.stampOf(key) === second) continue;
		if (next.digests && next.digests.stampOf(key) === fieldsDigest(task, settings.watchedFields)) {
			next.updated.set(key, second);
			continue;
		}
		due.push(task);
	}
	const batch = upToNew(due.sort(byUpdate), settings.maxItemsPerPoll, repeats, eventIdOf);
	for (const task of batch) {
		next.updated.set(keyOf(task), dvsSeconds(task.updated));
		next.digests?.set(keyOf(task), fieldsDigest(task, settings.watchedFields));
	}
	target.save(encoded(next));
	return pollOutput(batch.map((task) => taskItem('taskUpdated', task.task)));
};
