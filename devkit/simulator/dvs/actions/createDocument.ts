import { ok, type DvsActionHandler } from '../context';
import { createDocument as create } from '../domain/writes';
import { requiredObject } from '../params';

export const createDocument: DvsActionHandler = (ctx) => {
	const input = requiredObject(ctx.params, 'create_params');
	const doc = create(ctx, ctx.section, input, {
		partialWrite: ctx.fault?.kind === 'partialWrite' ? { status: ctx.fault.status ?? 500 } : undefined,
	});
	return ok({ dvs_document_id: doc.id });
};
