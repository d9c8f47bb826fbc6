import type { IDataObject } from 'n8n-workflow';

import { AmbiguousReadBack } from '../exactlyOnce/reconcile';
import type { ServerClock } from '../ServiceOverAdapter';
import { refId, trimmed } from './sentValues';
import type { DvsAdapter, DvsRegister } from '../../adapters/dvs/port';

/*
 * A create whose answer was lost, read back: the documents of its register (of its project, for tasks) created
 * since the run's look, newest first, and which of them is this item's write. A document is ours only on evidence
 * no other writer could give: our name, created by the account the credential acts as (get_fields' `actor`), not
 * an object this execution's other items or runs wrote, and created no earlier than the write was sent. A
 * document of our name that fails a part the service does not show (no creator, no actor, no usable time) or
 * that only its time rules out (clocks can disagree) is named in "Outcome uncertain": never taken, never resent.
 */

/** A read-back's page: the DVS API's get_documents maximum. */
export const READ_BACK_PAGE = 200;

/** How many pages a read-back reads at most: a lost answer's look stays bounded however busy the register. */
export const READ_BACK_PAGES = 5;

/**
 * How far apart `date_created` and the HTTP `Date` clock may be (servers of one service, kept in step): a
 * document created more than this before the write was sent is older than the write.
 */
const CLOCK_TOLERANCE_MS = 5000;

/** How far ahead of the `Date` clock a `date_created` may be before the clocks are taken to disagree. */
const FUTURE_TOLERANCE_MS = 60_000;

type ListReader = Pick<DvsAdapter, 'listDocuments'>;

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
}

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
function createdAtMs(document: IDataObject): number | undefined {
	const text = document.date_created;
	const parts = typeof text === 'string' ? /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(text) : null;
	if (!parts) return undefined;
	const [year, month, day, hour, minute, second] = parts.slice(1).map(Number);
	return Date.UTC(year, month - 1, day, hour, minute, second);
}

type Created = 'after' | 'before' | 'around' | 'unknown';

/**
 * When each document was created against the write's send (sent at `sentAt` by our clock): `after` when its second
 * began after the latest the service's clock can have shown at the send, `before` when it ended before the earliest
 * (allowing the clocks' tolerance), `around` in between — within the send's seconds, where whole-second times cannot
 * tell a document made just before the send from ours — or `unknown`.
 * The document does not say in which zone its time is: read as UTC, a time ahead of the service's clock shows
 * another zone (or clocks that disagree), and then no time of the listing is used.
 */
function creationAgainstSend(
	clock: ServerClock,
	sentAt: number,
	documents: IDataObject[],
): (document: IDataObject) => Created {
	const serverAtSend = clock(sentAt);
	const serverNow = clock(Date.now());
	if (serverAtSend === undefined || serverNow === undefined) return () => 'unknown';
	const times = documents.map(createdAtMs);
	if (times.some((time) => time !== undefined && time > serverNow + FUTURE_TOLERANCE_MS)) return () => 'unknown';
	return (document) => {
		const created = createdAtMs(document);
		if (created === undefined) return 'unknown';
		if (created + 1000 <= serverAtSend - CLOCK_TOLERANCE_MS) return 'before';
		// `Date` is in whole seconds: the service's clock may have been up to a second past `serverAtSend`.
		return created >= serverAtSend + 1000 ? 'after' : 'around';
	};
}

/** Why a document of our name cannot be taken for ours, nor ruled out; undefined when it is ours. */
function doubtAbout(document: IDataObject, target: CreatedDocumentTarget, created: Created): string | undefined {
	if (target.actor === undefined) return 'the service does not say which account the credential acts as';
	if (refId(document.creator) === undefined) return 'its creator is not shown';
	if (created === 'unknown') return 'its creation time cannot be placed against the write';
	if (created === 'before') return `it was created at ${String(document.date_created)}, before the write was sent`;
	if (created === 'around')
		return (
			`it was created at ${String(document.date_created)}, as the write was sent: the service's whole-second ` +
			`times cannot tell it from another writer's`
		);
	return undefined;
}

function described(document: IDataObject, doubt?: string): string {
	const id = refId(document.dvs_document_id);
	return `document ${id ?? '(no ID shown)'} named "${trimmed(document.name)}"${doubt ? ` (${doubt})` : ''}`;
}

/**
 * The document this item's create made, among those created since the look; undefined when they show it absent
 * (and reach the look, or the register's end); an AmbiguousReadBack naming what was found otherwise. Without a
 * send time (a retried execution whose run recorded nothing) every document of our name by us may be it.
 */
export function createdDocument(
	since: { documents: IDataObject[]; covered: boolean },
	target: CreatedDocumentTarget,
	sent: { at: number | undefined; clock: ServerClock },
): IDataObject | undefined {
	const { documents, covered } = since;
	const whenCreated =
		sent.at === undefined ? () => 'after' as const : creationAgainstSend(sent.clock, sent.at, documents);
	const ours: IDataObject[] = [];
	const doubtful: string[] = [];
	for (const document of documents) {
		const id = refId(document.dvs_document_id);
		if (trimmed(document.name) !== target.name || (id !== undefined && target.others.has(String(id)))) continue;
		const creator = refId(document.creator);
		if (creator !== undefined && target.actor !== undefined && creator !== target.actor) continue;
		const doubt = id === undefined ? 'no ID shown' : doubtAbout(document, target, whenCreated(document));
		if (doubt === undefined) ours.push(document);
		else doubtful.push(described(document, doubt));
	}
	if (doubtful.length > 0 || ours.length > 1) {
		const found = [...ours.map((document) => described(document, 'by this account')), ...doubtful];
		throw new AmbiguousReadBack(found.join(' and '));
	}
	// Unread documents are older than the last one read: when that one is older than the send, so are they.
	const oldest = documents.at(-1);
	const sinceSend = covered || (oldest !== undefined && whenCreated(oldest) === 'before');
	if (ours.length === 1 && sinceSend) return ours[0];
	if (!covered) {
		const seen = READ_BACK_PAGE * READ_BACK_PAGES;
		throw new AmbiguousReadBack(
			`more than ${seen} documents created since the run's first write there, more than the node reads back`,
		);
	}
	return undefined;
}
