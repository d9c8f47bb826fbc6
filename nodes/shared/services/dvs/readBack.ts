import type { IDataObject, INode } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import type { UncertainWrite } from '../exactlyOnce/reconcile';
import { AmbiguousReadBack } from '../exactlyOnce/reconcile';
import type { DestinationSnapshot } from '../storage/entries';
import { entriesNamedLike, snapshotOf, writtenEntry } from '../storage/entries';
import { entryHash, entryName } from '../../adapters/storage/entryFields';
import type { UploadSource } from '../../adapters/storage/types';
import { isSameCommentText } from './commentText';
import { mayHaveWrittenPart, missingValues, partlyWritten, refId } from './sentValues';
import type { DvsAdapter, DvsFieldValues, DvsSection, DvsUploadResult, DvsWriteResult } from './types';
import { TASK_PROJECT_FIELD } from './types';

/** Who reads back, with what, for which item: the first argument of every write below. */
export interface ReadBackScope {
	node: INode;
	reader: DvsReader;
	itemIndex: number;
}

/** How many of the newest documents or last comments a read-back looks at. */
const READ_BACK_WINDOW = 50;

/** The reads a read-back needs, available from either adapter. */
export type DvsReader = Pick<DvsAdapter, 'getFields' | 'getDocument' | 'listDocuments' | 'getComments'> & {
	/** The task's attachment folder and its entries; null folder when the task shows none. */
	attachmentFolder(taskId: number, itemIndex: number): Promise<{ uploadHash: string | null; entries: IDataObject[] }>;
};

function trimmed(value: unknown): string {
	return typeof value === 'string' ? value.trim() : '';
}

async function actorId(reader: DvsReader, section: DvsSection, itemIndex: number): Promise<number | undefined> {
	return (await reader.getFields(section, itemIndex)).actor?.id;
}

/**
 * create_document: our document is one of the newest of its register (of its project, for
 * tasks) that was not there before, has the name we sent and was created by us.
 */
export function createDocumentWrite(
	scope: ReadBackScope,
	section: DvsSection,
	values: DvsFieldValues,
	write: () => Promise<DvsWriteResult>,
): UncertainWrite<Set<number>, DvsWriteResult> {
	const { node, reader, itemIndex } = scope;
	const filters =
		section === 'task' && typeof values[TASK_PROJECT_FIELD] === 'number'
			? { [TASK_PROJECT_FIELD]: [values[TASK_PROJECT_FIELD]] }
			: undefined;
	const newestIds = async () => {
		const page = await reader.listDocuments(
			section,
			{ limit: READ_BACK_WINDOW, offset: 0, order: 'newest', filters },
			itemIndex,
		);
		return page.items;
	};
	const name = trimmed(values.name);
	const writtenOf = async (before: Set<number>): Promise<DvsWriteResult | undefined> => {
		const creator = await actorId(reader, section, itemIndex);
		const written = (await newestIds()).filter((doc) => {
			const id = refId(doc.dvs_document_id);
			return (
				id !== undefined &&
				!before.has(id) &&
				trimmed(doc.name) === name &&
				(creator === undefined || refId(doc.creator) === creator)
			);
		});
		if (written.length === 0) return undefined;
		if (written.length > 1) throw new AmbiguousReadBack(`${written.length} new documents named "${name}"`);
		return { dvs_document_id: refId(written[0].dvs_document_id) as number };
	};
	return {
		subject: name ? `the document "${name}"` : 'the new document',
		snapshot: async () => new Set((await newestIds()).map((doc) => refId(doc.dvs_document_id) ?? -1)),
		identity: { write: 'create', section, values },
		recorded: {
			save: (before) => [...before],
			restore: (saved) => new Set(Array.isArray(saved) ? (saved as number[]) : []),
			nothing: new Set(),
		},
		write,
		findWritten: writtenOf,
		afterRefusal: {
			applies: mayHaveWrittenPart(values),
			check: async (before, error) => {
				const written = await writtenOf(before);
				if (!written) return undefined;
				const missing = await missingValues(reader, section, written.dvs_document_id, values, itemIndex);
				return partlyWritten(node, written.dvs_document_id, true, { values, missing }, error, itemIndex);
			},
		},
	};
}

/** update_document: the document now holds every value we sent (a repeat would change nothing). */
export function updateDocumentWrite(
	scope: ReadBackScope,
	section: DvsSection,
	documentId: number,
	values: DvsFieldValues,
	write: () => Promise<DvsWriteResult>,
): UncertainWrite<undefined, DvsWriteResult> {
	const { node, reader, itemIndex } = scope;
	return {
		subject: `the changes to document ${documentId}`,
		snapshot: async () => undefined,
		identity: { write: 'update', section, documentId, values },
		recorded: { save: () => null, restore: () => undefined, nothing: undefined },
		safeToRepeat: true,
		write,
		findWritten: async () => {
			const missing = await missingValues(reader, section, documentId, values, itemIndex);
			return Object.keys(missing).length === 0 ? { dvs_document_id: documentId } : undefined;
		},
		afterRefusal: {
			applies: mayHaveWrittenPart(values),
			check: async (_before, error) => {
				const missing = await missingValues(reader, section, documentId, values, itemIndex);
				if (Object.keys(missing).length === Object.keys(values).length) return undefined;
				return partlyWritten(node, documentId, false, { values, missing }, error, itemIndex);
			},
		},
	};
}

async function lastCommentId(reader: DvsReader, taskId: number, itemIndex: number): Promise<number> {
	const { total } = await reader.getComments(taskId, { limit: 1, offset: 0 }, itemIndex);
	if (total === 0) return 0;
	const last = await reader.getComments(taskId, { limit: 1, offset: total - 1 }, itemIndex);
	return refId(last.items[0]?.id) ?? 0;
}

/**
 * add_comment: a comment newer than the last one before the write, by us, with our text
 * (comments are sorted by id, so "newer" is "higher id").
 */
export function addCommentWrite(
	scope: ReadBackScope,
	taskId: number,
	comment: string,
	write: () => Promise<DvsWriteResult>,
): UncertainWrite<number, DvsWriteResult> {
	const { reader, itemIndex } = scope;
	return {
		subject: `the comment on task ${taskId}`,
		snapshot: async () => await lastCommentId(reader, taskId, itemIndex),
		identity: { write: 'comment', taskId, comment },
		recorded: { save: (before) => before, restore: (saved) => (typeof saved === 'number' ? saved : 0), nothing: 0 },
		write,
		findWritten: async (lastBefore) => {
			const author = await actorId(reader, 'task', itemIndex);
			const { total } = await reader.getComments(taskId, { limit: 1, offset: 0 }, itemIndex);
			const offset = Math.max(0, total - READ_BACK_WINDOW);
			const tail = await reader.getComments(taskId, { limit: READ_BACK_WINDOW, offset }, itemIndex);
			const written = tail.items.find((item) => {
				const id = refId(item.id);
				return (
					id !== undefined &&
					id > lastBefore &&
					(author === undefined || refId(item.author) === author) &&
					typeof item.html === 'string' &&
					isSameCommentText(item.html, comment)
				);
			});
			return written ? { dvs_document_id: taskId } : undefined;
		},
	};
}

/**
 * upload_document_file: a file in the task's attachment folder that was not there before,
 * named like ours (the service numbers the name when it is taken) and of our size.
 */
export function uploadAttachmentWrite(
	scope: ReadBackScope,
	taskId: number,
	source: UploadSource,
	write: () => Promise<DvsUploadResult>,
): UncertainWrite<DestinationSnapshot | undefined, DvsUploadResult> {
	const { reader, itemIndex } = scope;
	const subject = `the attachment "${source.fileName}"`;
	const writtenIn = (
		folder: { uploadHash: string | null; entries: IDataObject[] },
		before: DestinationSnapshot,
	): DvsUploadResult | undefined => {
		const written = writtenEntry(folder.entries, { kind: 'file', name: source.fileName, size: source.size }, before);
		if (written === undefined || folder.uploadHash === null) return undefined;
		return {
			file_hash: entryHash(written) as string,
			upload_hash: folder.uploadHash,
			file_name: entryName(written) ?? source.fileName,
		};
	};
	return {
		subject,
		// An account that may attach but not list still uploads; only a lost answer then stays unsettled.
		snapshot: async () => {
			try {
				return snapshotOf((await reader.attachmentFolder(taskId, itemIndex)).entries);
			} catch {
				return undefined;
			}
		},
		identity: { write: 'attachment', taskId, name: source.fileName, size: source.size ?? null },
		recorded: {
			save: (before) => (before === undefined ? null : entriesNamedLike(before, source.fileName)),
			restore: (saved) => (Array.isArray(saved) ? new Map(saved as Array<[string, string]>) : undefined),
			nothing: new Map(),
		},
		write,
		findWritten: async (before) => {
			if (before === undefined)
				throw new Error(`the attachment folder of task ${taskId} could not be read before the upload`);
			const folder = await reader.attachmentFolder(taskId, itemIndex);
			if (folder.uploadHash === null) {
				// No folder shown: either nothing written or the account may not open it; a retry could duplicate.
				throw new Error(`task ${taskId} shows no attachment folder to check`);
			}
			return writtenIn(folder, before);
		},
		// The DVS API: a file the service could not save is a 200 with success false. Trusted only
		// after a look: a file of ours that is there after all is the result.
		afterRefusal: {
			applies: (error) => error instanceof NodeApiError && String(error.httpCode) === '200',
			check: async (before) => {
				if (before === undefined) return undefined;
				const written = writtenIn(await reader.attachmentFolder(taskId, itemIndex), before);
				return written ? { written } : undefined;
			},
		},
	};
}
