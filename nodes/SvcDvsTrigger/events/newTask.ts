import type { INodeExecutionData, IPollFunctions } from 'n8n-workflow';

import type { DvsService } from '../../shared/services/dvs/DvsService';
import type { PollBudget } from '../../shared/polling/budget';
import type { Cursor } from '../../shared/polling/cursor';
import { advance, aheadOf, compareStamps, isAhead } from '../../shared/polling/cursor';
import { isManualPoll, noSampleError } from '../../shared/polling/manual';
import { pollOutput } from '../../shared/polling/output';
import { fingerprintOf, readPollState, writePollState } from '../../shared/polling/state';
import type { DvsTriggerSettings } from '../settings';
import { stampTask } from '../stamps';
import { newestTaskCursor, scanTasksNewestFirst } from '../taskList';

interface NewTaskState {
	/** Creation second and ids of the newest tasks passed; absent while no task matched. */
	cursor?: Cursor;
}

async function sample(ctx: IPollFunctions, backend: DvsService, settings: DvsTriggerSettings): Promise<INodeExecutionData[][]> {
	const page = await backend.listDocuments('task', { limit: 1, offset: 0, order: 'newest', filters: settings.filters }, 0);
	const task = page.items.map(stampTask).find((entry) => entry !== undefined);
	if (!task) {
		throw noSampleError(
			ctx,
			'No task matches the trigger yet',
			'Create a task in the chosen project (matching the filters), or widen the filters, then fetch a test event again.',
		);
	}
	return [[{ json: task.task }]];
}

/**
 * New Task: pages through the matching tasks newest first until it reaches the cursor (one
 * small page when nothing is new), then emits the new ones oldest first, up to the per-poll
 * maximum, moving the cursor past exactly those. The first poll only places the cursor.
 */
export async function pollNewTask(
	ctx: IPollFunctions,
	backend: DvsService,
	settings: DvsTriggerSettings,
	budget: PollBudget,
): Promise<INodeExecutionData[][] | null> {
	if (isManualPoll(ctx)) return await sample(ctx, backend, settings);
	const fingerprint = fingerprintOf({ event: 'newTask', filters: settings.filters });
	const state = readPollState<NewTaskState>(ctx, fingerprint);
	if (!state) {
		const cursor = await newestTaskCursor(ctx, backend, settings.filters, budget);
		writePollState(ctx, fingerprint, { cursor } satisfies NewTaskState);
		return null;
	}
	const { cursor } = state;
	const scanned = await scanTasksNewestFirst(
		ctx,
		backend,
		settings.filters,
		(task) => cursor !== undefined && !isAhead(cursor, task) && compareStamps(task.at, cursor.at) < 0,
		budget,
	);
	const batch = aheadOf(cursor, scanned).slice(0, settings.maxItemsPerPoll);
	writePollState(ctx, fingerprint, { cursor: advance(cursor, batch) } satisfies NewTaskState);
	return pollOutput(batch.map((task) => ({ json: task.task })));
}
