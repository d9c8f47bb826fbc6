import type { IDataObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import type { UncertainWrite } from '../exactlyOnce/reconcile';
import type { ItemWriteRecords } from '../exactlyOnce/writeRecords';
import { entryCreatedAt, entryCreator, entryHash } from '../../adapters/storage/entryFields';
import type { PreparedWrite, StorageAdapter, WriteResult } from '../../adapters/storage/port';
import { unlessGone } from '../../transport/errors';
import type { ServerClock } from '../ServiceOverAdapter';
import type { DestinationSnapshot, EntryAge } from './entries';
import type { ListingClock } from './listingClock';
import { writtenEntry } from './entries';

/*
 * A storage write as writeExactlyOnce runs it: one request, nothing read before it. Only after an unknown outcome
 * is the destination listed, and our entry told from every other (entries.ts) by what no other writer could show:
 * not written by this execution's other items or runs, not another account's, made no earlier than the send.
 */

/**
 * How far apart the listing's times and the service's HTTP `Date` clock may be until an answer showed their offset
 * (listingClock.ts): nothing in the storage API ties them. An entry of our name made within this time before the
 * send may be our write under a lagging listing clock: it is never taken for absent.
 */
export const LISTING_SKEW_MS = 3 * 60_000;

/** How far past the service's now a listing time may be before the clocks are taken to disagree. */
const FUTURE_TOLERANCE_MS = 2000;

/** What is known of a write's send on the listing's clock. */
interface SendOnListingClock {
	/** The earliest listing time at the send. */
	earliest: number;
	/** The latest listing time at the send: an entry made at it or later cannot be older than the write. */
	latest: number;
	/** The latest listing time now. */
	latestNow: number;
	/** How far the listing may lag that: 0 once calibrated, LISTING_SKEW_MS on the `Date` clock alone. */
	lag: number;
}

function sendOnListingClock(
	clock: ServerClock,
	sentAt: number,
	listing: ListingClock | undefined,
): SendOnListingClock | undefined {
	const now = Date.now();
	const calibrated = listing?.earliestAt(sentAt);
	const latest = listing?.latestAt(sentAt);
	const latestNow = listing?.latestAt(now);
	if (calibrated !== undefined && latest !== undefined && latestNow !== undefined)
		return { earliest: calibrated, latest, latestNow, lag: 0 };
	const atSend = clock(sentAt);
	const atNow = clock(now);
	if (atSend === undefined || atNow === undefined) return undefined;
	// `Date` is in whole seconds: the service's clock is less than a second past the bound it gives.
	return { earliest: atSend, latest: atSend + 1000, latestNow: atNow + 1000, lag: LISTING_SKEW_MS };
}

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
	const send = sentAt === undefined ? undefined : sendOnListingClock(clock, sentAt, known.listing);
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

/** What a read-back reads of the storage: the destination, and whose entries are ours. */
export type EntryReader = Pick<StorageAdapter, 'listFolder' | 'accountId'>;

/** What a storage write needs to be settled and recorded, besides the adapter's prepared request. */
export interface EntryWriteOptions {
	kind: 'folder' | 'file';
	subject: string;
	size?: number;
	/** The service may store other bytes than were sent (a watermark): a size that differs proves nothing. */
	sizeMayChange?: boolean;
	/** What else shapes the write (access type, watermark, source…): part of its identity. */
	shapedBy?: IDataObject;
	/** The destination's listing taken before the write, when the write needed one (If Name Exists), and when. */
	snapshot?: { entries: DestinationSnapshot; takenAt: number };
	/** What to say when the destination cannot be listed after an unknown outcome (an upload through a key). */
	unlistable?: string;
}

/**
 * A write without idempotency key (create folder, upload, import), for writeExactlyOnce: after an unknown outcome
 * the destination is listed and our entry (entries.ts) is the result; a recorded one is read back by its hash.
 */
export function entryWrite(
	adapter: EntryReader,
	prepared: PreparedWrite,
	written: EntryWriteOptions,
	context: { itemIndex: number; clock: ServerClock; records?: ItemWriteRecords; listing?: ListingClock },
	resultOf: (hash: string) => Promise<WriteResult>,
): UncertainWrite<WriteResult> {
	const { itemIndex, clock, records, listing } = context;
	const ahead = new Set<string>();
	const locate = { folder: prepared.folderHash, name: prepared.name, kind: written.kind, size: written.size ?? null };
	return {
		subject: written.subject,
		identity: { ...locate, ...written.shapedBy },
		locate,
		write: prepared.send,
		findWritten: async (sent) => {
			const entries = await destinationEntries(adapter, String(sent.locate.folder), written.unlistable, itemIndex);
			const account = entries.some((entry) => entryCreator(entry) !== undefined)
				? await accountOf(adapter, itemIndex)
				: undefined;
			const snapshot = written.snapshot;
			const ageOf = entryAges(clock, sent.at, {
				// A listing taken after the write was sent holds it: it tells nothing of that write.
				snapshot: snapshot && sent.at !== undefined && sent.at >= snapshot.takenAt ? snapshot.entries : undefined,
				others: records?.writtenByOthers() ?? new Set(),
				account,
				listing,
				ahead,
			});
			const what = {
				kind: written.kind,
				name: String(sent.locate.name),
				size: sizeOf(sent.locate.size),
				sizeMayChange: written.sizeMayChange,
			};
			const found = writtenEntry(entries, what, ageOf);
			return found === undefined ? undefined : await resultOf(entryHash(found) as string);
		},
		objectOf: (result) => ({
			id: String((written.kind === 'folder' ? result.folder_hash : result.file_hash) ?? ''),
			name: String((written.kind === 'folder' ? result.folder_name : result.file_name) ?? prepared.name),
		}),
		readBack: async (object) => await unlessGone(resultOf(String(object.id))),
	};
}

/** The account's ID for telling its entries from another account's; undefined when it cannot be read. */
async function accountOf(adapter: EntryReader, itemIndex: number): Promise<string | undefined> {
	try {
		return await adapter.accountId?.(itemIndex);
	} catch {
		return undefined;
	}
}

/** The destination's entries after an unknown outcome; `unlistable` says why a refusal leaves it unsettled. */
async function destinationEntries(
	adapter: EntryReader,
	folderHash: string,
	unlistable: string | undefined,
	itemIndex: number,
): Promise<IDataObject[]> {
	try {
		return await adapter.listFolder(folderHash, {}, itemIndex);
	} catch (error) {
		const refused = error instanceof NodeApiError && ['401', '403', '405'].includes(String(error.httpCode));
		throw unlistable && refused ? new Error(unlistable) : error;
	}
}

function sizeOf(value: unknown): number | undefined {
	return typeof value === 'number' ? value : undefined;
}
