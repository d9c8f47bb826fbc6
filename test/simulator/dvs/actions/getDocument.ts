import { ok, type DvsActionHandler, type DvsContext } from '../context';
import { formatDocument } from '../format';
import { requireDocument } from '../lookup';
import { requiredId } from '../params';
import type { DvsDocument } from '../types';

/** The task's attachment folder, or null when it holds no files or the caller may not open it. */
async function visibleUploadHash(ctx: DvsContext, task: DvsDocument): Promise<string | null> {
	if (!task.uploadHash) return null;
	const names = await ctx.deps.attachments.listNames(task.uploadHash);
	if (names.length === 0) return null;
	return (await ctx.deps.attachments.canView(ctx.account.id, task.uploadHash)) ? task.uploadHash : null;
}

export const getDocument: DvsActionHandler = async (ctx) => {
	const doc = requireDocument(ctx, requiredId(ctx.params, 'dvs_document_id'));
	const uploadHash = doc.section === 'task' ? await visibleUploadHash(ctx, doc) : null;
	return ok(formatDocument(ctx.deps, ctx.org, doc, { full: true, uploadHash }));
};
