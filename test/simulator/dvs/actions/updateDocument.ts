import { ok, type DvsActionHandler } from '../context';
import { DvsError } from '../errors';
import { requireDocument } from '../lookup';
import { notifyChange } from '../notify';
import { requiredId, requiredObject } from '../params';
import { validateUpdate } from '../validate';

export const updateDocument: DvsActionHandler = (ctx) => {
	const doc = requireDocument(ctx, requiredId(ctx.params, 'dvs_document_id'));
	const input = requiredObject(ctx.params, 'update_params');
	const changes = validateUpdate({ ...ctx.deps, org: ctx.org, section: ctx.section }, doc, input);
	const names = Object.keys(changes);
	// Nothing known to change: a no-op without date_updated, history or notification (README).
	if (names.length === 0) return ok({ dvs_document_id: doc.id });

	const partial = ctx.fault?.kind === 'partialWrite';
	const applied = partial ? names.filter((name) => !Array.isArray(changes[name])) : names;
	for (const name of applied) doc.values[name] = changes[name];
	doc.updatedAt = ctx.now();
	doc.history.push({ kind: 'update', at: doc.updatedAt, actorId: ctx.account.id, fields: applied });
	if (partial) throw new DvsError(500, 'partial write: array fields not saved');
	notifyChange(ctx, 'update', doc);
	return ok({ dvs_document_id: doc.id });
};
