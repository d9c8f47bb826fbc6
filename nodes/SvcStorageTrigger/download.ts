import type { IBinaryData, IPollFunctions } from 'n8n-workflow';

import type { StorageService } from '../shared/services/storage/StorageService';
import { binaryFromStream } from '../shared/execution/binary';
import { asNodeError, isGoneError } from '../shared/polling/errors';
import type { WatchedEntry } from './watchedTree';

export type DownloadResult =
	| { kind: 'binary'; binary: IBinaryData }
	/** Deleted or moved away after it was listed: passed over. */
	| { kind: 'gone' }
	/** Could not be read now (service error, timeout, cut body): the trigger's option decides. */
	| { kind: 'failed'; message: string };

/** The file's bytes as n8n binary data, streamed to n8n's binary store; never throws for one file. */
export async function downloadWatchedFile(
	ctx: IPollFunctions,
	storage: StorageService,
	file: WatchedEntry,
): Promise<DownloadResult> {
	try {
		const download = await storage.downloadFile(file.id, 0);
		const mimeType =
			download.contentType ?? (typeof file.entry.mime_type === 'string' ? file.entry.mime_type : undefined);
		return {
			kind: 'binary',
			binary: await binaryFromStream(ctx, download, download.fileName ?? file.name, mimeType, 0),
		};
	} catch (error) {
		if (isGoneError(error) && !(await stillExists(storage, file))) return { kind: 'gone' };
		return { kind: 'failed', message: asNodeError(ctx.getNode(), error).message };
	}
}

async function stillExists(storage: StorageService, file: WatchedEntry): Promise<boolean> {
	try {
		await storage.getFileInfo(file.id, {}, 0);
		return true;
	} catch (error) {
		return !isGoneError(error);
	}
}
