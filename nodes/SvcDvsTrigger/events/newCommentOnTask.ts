import type { INodeExecutionData, IPollFunctions } from 'n8n-workflow';

import type { DvsService } from '../../shared/services/dvs/DvsService';
import type { PollBudget } from '../../shared/polling/budget';
import { asNodeError, isGoneError, watchedTargetError } from '../../shared/polling/errors';
import { isManualPoll, noSampleError } from '../../shared/polling/manual';
import { pollOutput } from '../../shared/polling/output';
import { type Repeats, upToNew } from '../../shared/polling/emission';
import { unreadableState, WatchedTarget } from '../../shared/polling/watchedTarget';
import { commentItem } from '../commentItems';
import type { CommentMark } from '../comments';
import { lastCommentOf, readCommentsAfter } from '../comments';
import type { DvsEventPoll, DvsTriggerSettings } from '../settings';

interface OneTaskState {
	mark: CommentMark;
}

/** The same layout in versions 1 and 2. */
export function isMark(value: unknown): value is CommentMark {
	return Array.isArray(value) && value.length === 2 && value.every((part) => Number.isInteger(part) && part >= 0);
}

async function poll(
	ctx: IPollFunctions,
	dvs: DvsService,
	taskId: number,
	settings: DvsTriggerSettings,
	budget: PollBudget,
	repeats: Repeats,
): Promise<INodeExecutionData[][] | null> {
	if (isManualPoll(ctx)) {
		const { comment } = await lastCommentOf(dvs, taskId);
		if (!comment) {
			throw noSampleError(
				ctx,
				`Task ${taskId} has no comment yet`,
				'Add a comment to the task, then fetch a test event again.',
			);
		}
		return [[commentItem(taskId, comment)]];
	}
	const target = new WatchedTarget(ctx, { event: 'newComment', task: taskId });
	const saved = target.read();
	const state =
		saved && isMark(saved.state.mark)
			? (saved.state as unknown as OneTaskState)
			: saved
				? unreadableState(ctx, 'it is damaged')
				: undefined;
	if (!state) {
		target.start({ mark: (await lastCommentOf(dvs, taskId)).mark } satisfies OneTaskState);
		return null;
	}
	budget.spend();
	const max = settings.maxItemsPerPoll;
	const read = await readCommentsAfter(dvs, taskId, state.mark, max + repeats.size, budget);
	const batch = upToNew(read.fresh, max, repeats, (fresh) => String(commentItem(taskId, fresh.comment).json.event_id));
	const last = batch.at(-1);
	const mark: CommentMark = last ? [last.id, last.index + 1] : [state.mark[0], read.seen];
	target.save({ mark } satisfies OneTaskState);
	return pollOutput(batch.map((fresh) => commentItem(taskId, fresh.comment)));
}

/**
 * New Comment on one task: reads the task's comments from just before the last one passed
 * (one request when nothing is new) and emits the newer ones in id order. A task that cannot
 * be read any more (deleted, or access lost) is the user's to fix.
 */
export const pollNewCommentOnTask: DvsEventPoll = async (ctx, dvs, settings, budget, repeats) => {
	const taskId = settings.taskId as number;
	try {
		return await poll(ctx, dvs, taskId, settings, budget, repeats);
	} catch (error) {
		if (!isGoneError(error)) throw asNodeError(ctx.getNode(), error);
		throw watchedTargetError(
			ctx.getNode(),
			error,
			`The watched task ${taskId} can no longer be read (${error.httpCode})`,
			'It may have been removed, or the account may have lost its permission on tasks and projects. ' +
				'Choose the task again, or check the Svc DVS API credential.',
		);
	}
};
