import { identify } from '../auth';
import type { StorageActions } from '../context';
import { fail, notPermitted, ok } from '../http';
import { normalizeName } from '../names';
import { containsVirus, hasDoubleExtension, readWatermark } from '../uploadPolicy';

/**
 * upload_file. Checks run in this order: body complete (494) and well formed (400),
 * authentication or folder_upload_key (400/401), target folder (400/405, ROOT 405),
 * exactly one `file` part and watermark fields (400), file size (493), folder size (492),
 * double extension (491), virus (490).
 */
export const uploadActions: StorageActions = {
	upload_file(call) {
		const multipart = call.multipart;
		if (multipart && !multipart.wellFormed) return fail(400, 'malformed multipart body');
		if (multipart && !multipart.complete) return fail(494, 'partial upload: the full file was not received');

		const { storage, limits } = call.services;
		const identification = identify(call);
		if (identification.status === 'rejected') return identification.response;
		const folderHash = call.params.text('folder_hash');
		const folder = folderHash ? storage.getFolder(folderHash) : undefined;
		const uploadKey = call.params.text('folder_upload_key');
		let actorId: number | null;
		if (uploadKey !== undefined && folder && uploadKey === folder.uploadKey) {
			if (identification.status === 'absent') call.auth = 'uploadKey';
			actorId = identification.status === 'identified' ? identification.caller.account.id : null;
		} else if (identification.status === 'identified') {
			if (!folderHash) return fail(400, 'folder_hash is required');
			if (!folder || folder.ownerId !== identification.caller.account.id) return notPermitted();
			actorId = identification.caller.account.id;
		} else {
			return fail(401, 'authentication or a valid folder_upload_key is required');
		}
		if (!folder) return notPermitted();
		if (folder.isRoot) return notPermitted();

		const fileParts = multipart?.files.filter((part) => part.fieldName === 'file') ?? [];
		if (fileParts.length !== 1 || !multipart || multipart.files.length !== 1) {
			return fail(400, 'send exactly one file in the field "file"');
		}
		const part = fileParts[0];
		if (part.fileName === '' && part.size === 0) return fail(400, 'the file field is empty');
		const fileName = normalizeName(part.fileName, 'file');
		const watermark = readWatermark(call.params, fileName);
		if ('error' in watermark) return fail(400, watermark.error);

		if (part.size > limits.maxFileBytes) return fail(493, 'file size limit exceeded');
		if (storage.folderSize(folder.hash) + part.size > limits.maxFolderBytes)
			return fail(492, 'folder size limit exceeded');
		if (hasDoubleExtension(fileName)) return fail(491, 'file name has a double extension');
		if (containsVirus(part.content)) return fail(490, 'virus detected, file not stored');

		const stored = storage.addFile(actorId, folder.hash, fileName, part.content, { watermark: watermark.watermark });
		return ok({
			file_hash: stored.hash,
			file_delete_key: stored.deleteKey,
			file_name: stored.name,
			timestamp_uploaded: stored.uploadedAt,
			timestamp_last_modified: stored.modifiedAt,
			folder_hash: stored.folderHash,
			size: stored.size,
		});
	},
};
