import type { IDataObject, INode } from 'n8n-workflow';

import type { SentWrite, UncertainWrite } from '../exactlyOnce/uncertainWrite';
import { commentsToRead, commentWritten, ourComments, valuesHeld, type ReadComments } from './verdicts';
import { digestOf, type ItemWriteRecords } from '../exactlyOnce/writeRecords';
import type { ServerClock } from '../exactlyOnce/executor';
import { unlessGone } from '../../transport/errors';
import { sentCommentText } from './commentText';
import {
	createdDocument,
	createdSubject,
	documentHolds,
	documentsSinceLook,
	READ_BACK_PAGE,
	refId,
	trimmed,
} from './createdDocuments';
import { mayHaveWrittenPart, missingValues, partlyWritten } from './sentValues';
import type { DvsAdapter, DvsFieldValues, DvsRegister, DvsWriteResult } from '../../adapters/dvs/port';

/** Who reads back, with what, for which item: the first argument of every write below. */
export interface ReadBackScope {
	node: INode;
	reader: DvsReader;
	itemIndex: number;
	records?: ItemWriteRecords;
	clock: ServerClock;
}

/** How many of the newest documents a create's look keeps, and of the comments before its look a read-back reads. */
export const READ_BACK_WINDOW = 50;

/** The reads a read-back needs, available from either adapter. */
export type DvsReader = Pick<
	DvsAdapter,
	'getFields' | 'getDocument' | 'listDocuments' | 'getComments' | 'downloadAttachment'
> & {
	/** The task's attachment folder and its entries; null folder when the task shows none. */
	attachmentFolder(taskId: number, itemIndex: number): Promise<{ uploadHash: string | null; entries: IDataObject[] }>;
};

async function actorId(reader: DvsReader, register: DvsRegister, itemIndex: number): Promise<number | undefined> {
	return (await reader.getFields(register, itemIndex)).actor?.id;
}

/** A document read back by its ID as `{dvs_document_id}`, or undefined when it no longer exists. */
async function documentNow(
	scope: ReadBackScope,
	register: DvsRegister,
	id: unknown,
): Promise<DvsWriteResult | undefined> {
	const found = await unlessGone(scope.reader.getDocument(register, Number(id), scope.itemIndex));
	return found === undefined ? undefined : { dvs_document_id: Number(id) };
}

/** The newest documents of a register (of a task's project), newest first: a create's look and read-back. */
export async function newestDocuments(
	reader: DvsReader,
	register: DvsRegister,
	filters: Record<string, number[]> | undefined,
	itemIndex: number,
): Promise<IDataObject[]> {
	const query = { limit: READ_BACK_WINDOW, offset: 0, order: 'newest' as const, filters };
	return (await reader.listDocuments(register, query, itemIndex)).items;
}

/**
 * create_document: ours is created since the run's look before its first write there (`before`: the IDs it showed),
 * read back page by page until the look (createdDocuments.ts: bounded), of our name, holding what was sent, and
 * nothing the service shows ruling it out (createdDocuments.ts `createdDocument`).
 */
export function createDocumentWrite(
	scope: ReadBackScope,
	target: { register: DvsRegister; filters?: Record<string, number[]>; before: number[] },
	values: DvsFieldValues,
	write: (leaving?: () => void) => Promise<DvsWriteResult>,
): UncertainWrite<DvsWriteResult> {
	const { node, reader, itemIndex, records, clock } = scope;
	const { register, filters } = target;
	const name = trimmed(values.name);
	const holds = documentHolds(reader, register, values, itemIndex);
	const writtenOf = async (sent: SentWrite): Promise<DvsWriteResult | undefined> => {
		const actor = await actorId(reader, register, itemIndex);
		// Without a send time the look was taken after the unrecorded write: it tells nothing of it.
		const look = sent.at === undefined ? undefined : target.before;
		const since = await documentsSinceLook(reader, { register, filters, look }, itemIndex);
		const others = writtenBy(records);
		const on = { at: sent.at, clock };
		const found = await createdDocument(since, { register, look, name, actor, others, holds }, on);
		return found === undefined ? undefined : { dvs_document_id: refId(found.dvs_document_id) as number };
	};
	return {
		subject: createdSubject(register, name, filters),
		identity: { write: 'create', section: register, values },
		locate: { section: register, name },
		write,
		findWritten: writtenOf,
		objectOf: (result) => ({ id: result.dvs_document_id, name }),
		readBack: async (object) => await documentNow(scope, register, object.id),
		afterRefusal: {
			applies: mayHaveWrittenPart(values),
			check: async (sent, error) => {
				const written = await writtenOf(sent);
				if (!written) return undefined;
				const missing = await missingValues(reader, register, written.dvs_document_id, values, itemIndex);
				return partlyWritten(node, written.dvs_document_id, true, { values, missing }, error, itemIndex);
			},
		},
	};
}

export function writtenBy(records: ItemWriteRecords | undefined): Set<string> {
	return records?.writtenByOthers() ?? new Set();
}

/** update_document: the document read back; whether it holds what was sent: uncertainWrite.ts `valuesHeld`. */
export function updateDocumentWrite(
	scope: ReadBackScope,
	register: DvsRegister,
	documentId: number,
	values: DvsFieldValues,
	write: () => Promise<DvsWriteResult>,
): UncertainWrite<DvsWriteResult> {
	const { node, reader, itemIndex } = scope;
	return {
		subject: `the changes to document ${documentId}`,
		identity: { write: 'update', section: register, documentId, values },
		locate: { section: register, documentId },
		safeToRepeat: true,
		write,
		findWritten: async () => {
			const missing = await missingValues(reader, register, documentId, values, itemIndex);
			return valuesHeld(missing, values) === 'all' ? { dvs_document_id: documentId } : undefined;
		},
		objectOf: () => ({ id: documentId }),
		readBack: async (object) => await documentNow(scope, register, object.id),
		afterRefusal: {
			applies: mayHaveWrittenPart(values),
			check: async (_sent, error) => {
				const missing = await missingValues(reader, register, documentId, values, itemIndex);
				if (valuesHeld(missing, values) === 'none') return undefined;
				return partlyWritten(node, documentId, false, { values, missing }, error, itemIndex);
			},
		},
	};
}

/** How many comments a task holds: a comment's look before the run's first comment on it. */
export async function commentCount(reader: DvsReader, taskId: number, itemIndex: number): Promise<number> {
	return (await reader.getComments(taskId, { limit: 1, offset: 0 }, itemIndex)).total;
}

/**
 * The comments from `from` to the end (by id, as get_comments sorts them), a page of 200 at a time, as far as the
 * verdict reads (uncertainWrite.ts `commentsToRead`).
 */
async function commentsFrom(reader: DvsReader, taskId: number, from: number, itemIndex: number) {
	const total = await commentCount(reader, taskId, itemIndex);
	const start = commentsToRead(total, from);
	const items: ReadComments = [];
	for (let offset = start; offset < total; offset += READ_BACK_PAGE) {
		const page = await reader.getComments(taskId, { limit: READ_BACK_PAGE, offset }, itemIndex);
		page.items.forEach((item, index) => items.push({ position: offset + index, item }));
		if (page.items.length === 0) break;
	}
	return items;
}

/**
 * add_comment: the task's comments from just before the run's look (`before`: how many the task held) read back,
 * and which of them is ours judged by the executor's rule (exactlyOnce/uncertainWrite.ts `ourComments`,
 * `commentWritten`). A record keeps the text as a digest.
 */
export function addCommentWrite(
	scope: ReadBackScope,
	target: { taskId: number; before: number },
	comment: string,
	write: (leaving?: () => void) => Promise<DvsWriteResult>,
): UncertainWrite<DvsWriteResult> {
	const { reader, itemIndex, records } = scope;
	const { taskId } = target;
	const text = digestOf(sentCommentText(comment));
	/** This run's comments of a text on the task: those after the look, and how many of ours stand just before. */
	const ours = async (textDigest: string, before: number) => {
		const author = await actorId(reader, 'task', itemIndex);
		const comments = await commentsFrom(reader, taskId, before - READ_BACK_WINDOW, itemIndex);
		return ourComments(comments, { taskId, text: textDigest, before, author, others: writtenBy(records) });
	};
	const textOf = (object: IDataObject) => String(object.id).split(':')[1];
	return {
		subject: `the comment on task ${taskId}`,
		identity: { write: 'comment', taskId, comment },
		locate: { taskId },
		write,
		findWritten: async (sent) => {
			const found = await ours(text, sent.at === undefined ? 0 : target.before);
			return commentWritten(found) ? { dvs_document_id: taskId } : undefined;
		},
		objectOf: () => ({ id: `${taskId}:${text}:${itemIndex}`, dvs_document_id: taskId }),
		readBack: async (object) =>
			(await ours(textOf(object), target.before)).ofThisItem ? { dvs_document_id: taskId } : undefined,
		nameOf: async (object) => ({
			dvs_document_id: taskId,
			comment_ids: (await ours(textOf(object), target.before)).added,
		}),
	};
}
