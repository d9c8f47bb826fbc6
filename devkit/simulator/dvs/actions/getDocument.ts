import { ok, type DvsActionHandler } from '../context';
import { documentView } from '../domain/documents';
import { requireDocument } from '../lookup';
import { requiredId } from '../params';

export const getDocument: DvsActionHandler = async (ctx) => {
	const doc = requireDocument(ctx, requiredId(ctx.params, 'dvs_document_id'));
	return ok(await documentView(ctx, doc));
};
