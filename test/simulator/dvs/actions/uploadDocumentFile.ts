import { ok, type DvsActionHandler } from '../context';
import { badRequest } from '../errors';
import { requireDocument } from '../lookup';
import { notifyChange } from '../notify';

export const uploadDocumentFile: DvsActionHandler = async (ctx) => {
	const field = ctx.params.dvs_document_id;
	const rawId = typeof field === 'number' ? String(field) : field;
	if (typeof rawId !== 'string' || !/^[1-9]\d{0,15}$/.test(rawId.trim())) throw badRequest('dvs_document_id must be a positive integer');
	const task = requireDocument(ctx, Number(rawId.trim()));
	if (ctx.files.length !== 1) throw badRequest(`exactly one file expected, got ${ctx.files.length}`);
	const [file] = ctx.files;
	if (file.field !== 'file') throw badRequest(`the file must be sent in the field "file", not "${file.field}"`);
	if (file.content.length === 0 || file.fileName.trim() === '') throw badRequest('the file is empty or has no name');

	const { attachments } = ctx.deps;
	if (!task.uploadHash) task.uploadHash = (await attachments.ensureTaskFolder(ctx.org.attachmentOwnerId, task.id)).uploadHash;
	const saved = await attachments.addFile(task.uploadHash, file.fileName, file.content, file.mimeType, ctx.account.id);
	if (!saved.ok) return ok({ success: false, error_code: saved.errorCode, error_message: saved.errorMessage });

	task.history.push({ kind: 'upload', at: ctx.now(), actorId: ctx.account.id, fileName: saved.fileName, fileHash: saved.fileHash });
	notifyChange(ctx, 'upload', task, { fileHash: saved.fileHash });
	return ok({ file_hash: saved.fileHash, upload_hash: task.uploadHash });
};
