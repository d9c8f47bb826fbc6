import { ok, type DvsActionHandler } from '../context';
import { updateDocument as update } from '../domain/writes';
import { requireDocument } from '../lookup';
import { requiredId, requiredObject } from '../params';

export const updateDocument: DvsActionHandler = (ctx) => {
	const doc = requireDocument(ctx, requiredId(ctx.params, 'dvs_document_id'));
	const input = requiredObject(ctx.params, 'update_params');
	update(ctx, doc, input, {
		partialWrite: ctx.fault?.kind === 'partialWrite' ? { status: ctx.fault.status ?? 500 } : undefined,
	});
	return ok({ dvs_document_id: doc.id });
};
