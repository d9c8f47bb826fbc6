import { ok, type DvsActionHandler } from '../context';
import { listDocuments } from '../domain/documents';

export { MAX_LIST_LIMIT } from '../domain/documents';

export const getDocuments: DvsActionHandler = (ctx) => ok(listDocuments(ctx, ctx.section, ctx.params));
