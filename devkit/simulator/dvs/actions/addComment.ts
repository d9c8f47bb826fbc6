import { ok, type DvsActionHandler } from '../context';
import { addComment as addTaskComment } from '../domain/comments';
import { requireDocument } from '../lookup';
import { requiredId } from '../params';

export const addComment: DvsActionHandler = (ctx) => {
	const task = requireDocument(ctx, requiredId(ctx.params, 'dvs_document_id'));
	addTaskComment(ctx, task, ctx.params.comment);
	return ok({ dvs_document_id: task.id });
};
