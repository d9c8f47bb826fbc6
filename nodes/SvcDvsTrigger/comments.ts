import type { IDataObject } from 'n8n-workflow';

import type { DvsService } from '../shared/services/dvs/DvsService';
import type { PollBudget } from '../shared/polling/budget';
import { dvsId } from './stamps';

/** Comments per get_comments request while catching up. */
const COMMENT_PAGE = 100;

/**
 * Where a task's comments were left: the id of the last comment passed (comments are sorted by
 * id, so every later one has a higher id, even when that one is deleted meanwhile) and how many
 * comments stood up to it, a hint to start reading near the end instead of at the start.
 */
export type CommentMark = [lastId: number, seen: number];

export interface FreshComment {
	id: number;
	comment: IDataObject;
	/** Position in the task's comment list when read, for the next poll's hint. */
	index: number;
}

export interface CommentRead {
	fresh: FreshComment[];
	/** False when reading stopped (budget, maximum) before the end of the list. */
	complete: boolean;
	/** Comments up to and including the mark, as seen in this read. */
	seen: number;
}

/**
 * The comments after the mark, in id order. Reading starts one before the hinted position: if
 * that comment is not older than the mark (older comments were deleted since, shifting the
 * list), the start may have moved past new comments, so it reads again from the beginning.
 * When the task has no new comment this is one request.
 */
export async function readCommentsAfter(
	dvs: DvsService,
	taskId: number,
	mark: CommentMark,
	max: number,
	budget: PollBudget,
): Promise<CommentRead> {
	const [lastId, hint] = mark;
	let offset = Math.max(0, hint - 1);
	let fresh: FreshComment[] = [];
	let seen = 0;
	for (let first = true; ; first = false) {
		const page = await dvs.getComments(taskId, { limit: COMMENT_PAGE, offset }, 0);
		const ids = page.items.map((item) => dvsId(item.id));
		if (first && offset > 0 && (page.items.length === 0 ? page.total > 0 : (ids[0] ?? Infinity) > lastId)) {
			offset = 0;
			fresh = [];
			if (!budget.take()) return { fresh, complete: false, seen: 0 };
			continue;
		}
		page.items.forEach((comment, position) => {
			const id = ids[position];
			if (id === undefined) return;
			if (id > lastId) fresh.push({ id, comment, index: offset + position });
			else seen = offset + position + 1;
		});
		offset += page.items.length;
		if (page.items.length === 0 || offset >= page.total) return { fresh, complete: true, seen };
		if (fresh.length >= max || !budget.take()) return { fresh, complete: false, seen };
	}
}

/** The task's newest comment and how many it has: one request, two when it has several. */
export async function lastCommentOf(
	dvs: DvsService,
	taskId: number,
): Promise<{ comment?: IDataObject; mark: CommentMark }> {
	const head = await dvs.getComments(taskId, { limit: 1, offset: 0 }, 0);
	if (head.total <= 0 || head.items.length === 0) return { mark: [0, 0] };
	const tail = head.total === 1 ? head : await dvs.getComments(taskId, { limit: 1, offset: head.total - 1 }, 0);
	const comment = tail.items[0] ?? head.items[0];
	return { comment, mark: [dvsId(comment.id) ?? 0, head.total] };
}
