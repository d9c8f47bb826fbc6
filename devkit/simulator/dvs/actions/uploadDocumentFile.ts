import { ok, type DvsActionHandler } from '../context';
import { attachFile } from '../domain/attachments';
import { badRequest } from '../errors';
import { requireDocument } from '../lookup';

export const uploadDocumentFile: DvsActionHandler = async (ctx) => {
	const field = ctx.params.dvs_document_id;
	const rawId = typeof field === 'number' ? String(field) : field;
	if (typeof rawId !== 'string' || !/^[1-9]\d{0,15}$/.test(rawId.trim()))
		throw badRequest('dvs_document_id must be a positive integer');
	const task = requireDocument(ctx, Number(rawId.trim()));
	if (ctx.files.length !== 1) throw badRequest(`exactly one file expected, got ${ctx.files.length}`);
	const [file] = ctx.files;
	if (file.field !== 'file') throw badRequest(`the file must be sent in the field "file", not "${file.field}"`);

	const saved = await attachFile(ctx, task, file, { onNameTaken: 'number' });
	if (!saved.ok) return ok({ success: false, error_code: saved.errorCode, error_message: saved.errorMessage });
	return ok({ file_hash: saved.fileHash, upload_hash: saved.uploadHash });
};
