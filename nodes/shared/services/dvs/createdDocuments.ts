import type { IDataObject } from 'n8n-workflow';

import { AmbiguousReadBack } from '../exactlyOnce/uncertainWrite';
import {
	madeAgainst,
	ourObject,
	readHolds,
	unplaced,
	type Candidate,
	type Holds,
	type Made,
} from '../exactlyOnce/evidence';
import type { DvsAdapter, DvsFieldValues, DvsRegister } from '../../adapters/dvs/port';
import { valuesNotHeld } from './verdicts';
import type { ServerClock } from '../exactlyOnce/executor';

/*
 * A create whose answer was lost, read back: the documents of its register (of its project, for tasks) created since
 * the run's look, newest first (the DVS register's one read of what it holds now); each of our name is compared with
 * what was sent (its fields as get_document shows them), and the executor's rule (exactlyOnce/evidence.ts
 * `ourObject`) names ours. How a document's fields read: its creation time, a reference's ID, a name as the API
 * compares it.
 */

/** A read-back's page: the DVS API's get_documents maximum. */
export const READ_BACK_PAGE = 200;

/**
 * How many pages a read-back reads at most. It pages on until the run's look (taken before the send) or the
 * register's end, past whatever arrived since (the run's own bulk of creates included); 20,000 documents keep a lost
 * answer's reads bounded in a register flooded since.
 */
export const READ_BACK_PAGES = 100;

/** Where a create went and what it made, as its read-back needs them. */
export interface CreatedDocumentTarget {
	register: DvsRegister;
	filters?: Record<string, number[]>;
	/** The run's look: the IDs of the newest documents before its first create there (undefined: no look). */
	look: number[] | undefined;
	name: string;
	/** get_fields' `actor` {id}: the account the credential acts as (undefined: not shown). */
	actor: number | undefined;
	/** Objects this execution's other items and runs wrote (their IDs as text). */
	others: Set<string>;
	/** What a document of our name holds against the sent values (read only for one nothing else rules out). */
	holds(document: IDataObject): Promise<Holds>;
}

/**
 * What a document of our name holds against a create's values, as get_document shows it: every value (what was
 * sent), or every value but relation values (IDs) left empty — a create the service wrote in part (the DVS API:
 * "invalid relation ids can fail after part of a write happened and a failure does not guarantee rollback"), which
 * the create then completes; a value held otherwise, or a text left empty, is something else.
 */
export function documentHolds(
	reader: Pick<DvsAdapter, 'getFields' | 'getDocument'>,
	register: DvsRegister,
	values: DvsFieldValues,
	itemIndex: number,
): (document: IDataObject) => Promise<Holds> {
	return async (document) => {
		const id = refId(document.dvs_document_id) as number;
		const [schema, now] = await Promise.all([
			reader.getFields(register, itemIndex),
			reader.getDocument(register, id, itemIndex),
		]);
		const missing = valuesNotHeld(schema.fields, now, values);
		const empty = (value: unknown) =>
			value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0);
		const relation = (sent: unknown) => Array.isArray(sent) || typeof sent === 'number';
		const partOf = Object.entries(missing).every(([name, sent]) => relation(sent) && empty(now[name]));
		return partOf ? 'what was sent' : 'something else';
	};
}

/** What a create makes and where, for messages: `the task "Brief" in project 12`. */
export function createdSubject(
	register: DvsRegister,
	name: string,
	filters: Record<string, number[]> | undefined,
): string {
	const what = register === 'task' ? 'task' : register === 'contact_person' ? 'contact person' : 'document';
	const named = name ? `the ${what} "${name}"` : `the new ${what}`;
	const project = Object.values(filters ?? {})[0]?.[0];
	return project === undefined ? named : `${named} in project ${project}`;
}

/**
 * How far `date_created` may lag the HTTP `Date` clock: nothing in the DVS API ties them, nor says in which zone
 * `date_created` is, so a time before the send never rules a document out (the run's look does: what it showed is
 * older than the write). A document that holds what was sent, dated before the send, may be the write: never taken,
 * never resent.
 */
const DOCUMENT_SKEW_MS = Number.POSITIVE_INFINITY;

/** How far ahead of the `Date` clock a `date_created` may be before the clocks are taken to disagree. */
const DOCUMENT_FUTURE_TOLERANCE_MS = 60_000;

/**
 * When each document was made against the send (sent at `sentAt` by our clock), by `date_created`. The document does
 * not say in which zone its time is: read as UTC, a time ahead of the service's clock shows another zone (or clocks
 * that disagree), and then no time of the listing places a document after the send.
 */
function madeAgainstSend(
	clock: ServerClock,
	sentAt: number | undefined,
	documents: IDataObject[],
): (document: IDataObject) => Made {
	const serverAtSend = sentAt === undefined ? undefined : clock(sentAt);
	const serverNow = clock(Date.now());
	if (serverAtSend === undefined || serverNow === undefined) return () => 'not before';
	const ahead = (time: number | undefined) => time !== undefined && time > serverNow + DOCUMENT_FUTURE_TOLERANCE_MS;
	const send = { earliest: serverAtSend, latest: serverAtSend + 1000, lag: DOCUMENT_SKEW_MS };
	const made = (document: IDataObject) => madeAgainst(createdAtMs(document), 1000, send);
	if (documents.map(createdAtMs).some(ahead)) return (document) => unplaced(made(document));
	return made;
}

/**
 * The document this item's create made, among those created since the look (`since`, newest first); undefined when
 * they show it absent and reach the look (or the register's end); an AmbiguousReadBack naming what was found
 * otherwise. Without a send time (a retried execution whose run recorded nothing) every document of our name that
 * holds what was sent may be it.
 */
export async function createdDocument(
	since: { documents: IDataObject[]; covered: boolean },
	target: CreatedDocumentTarget,
	sent: { at: number | undefined; clock: ServerClock },
): Promise<IDataObject | undefined> {
	const made = madeAgainstSend(sent.clock, sent.at, since.documents);
	const candidates: Array<Candidate & { document: IDataObject }> = [];
	for (const document of since.documents) {
		const id = refId(document.dvs_document_id);
		if (trimmed(document.name) !== target.name) continue;
		const creator = refId(document.creator);
		const ruledOut =
			(id !== undefined && target.others.has(String(id))) ||
			(creator !== undefined && target.actor !== undefined && creator !== target.actor);
		const shown = `document ${id ?? '(no ID shown)'} named "${target.name}"`;
		const nameDoubt = id === undefined ? 'whose ID is not shown' : undefined;
		const createdAt = createdAtMs(document);
		candidates.push({ document, shown, ruledOut, nameDoubt, made: made(document), holds: 'unknown', createdAt });
	}
	for (const candidate of candidates)
		if (!candidate.ruledOut && candidate.made !== 'before' && !candidate.nameDoubt)
			await readHolds(candidate, async () => await target.holds(candidate.document));
	const found = ourObject(candidates)?.document;
	if (found !== undefined || since.covered) return found;
	// Unread documents are older than the last one read: when that one is older than the send, so are they.
	const oldest = since.documents.at(-1);
	if (oldest !== undefined && made(oldest) === 'before') return undefined;
	const seen = READ_BACK_PAGE * READ_BACK_PAGES;
	throw new AmbiguousReadBack(
		`more than ${seen} documents created since the run's first write there, more than the node reads back`,
	);
}

type ListReader = Pick<DvsAdapter, 'listDocuments'>;

/** The documents created since the look (newest first), and whether they reach it (or the register's end). */
export async function documentsSinceLook(
	reader: ListReader,
	target: Pick<CreatedDocumentTarget, 'register' | 'filters' | 'look'>,
	itemIndex: number,
): Promise<{ documents: IDataObject[]; covered: boolean }> {
	const look = new Set(target.look ?? []);
	const seen = new Set<number>();
	const documents: IDataObject[] = [];
	let offset = 0;
	for (let page = 0; page < READ_BACK_PAGES; page++) {
		const query = { limit: READ_BACK_PAGE, offset, order: 'newest' as const, filters: target.filters };
		const listed = await reader.listDocuments(target.register, query, itemIndex);
		for (const document of listed.items) {
			const id = refId(document.dvs_document_id);
			if (id !== undefined && look.has(id)) return { documents, covered: true };
			// A document created while the pages are read moves the others down: one seen twice counts once.
			if (id !== undefined && seen.has(id)) continue;
			if (id !== undefined) seen.add(id);
			documents.push(document);
		}
		offset += listed.items.length;
		if (listed.items.length === 0 || offset >= listed.total) return { documents, covered: true };
	}
	return { documents, covered: false };
}

/** `date_created` as the service shows it (`YYYY-MM-DD HH:MM:SS`, whole seconds), read as UTC. */
export function createdAtMs(document: IDataObject): number | undefined {
	const text = document.date_created;
	const parts = typeof text === 'string' ? /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(text) : null;
	if (!parts) return undefined;
	const [year, month, day, hour, minute, second] = parts.slice(1).map(Number);
	return Date.UTC(year, month - 1, day, hour, minute, second);
}

/** A text value as the DVS API compares it (a document's name): trimmed; '' for anything else. */
export function trimmed(value: unknown): string {
	return typeof value === 'string' ? value.trim() : '';
}

export function refId(value: unknown): number | undefined {
	if (typeof value === 'number') return value;
	if (value && typeof value === 'object' && typeof (value as IDataObject).id === 'number') {
		return (value as IDataObject).id as number;
	}
	return undefined;
}
