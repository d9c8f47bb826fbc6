import type { IDataObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import type { SentWrite, UncertainWrite } from '../exactlyOnce/uncertainWrite';
import type { Holds } from '../exactlyOnce/evidence';
import { entryHash, entryName, entrySize } from '../../adapters/storage/entryFields';
import type { UploadSource } from '../../adapters/storage/port';
import type { DvsUploadResult } from '../../adapters/dvs/port';
import { sendOnListing, writtenEntry } from '../storage/readBack';
import { holdsBytes, sentBytes } from '../storage/content';
import { writtenBy, type ReadBackScope } from './readBack';

/**
 * upload_document_file: a file in the task's attachment folder, named like ours (the service numbers a taken name),
 * holding the bytes sent (read only after an unknown outcome, and only where the size fits), and nothing the
 * service shows ruling it out (storage/readBack.ts `writtenEntry`).
 */
export function uploadAttachmentWrite(
	scope: ReadBackScope,
	taskId: number,
	source: UploadSource,
	write: (leaving?: () => void) => Promise<DvsUploadResult>,
): UncertainWrite<DvsUploadResult> {
	const { reader, itemIndex, records, clock } = scope;
	const what = { kind: 'file' as const, name: source.fileName, size: source.size };
	const sent = sentBytes(source);
	const holds = async (entry: IDataObject): Promise<Holds> => {
		const size = entrySize(entry);
		if (size !== undefined && size !== source.size) return 'something else';
		const stored = await reader.downloadAttachment(entryHash(entry) as string, taskId, itemIndex);
		return (await holdsBytes(stored, sent)) ? 'what was sent' : 'something else';
	};
	const writtenIn = async (
		folder: { uploadHash: string | null; entries: IDataObject[] },
		sent: SentWrite,
	): Promise<DvsUploadResult | undefined> => {
		const send = sendOnListing(clock, sent.at, undefined);
		const written = await writtenEntry(folder.entries, what, { send, others: writtenBy(records), holds });
		if (written === undefined || folder.uploadHash === null) return undefined;
		return {
			file_hash: entryHash(written) as string,
			upload_hash: folder.uploadHash,
			file_name: entryName(written) ?? source.fileName,
		};
	};
	return {
		subject: `the attachment "${source.fileName}" on task ${taskId}`,
		identity: { write: 'attachment', taskId, name: source.fileName, size: source.size ?? null },
		locate: { taskId },
		write,
		findWritten: async (sent) => {
			const folder = await reader.attachmentFolder(taskId, itemIndex);
			if (folder.uploadHash === null) {
				// No folder shown: either nothing written or the account may not open it; a retry could duplicate.
				throw new Error(`task ${taskId} shows no attachment folder to check`);
			}
			return await writtenIn(folder, sent);
		},
		objectOf: (result) => ({ id: result.file_hash, name: result.file_name ?? source.fileName }),
		readBack: async (object) => {
			const folder = await reader.attachmentFolder(taskId, itemIndex);
			const entry = folder.entries.find((candidate) => entryHash(candidate) === object.id);
			if (!entry || folder.uploadHash === null) return undefined;
			return { file_hash: String(object.id), upload_hash: folder.uploadHash, file_name: entryName(entry) };
		},
		// The DVS API: a file the service could not save is a 200 with success false. Trusted only
		// after a look: a file of ours that is there after all is the result.
		afterRefusal: {
			applies: (error) => error instanceof NodeApiError && String(error.httpCode) === '200',
			check: async (sent) => {
				const written = await writtenIn(await reader.attachmentFolder(taskId, itemIndex), sent);
				return written ? { written } : undefined;
			},
		},
	};
}
