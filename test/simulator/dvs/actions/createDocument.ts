import { ok, type DvsActionHandler } from '../context';
import { createDocument as create } from '../domain/writes';
import { requiredObject } from '../params';

export const createDocument: DvsActionHandler = (ctx) => {
	const input = requiredObject(ctx.params, 'create_params');
	const doc = create(ctx, ctx.section, input, { partialWrite: ctx.fault?.kind === 'partialWrite' });
	return ok({ dvs_document_id: doc.id });
};
