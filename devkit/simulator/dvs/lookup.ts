import type { DvsContext } from './context';
import { findDocument } from './domain/documents';
import type { DvsDocument, DvsSection } from './types';

/** The addressed document of the caller's organization; unknown or foreign ids answer 405. */
export function requireDocument(ctx: DvsContext, id: number, section: DvsSection = ctx.section): DvsDocument {
	return findDocument(ctx, section, id);
}
