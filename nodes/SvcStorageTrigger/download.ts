import type { IBinaryData, IPollFunctions } from 'n8n-workflow';

import type { StorageService } from '../shared/services/storage/StorageService';
import { binaryFromStream } from '../shared/binary';
import { asNodeError, isGoneError } from '../shared/polling/errors';
import type { WatchedFile } from './watchedFiles';

/**
 * The file's bytes as n8n binary data, streamed to n8n's binary store. Undefined when the file
 * disappeared after it was listed (deleted or moved away): it is passed over, not retried.
 */
export async function downloadWatchedFile(
	ctx: IPollFunctions,
	backend: StorageService,
	file: WatchedFile,
): Promise<IBinaryData | undefined> {
	let download;
	try {
		download = await backend.downloadFile(file.id, 0);
	} catch (error) {
		if (!isGoneError(error) || (await stillExists(ctx, backend, file))) throw asNodeError(ctx.getNode(), error);
		return undefined;
	}
	const mimeType = download.contentType ?? (typeof file.entry.mime_type === 'string' ? file.entry.mime_type : undefined);
	return await binaryFromStream(ctx, download, download.fileName ?? file.name, mimeType, 0);
}

async function stillExists(ctx: IPollFunctions, backend: StorageService, file: WatchedFile): Promise<boolean> {
	try {
		await backend.getFileInfo(file.id, {}, 0);
		return true;
	} catch (error) {
		if (isGoneError(error)) return false;
		throw asNodeError(ctx.getNode(), error);
	}
}
