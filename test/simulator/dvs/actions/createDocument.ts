import { ok, type DvsActionHandler } from '../context';
import { DvsError } from '../errors';
import { notifyChange } from '../notify';
import { requiredObject } from '../params';
import { validateCreate } from '../validate';
import type { DvsValue } from '../types';

const ARRAY_TYPES = new Set(['dropdown_ids', 'relation_ids', 'user_ids']);

export const createDocument: DvsActionHandler = (ctx) => {
	const input = requiredObject(ctx.params, 'create_params');
	const values = validateCreate({ ...ctx.deps, org: ctx.org, section: ctx.section }, input);
	const partial = ctx.fault?.kind === 'partialWrite';
	const written: Record<string, DvsValue> = { ...values };
	// partialWrite: the document row lands, the relation rows (array fields) do not.
	const skipped = ctx.org.fields[ctx.section].filter((f) => ARRAY_TYPES.has(f.type)).map((f) => f.name);
	if (partial) for (const name of skipped) written[name] = [];

	const doc = ctx.deps.store.insertDocument(ctx.org.id, ctx.section, {
		values: written,
		creatorId: ctx.account.id,
		createdAt: ctx.now(),
	});
	doc.history.push({ kind: 'create', at: doc.createdAt, actorId: ctx.account.id, fields: Object.keys(written) });
	if (partial) throw new DvsError(500, `partial write: ${skipped.join(', ')} not saved`);
	notifyChange(ctx, 'create', doc);
	return ok({ dvs_document_id: doc.id });
};
