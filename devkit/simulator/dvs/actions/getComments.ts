import { ok, type DvsActionHandler } from '../context';
import { listComments } from '../domain/comments';
import { requireDocument } from '../lookup';
import { requiredId } from '../params';

export const getComments: DvsActionHandler = (ctx) => {
	const task = requireDocument(ctx, requiredId(ctx.params, 'dvs_document_id'));
	return ok(listComments(ctx, task, ctx.params));
};
