import { orgMembers } from '../access';
import { ok, type DvsActionHandler } from '../context';
import { badRequest } from '../errors';
import { escapeHtml } from '../html';
import { requireDocument } from '../lookup';
import { notifyChange } from '../notify';
import { requiredId } from '../params';

/** Document 3 sets no maximum; the MCP tool caps comments at 20000 characters, and so does this simulator. */
export const MAX_COMMENT_LENGTH = 20000;

const MENTION = /@\[USER:(\d+)\]/g;

export const addComment: DvsActionHandler = (ctx) => {
	const task = requireDocument(ctx, requiredId(ctx.params, 'dvs_document_id'));
	const raw = ctx.params.comment;
	if (typeof raw !== 'string') throw badRequest('comment is required');
	const text = raw.trim();
	if (text === '') throw badRequest('comment is empty');
	if ([...text].length > MAX_COMMENT_LENGTH) throw badRequest(`comment is longer than ${MAX_COMMENT_LENGTH} characters`);

	const at = ctx.now();
	const comment = ctx.deps.store.insertComment({ taskId: task.id, authorId: ctx.account.id, storedHtml: escapeHtml(text), createdAt: at });
	task.history.push({ kind: 'comment', at, actorId: ctx.account.id, commentId: comment.id });
	notifyChange(ctx, 'comment', task, { commentId: comment.id });

	const members = new Set(orgMembers(ctx.deps.accounts, ctx.org.id).filter((a) => a.active).map((a) => a.id));
	const mentioned = [...new Set([...text.matchAll(MENTION)].map((m) => Number(m[1])))].filter((id) => members.has(id));
	if (mentioned.length > 0) {
		ctx.deps.store.notify({
			kind: 'mention',
			orgId: ctx.org.id,
			section: 'task',
			documentId: task.id,
			actorId: ctx.account.id,
			userIds: mentioned,
			contactIds: [],
			at,
			commentId: comment.id,
		});
	}
	return ok({ dvs_document_id: task.id });
};
