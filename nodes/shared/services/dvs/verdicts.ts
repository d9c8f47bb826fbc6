import type { IDataObject } from 'n8n-workflow';

import type { DvsFieldDescriptor, DvsFieldValues } from '../../adapters/dvs/port';
import { AmbiguousReadBack } from '../exactlyOnce/uncertainWrite';
import { digestOf } from '../exactlyOnce/writeRecords';
import { htmlText, readings } from './commentText';
import { READ_BACK_PAGE, READ_BACK_PAGES, refId } from './createdDocuments';

/*
 * The DVS read-backs' verdicts besides a create's (exactlyOnce/evidence.ts `createdDocument`): an update's (which sent
 * values a document holds) and a comment's (which comments after the run's look are ours). They judge what the DVS
 * shows, so they stand with the DVS service (readBack.ts, sentValues.ts call them); the executor only runs them.
 */

function sameIds(actual: unknown, wanted: number[]): boolean {
	const ids = Array.isArray(actual) ? actual.map(refId) : [];
	return ids.length === new Set(wanted).size && wanted.every((id) => ids.includes(id));
}

function isEmptyValue(value: unknown): boolean {
	return value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0);
}

/** Whether a field as read back holds the value we sent. */
function holdsValue(field: DvsFieldDescriptor | undefined, actual: unknown, sent: DvsFieldValues[string]): boolean {
	if (sent === null || sent === '') return isEmptyValue(actual);
	if (Array.isArray(sent)) return sameIds(actual, sent);
	if (typeof sent === 'number')
		return refId(actual) === sent || (typeof actual === 'string' && Number(actual) === sent);
	if (field?.type === 'html') return typeof actual === 'string' && htmlText(actual) === htmlText(sent);
	if (typeof actual === 'number') return actual === Number(sent);
	if (typeof actual !== 'string') return false;
	const numeric = /^\s*-?\d+(\.\d+)?\s*$/;
	if (numeric.test(sent) && numeric.test(actual)) return Number(actual) === Number(sent);
	return actual.trim() === sent.trim();
}

/** The sent values a document as read back does not hold, by the register's field types. */
export function valuesNotHeld(
	fields: DvsFieldDescriptor[],
	document: IDataObject,
	values: DvsFieldValues,
): DvsFieldValues {
	const byName = new Map(fields.map((field) => [field.name, field]));
	return Object.fromEntries(
		Object.entries(values).filter(([name, sent]) => !holdsValue(byName.get(name), document[name], sent)),
	);
}

/** What of a write's values a document holds: all (the write is there; a repeat would change nothing), none, part. */
export function valuesHeld(missing: DvsFieldValues, values: DvsFieldValues): 'all' | 'none' | 'part' {
	const count = Object.keys(missing).length;
	if (count === 0) return 'all';
	return count === Object.keys(values).length ? 'none' : 'part';
}

/**
 * Where a comment read-back starts, from `from` of the `total` comments a task holds: it reads on to the end, at
 * most READ_BACK_PAGES pages of READ_BACK_PAGE; a task that gained more since the look is not read back, and proves
 * nothing.
 */
export function commentsToRead(total: number, from: number): number {
	const start = Math.max(0, Math.min(from, total));
	const most = READ_BACK_PAGE * READ_BACK_PAGES;
	if (total - start > most) throw new AmbiguousReadBack(`more than ${most} comments added since the run's look`);
	return start;
}

/** A task's comments as read back, with their positions in get_comments' order (by id). */
export type ReadComments = Array<{ position: number; item: IDataObject }>;

/**
 * add_comment: comments are sorted by id, so every comment added after the run's look (`before`: how many the task
 * held) comes after the first `before` positions, however many older ones were deleted meanwhile. Ours is there by
 * us with our text (`text`: its digest), beyond the identical ones other items of this run added (`others`);
 * `older`: ours just before that point (where a deletion could have moved ours), which prove nothing either way.
 */
export function ourComments(
	comments: ReadComments,
	target: { taskId: number; text: string; before: number; author: number | undefined; others: Set<string> },
) {
	const { taskId, text, before, author } = target;
	const found = comments.filter(
		({ item }) =>
			(author === undefined || refId(item.author) === author) &&
			typeof item.html === 'string' &&
			readings(item.html).some((reading) => digestOf(reading) === text),
	);
	const added = found.filter(({ position }) => position >= before).map(({ item }) => item.id);
	const runs = [...target.others].filter((id) => id.startsWith(`${taskId}:${text}:`)).length;
	return { added, older: found.length - added.length, ofThisItem: added.length > runs };
}

/** Whether the comments show this item's: an AmbiguousReadBack when only an older one of ours could be it. */
export function commentWritten(ours: { older: number; ofThisItem: boolean }): boolean {
	if (ours.ofThisItem) return true;
	if (ours.older > 0) throw new AmbiguousReadBack(`an older comment of ours with the same text`);
	return false;
}
