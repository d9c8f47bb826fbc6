import { badRequest } from '../errors';
import { notifyChange } from '../notify';
import type { AddFileResult } from '../ports';
import type { DvsDocument } from '../types';
import { chain, type DvsActor, type MaybePromise } from './types';

export interface AttachmentInput {
	fileName: string;
	content: Buffer;
	mimeType: string;
}

export interface AttachOptions {
	/**
	 * `number` (document 3's upload_document_file): an existing name gives the new file a
	 * numbered name. `fail` (document 2's svc_dvs_upload_file): `name_conflict`, nothing saved.
	 */
	onNameTaken: 'number' | 'fail';
}

export type AttachOutcome =
	| (Extract<AddFileResult, { ok: true }> & { uploadHash: string })
	| Extract<AddFileResult, { ok: false }>
	| { ok: false; errorCode: 'name_conflict'; errorMessage: string };

/** Names are compared like sibling names in storage: Unicode NFC, case-insensitive. */
const nameKey = (name: string) => name.normalize('NFC').toLowerCase();

/**
 * Attaches one file to a task: a non-empty file with a name (400), the attachment folder
 * created in the organization's attachment owner's account on the first attempt (kept even
 * if the save fails), the save (failures are results: `file_too_large`, `quota_exceeded`,
 * `virus_detected`, and with `fail` also `name_conflict`), then the task history entry and
 * the upload notification. `date_updated` does not change.
 */
export function attachFile(
	actor: DvsActor,
	task: DvsDocument,
	file: AttachmentInput,
	options: AttachOptions,
): MaybePromise<AttachOutcome> {
	if (file.content.length === 0 || file.fileName.trim() === '') throw badRequest('the file is empty or has no name');
	const { attachments } = actor.deps;
	const folder: MaybePromise<string> = task.uploadHash
		? task.uploadHash
		: chain(
				attachments.ensureTaskFolder(actor.org.attachmentOwnerId, task.id),
				({ uploadHash }) => (task.uploadHash = uploadHash),
			);

	const save = (uploadHash: string): MaybePromise<AttachOutcome> =>
		chain(
			attachments.addFile(uploadHash, file.fileName, file.content, file.mimeType, actor.account.id),
			(saved): AttachOutcome => {
				if (!saved.ok) return saved;
				task.history.push({
					kind: 'upload',
					at: actor.now(),
					actorId: actor.account.id,
					fileName: saved.fileName,
					fileHash: saved.fileHash,
				});
				notifyChange(actor, 'upload', task, { fileHash: saved.fileHash });
				return { ...saved, uploadHash };
			},
		);

	return chain(folder, (uploadHash) => {
		if (options.onNameTaken === 'number') return save(uploadHash);
		return chain(attachments.listNames(uploadHash), (names): MaybePromise<AttachOutcome> => {
			const wanted = nameKey(file.fileName.trim());
			if (names.some((name) => nameKey(name) === wanted)) {
				return {
					ok: false,
					errorCode: 'name_conflict',
					errorMessage: `An attachment named "${file.fileName.trim()}" already exists on the task`,
				};
			}
			return save(uploadHash);
		});
	});
}
