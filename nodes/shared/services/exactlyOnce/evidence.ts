import type { IDataObject } from 'n8n-workflow';

import {
	entryCreatedAt,
	entryCreator,
	entryHash,
	entryKind,
	entryName,
	entrySize,
	type EntryKind,
} from '../../adapters/storage/entryFields';
import type { ServerClock } from '../ServiceOverAdapter';
import type { DestinationSnapshot } from '../storage/entries';
import {
	createdAtMs,
	READ_BACK_PAGE,
	READ_BACK_PAGES,
	refId,
	trimmed,
	type CreatedDocumentTarget,
} from '../dvs/createdDocuments';
import { isNumbered, mayHaveBecome, nameMatch, normalizedName, stored } from '../storage/entries';
import { AmbiguousReadBack } from './uncertainWrite';
import { sendOnListingClock, type ListingClock } from './executor';

/*
 * The verdict on a read-back: which entry of a place, if any, is this item's write. Ours only on evidence no other
 * writer could give: not written by this execution's other items or runs, not another account's, made no earlier
 * than the send on the listing's clock; an entry the write may have become without proof is an AmbiguousReadBack
 * ("Outcome uncertain"), never taken and never resent. What identifies an entry (its fields, how the service
 * normalizes and numbers names) is the storage's (storage/entries.ts, adapters/storage/entryFields.ts).
 */

/**
 * What is known of an entry's age against a write: `old` (there before the write was sent), `new` (it may be the
 * write's: created after it was sent, or so shortly before that the clocks cannot tell), `unknown` (the listing
 * gives no creation time, or one the service's clock cannot place).
 */
export type EntryAge = 'old' | 'new' | 'unknown';

/**
 * How far apart the listing's times and the service's HTTP `Date` clock may be until an answer showed their offset
 * (executor.ts `ListingClock`): nothing in the storage API ties them. An entry of our name made within this time
 * before the send may be our write under a lagging listing clock: it is never taken for absent.
 */
export const LISTING_SKEW_MS = 3 * 60_000;

/** How far past the service's now a listing time may be before the clocks are taken to disagree. */
const FUTURE_TOLERANCE_MS = 2000;

/** What tells an entry apart from our write besides its time. */
export interface KnownEntries {
	/** The destination as listed before the write (If Name Exists): anything else is new. */
	snapshot?: DestinationSnapshot;
	/** Objects this execution's other items and runs of the node wrote: never this item's write. */
	others: Set<string>;
	/** The connected account's ID, where known: an entry another account made is not our write. */
	account?: string;
	/** The listing's clock, once an answer showed it. */
	listing?: ListingClock;
	/** Entries a look of this write saw dated past the service's now: their times prove nothing, at any later look. */
	ahead?: Set<string>;
}

/**
 * How old an entry is against a write sent at `sentAt` (entries.ts `EntryAge`): `old` when it was there before the
 * send beyond any doubt the clocks leave, `new` when it cannot have been made before the write was sent
 * (its second begins after the send), `unknown` otherwise — also within the send's own second, where the service's
 * whole-second times cannot tell an entry made just before the send from our write. Undefined
 * `sentAt`: when is unknown, so anything may be it.
 */
export function entryAges(
	clock: ServerClock,
	sentAt: number | undefined,
	known: KnownEntries,
): (entry: IDataObject) => EntryAge {
	const send = sentAt === undefined ? undefined : sendOnListingClock(clock, sentAt, known.listing, LISTING_SKEW_MS);
	return (entry) => {
		const hash = entryHash(entry);
		if (hash !== undefined && (known.others.has(hash) || known.snapshot?.has(hash))) return 'old';
		const creator = entryCreator(entry);
		if (known.account !== undefined && creator !== undefined && creator !== known.account) return 'old';
		if (known.snapshot || sentAt === undefined) return 'new';
		const created = entryCreatedAt(entry);
		if (created === undefined || send === undefined || (hash !== undefined && known.ahead?.has(hash))) return 'unknown';
		if (created > send.latestNow + FUTURE_TOLERANCE_MS) {
			if (hash !== undefined) known.ahead?.add(hash);
			return 'unknown';
		}
		// A time in whole minutes may stand for any second of its minute.
		const resolution = created % 60_000 === 0 ? 60_000 : 1000;
		if (created + resolution <= send.earliest - send.lag) return 'old';
		// A time names the start of its second: within the send's own second, theirs made just before the send shows
		// the same time as ours made just after it.
		return created >= send.latest ? 'new' : 'unknown';
	};
}

/**
 * The item our write created, among a destination's entries after an unknown outcome: of the written kind, not old,
 * with our name (`nameMatch`), where both are known our size, and made no earlier than the write was sent.
 * Undefined when none is there and nothing else could be it; an AmbiguousReadBack when what the destination shows
 * proves nothing: more than one could be ours, or an entry that may be our write as the service stored it (a
 * look-alike name, a numbered or cut one, another size where the service may change the bytes, a time the clocks
 * cannot place).
 */
export function writtenEntry(
	entries: IDataObject[],
	written: { kind: EntryKind; name: string; size?: number; sizeMayChange?: boolean },
	ageOf: (entry: IDataObject) => EntryAge,
): IDataObject | undefined {
	const wanted = normalizedName(written.name);
	const oldNames = entries.filter((entry) => ageOf(entry) === 'old').map((entry) => entryName(entry) ?? '');
	const ours: IDataObject[] = [];
	const mayBeOurs: string[] = [];
	for (const entry of entries) {
		const age = ageOf(entry);
		if ((entryKind(entry) ?? 'file') !== written.kind || entryHash(entry) === undefined || age === 'old') continue;
		const size = entrySize(entry);
		const sizeFits = size === undefined || written.size === undefined || size === written.size;
		if (!sizeFits && !written.sizeMayChange) continue;
		const name = entryName(entry) ?? '';
		const match = nameMatch(name, written.name, oldNames);
		const shown = `${age === 'new' ? 'a new' : 'a'} ${written.kind} "${name}"`;
		if (match === 'ours' && sizeFits && age === 'new') ours.push(entry);
		else if (match === 'look-alike')
			mayBeOurs.push(`${shown}, whose name differs from "${wanted}" only in letter case or form`);
		else if (match === 'ours' && !sizeFits)
			mayBeOurs.push(`${shown} of another size than was sent, which the service may have changed (a watermark)`);
		else if (match === 'ours' || (wanted !== '' && isNumbered(stored(name), wanted)))
			mayBeOurs.push(`${shown}, which may or may not be older than the write`);
		else if (mayHaveBecome(name, wanted)) mayBeOurs.push(`${shown}, whose name may be "${wanted}" cut short`);
	}
	if (mayBeOurs.length > 0) throw new AmbiguousReadBack(mayBeOurs[0]);
	if (ours.length > 1) throw new AmbiguousReadBack(`${ours.length} new ${written.kind}s named "${wanted}"`);
	return ours[0];
}

/**
 * A storage write's verdict on its destination as listed after an unknown outcome (`writtenEntry` by `entryAges`):
 * a listing taken before the write (If Name Exists) is its exact "before"; one taken after the send holds the write,
 * and tells nothing of it.
 */
export function entryOfWrite(
	entries: IDataObject[],
	written: { kind: EntryKind; name: string; size?: number; sizeMayChange?: boolean },
	sent: { at: number | undefined; clock: ServerClock; before?: { entries: DestinationSnapshot; takenAt: number } },
	known: Omit<KnownEntries, 'snapshot'>,
): IDataObject | undefined {
	const { at, before } = sent;
	const snapshot = before && at !== undefined && at >= before.takenAt ? before.entries : undefined;
	return writtenEntry(entries, written, entryAges(sent.clock, at, { ...known, snapshot }));
}

/*
 * A DVS create whose answer was lost: which document created since the run's look is this item's write. Ours only
 * by our name, by the account the credential acts as (get_fields' `actor`), not another item's or run's, created no
 * earlier than the send; one that fails a part the service does not show, or only its time rules out, is named.
 */

/**
 * How far apart `date_created` and the HTTP `Date` clock may be (servers of one service, kept in step): a
 * document created more than this before the write was sent is older than the write.
 */
const CLOCK_TOLERANCE_MS = 5000;

/** How far ahead of the `Date` clock a `date_created` may be before the clocks are taken to disagree. */
const DOCUMENT_FUTURE_TOLERANCE_MS = 60_000;

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
	const ahead = (time: number | undefined) => time !== undefined && time > serverNow + DOCUMENT_FUTURE_TOLERANCE_MS;
	if (times.some(ahead)) return () => 'unknown';
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
