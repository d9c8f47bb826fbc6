import type { DvsContext } from './context';
import { notPermitted } from './errors';
import type { DvsDocument, DvsSection } from './types';

/** The addressed document of the caller's organization; unknown or foreign ids answer 405. */
export function requireDocument(ctx: DvsContext, id: number, section: DvsSection = ctx.section): DvsDocument {
	const doc = ctx.deps.store.document(ctx.org.id, section, id);
	if (!doc) throw notPermitted(`no ${section} ${id} in organization ${ctx.org.id}`);
	return doc;
}
