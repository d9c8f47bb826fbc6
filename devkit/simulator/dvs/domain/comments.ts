import { orgMembers } from '../access';
import { badRequest } from '../errors';
import { formatDateTime, userDisplayName } from '../format';
import { commentOutput, escapeHtml } from '../html';
import { notifyChange } from '../notify';
import { rangedInt, type Params } from '../params';
import type { DvsComment, DvsDocument } from '../types';
import type { DvsActor } from './types';

const MENTION = /@\[USER:(\d+)\]/g;

export interface CommentView {
	id: number;
	html: string;
	date_created: string;
	author: { id: number; display_name: string; org_id: number; is_active: boolean } | null;
}

export interface CommentPage {
	items: CommentView[];
	total: number;
	limit: number;
	offset: number;
}

/** get_comments: oldest first, deleted ones omitted (and not counted); `limit` 1 to 200 (default 50), `offset` ≥ 0. */
export function listComments(actor: DvsActor, task: DvsDocument, params: Params): CommentPage {
	const limit = rangedInt(params, 'limit', 1, 200, 50);
	const offset = rangedInt(params, 'offset', 0, Number.MAX_SAFE_INTEGER, 0);
	const visible = actor.deps.store.comments(task.id);
	return {
		items: visible.slice(offset, offset + limit).map((comment) => {
			const author = actor.deps.accounts.get(comment.authorId);
			return {
				id: comment.id,
				html: commentOutput(comment.storedHtml),
				date_created: formatDateTime(comment.createdAt),
				author:
					author && author.orgId === actor.org.id
						? { id: author.id, display_name: userDisplayName(author), org_id: actor.org.id, is_active: author.active }
						: null,
			};
		}),
		total: visible.length,
		limit,
		offset,
	};
}

/**
 * add_comment: the trimmed text (non-empty; document 3 sets no maximum, the MCP tool's 20000
 * characters are its own) stored HTML-escaped;
 * `@[USER:id]` mentions of active organization users get the mention notification.
 */
export function addComment(actor: DvsActor, task: DvsDocument, raw: unknown): DvsComment {
	if (typeof raw !== 'string') throw badRequest('comment is required');
	const text = raw.trim();
	if (text === '') throw badRequest('comment is empty');

	const at = actor.now();
	const comment = actor.deps.store.insertComment({
		taskId: task.id,
		authorId: actor.account.id,
		storedHtml: escapeHtml(text),
		createdAt: at,
	});
	task.history.push({ kind: 'comment', at, actorId: actor.account.id, commentId: comment.id });
	notifyChange(actor, 'comment', task, { commentId: comment.id });

	const members = new Set(
		orgMembers(actor.deps.accounts, actor.org.id)
			.filter((a) => a.active)
			.map((a) => a.id),
	);
	const mentioned = [...new Set([...text.matchAll(MENTION)].map((m) => Number(m[1])))].filter((id) => members.has(id));
	if (mentioned.length > 0) {
		actor.deps.store.notify({
			kind: 'mention',
			orgId: actor.org.id,
			section: 'task',
			documentId: task.id,
			actorId: actor.account.id,
			userIds: mentioned,
			contactIds: [],
			at,
			commentId: comment.id,
		});
	}
	return comment;
}
