import { ok, type DvsActionHandler } from '../context';
import { formatDateTime, userDisplayName } from '../format';
import { commentOutput } from '../html';
import { requireDocument } from '../lookup';
import { rangedInt, requiredId } from '../params';

export const getComments: DvsActionHandler = (ctx) => {
	const task = requireDocument(ctx, requiredId(ctx.params, 'dvs_document_id'));
	const limit = rangedInt(ctx.params, 'limit', 1, 200, 50);
	const offset = rangedInt(ctx.params, 'offset', 0, Number.MAX_SAFE_INTEGER, 0);
	const visible = ctx.deps.store.comments(task.id);
	return ok({
		items: visible.slice(offset, offset + limit).map((comment) => {
			const author = ctx.deps.accounts.get(comment.authorId);
			return {
				id: comment.id,
				html: commentOutput(comment.storedHtml),
				date_created: formatDateTime(comment.createdAt),
				author:
					author && author.orgId === ctx.org.id
						? { id: author.id, display_name: userDisplayName(author), org_id: ctx.org.id, is_active: author.active }
						: null,
			};
		}),
		total: visible.length,
		limit,
		offset,
	});
};
