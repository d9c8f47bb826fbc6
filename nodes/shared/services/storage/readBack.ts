import type { IDataObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import type { UncertainWrite } from '../exactlyOnce/uncertainWrite';
import type { ItemWriteRecords } from '../exactlyOnce/writeRecords';
import {
	madeAgainst,
	ourObject,
	readHolds,
	unplaced,
	type Candidate,
	type Holds,
	type SendOnClock,
} from '../exactlyOnce/evidence';
import { sendOnListingClock, type ListingClock, type ServerClock } from '../exactlyOnce/executor';
import {
	entryCreatedAt,
	entryCreator,
	entryHash,
	entryKind,
	entryName,
	entrySize,
	type EntryKind,
} from '../../adapters/storage/entryFields';
import type { PreparedWrite, StorageAdapter, UploadSource, WriteResult } from '../../adapters/storage/port';
import { unlessGone } from '../../transport/errors';
import { folded, isNumbered, mayHaveBecome, normalizedName, stored, type DestinationSnapshot } from './entries';
import { holdsBytes, sentBytes } from './content';

/*
 * A storage write as the executor runs it (exactlyOnce/executor.ts): one request, nothing read before it. Only
 * after an unknown outcome is the destination listed, each entry that may be the write compared with what was sent
 * (a file's bytes, a folder empty), and the executor's rule (exactlyOnce/evidence.ts `ourObject`) names ours.
 */

/** What a read-back reads of the storage: the destination, whose entries are ours, and what a file holds. */
export type EntryReader = Pick<StorageAdapter, 'listFolder' | 'accountId' | 'downloadFile'>;

/**
 * How far apart the listing's times and the service's HTTP `Date` clock may be until an answer showed their offset
 * (executor.ts `ListingClock`): nothing in the storage API ties them. An entry that holds what was sent, made
 * within this time before the send, may be the write under a lagging listing clock: never taken, never resent.
 */
export const LISTING_SKEW_MS = 15 * 60_000;

/** What a storage write needs to be settled and recorded, besides the adapter's prepared request. */
export interface EntryWriteOptions {
	kind: 'folder' | 'file';
	subject: string;
	size?: number;
	/** The bytes an upload sends: what a file found after a lost answer must hold (none for an import). */
	bytes?: Pick<UploadSource, 'open'>;
	/** The service may store other bytes than were sent (a watermark): bytes that differ prove nothing. */
	sizeMayChange?: boolean;
	/** What else shapes the write (access type, watermark, source…): part of its identity. */
	shapedBy?: IDataObject;
	/** The destination's listing taken before the write, when the write needed one (If Name Exists), and when. */
	snapshot?: { entries: DestinationSnapshot; takenAt: number };
	/** What to say when the destination cannot be listed after an unknown outcome (an upload through a key). */
	unlistable?: string;
}

/** What was written, as a destination's entries are compared with it. */
export interface WrittenEntry {
	kind: EntryKind;
	name: string;
	size?: number;
}

/** How far past the service's now a listing time may be before the listing's clock is taken to be off. */
const FUTURE_TOLERANCE_MS = 2000;

/** The send on the listing's clock, and the latest that clock can show now (past it, the clock is off). */
export type SendOnListing = SendOnClock & { latestNow?: number };

/** What rules an entry out besides its name and content, and the send on the listing's clock. */
export interface EntryEvidence {
	/** The send on the listing's clock; undefined when the send's time is unknown (anything new may be it). */
	send?: SendOnListing;
	/** The destination as listed before the write: everything in it is older than the write. */
	snapshot?: DestinationSnapshot;
	/** Objects this execution's other items and runs wrote: never this item's write. */
	others: Set<string>;
	/** The connected account's ID, where known: an entry another account made is not our write. */
	account?: string;
	/** What an entry holds against what was sent (read only for entries nothing else rules out). */
	holds(entry: IDataObject): Promise<Holds>;
}

type NameFit = 'exact' | 'look-alike' | 'numbered' | 'cut';

/** How an entry's name relates to the requested one (`wanted`, normalized), by the storage API's naming rules. */
function nameFit(name: string, wanted: string): NameFit | undefined {
	if (wanted === '') return 'exact';
	const actual = stored(name);
	if (actual === wanted) return 'exact';
	if (isNumbered(actual, wanted)) return 'numbered';
	if (folded(actual) === folded(wanted) || isNumbered(folded(actual), folded(wanted))) return 'look-alike';
	return mayHaveBecome(name, wanted) ? 'cut' : undefined;
}

/** An entry that may be the write, as the executor's rule weighs it. */
interface EntryCandidate extends Candidate {
	entry: IDataObject;
	fit: NameFit;
}

/**
 * The entry our write made, among a destination's entries after an unknown outcome: of the written kind, of our
 * name (as the service stores it, or numbered when that name was taken by an entry that is not ours), holding what
 * was sent, and nothing the service shows ruling it out. Undefined when none can be; an AmbiguousReadBack when the
 * destination proves nothing either way (evidence.ts `ourObject`).
 */
export async function writtenEntry(
	entries: IDataObject[],
	written: WrittenEntry,
	evidence: EntryEvidence,
): Promise<IDataObject | undefined> {
	const wanted = normalizedName(written.name);
	const candidates: EntryCandidate[] = [];
	for (const entry of entries) {
		const hash = entryHash(entry);
		const fit = nameFit(entryName(entry) ?? '', wanted);
		if ((entryKind(entry) ?? 'file') !== written.kind || hash === undefined || fit === undefined) continue;
		const creator = entryCreator(entry);
		const ruledOut =
			evidence.others.has(hash) ||
			evidence.snapshot?.has(hash) === true ||
			(evidence.account !== undefined && creator !== undefined && creator !== evidence.account);
		const created = entryCreatedAt(entry);
		// A time in whole minutes may stand for any second of its minute.
		const resolution = created !== undefined && created % 60_000 === 0 ? 60_000 : 1000;
		const made = evidence.snapshot ? 'not before' : madeAgainst(created, resolution, evidence.send);
		const shown = `a ${written.kind} "${entryName(entry) ?? ''}"`;
		candidates.push({ entry, fit, shown, ruledOut, made, holds: 'unknown', createdAt: created });
	}
	// An entry dated past the service's now shows the listing's clock off: its times place nothing.
	const latestNow = evidence.send?.latestNow;
	const off =
		latestNow !== undefined && entries.some((entry) => (entryCreatedAt(entry) ?? 0) > latestNow + FUTURE_TOLERANCE_MS);
	if (off && !evidence.snapshot) for (const candidate of candidates) candidate.made = unplaced(candidate.made);
	for (const candidate of candidates)
		if (!candidate.ruledOut && candidate.made !== 'before')
			await readHolds(candidate, async () => await evidence.holds(candidate.entry));
	// The service numbers a name only when an entry holds it: a numbered entry beside one of the name may be ours.
	const nameHeld = candidates.some((candidate) => candidate.fit === 'exact');
	for (const candidate of candidates) candidate.nameDoubt = nameDoubt(candidate.fit, wanted, nameHeld);
	return ourObject(candidates)?.entry;
}

function nameDoubt(fit: NameFit, wanted: string, nameHeld: boolean): string | undefined {
	if (fit === 'look-alike') return `whose name differs from "${wanted}" only in letter case or form`;
	if (fit === 'numbered' && !nameHeld) return `whose name is "${wanted}" numbered, while no entry holds "${wanted}"`;
	if (fit === 'cut') return `whose name may be "${wanted}" cut short`;
	return undefined;
}

/**
 * What a destination's entry holds against the write (`holds` of EntryEvidence): a file its bytes (downloaded and
 * compared only after an unknown outcome; a size that differs needs no download), a folder nothing inside.
 */
export function storedContent(
	reader: EntryReader,
	written: Pick<EntryWriteOptions, 'kind' | 'size' | 'bytes' | 'sizeMayChange'>,
	itemIndex: number,
): (entry: IDataObject) => Promise<Holds> {
	const sent = written.bytes ? sentBytes(written.bytes) : undefined;
	return async (entry) => {
		const hash = entryHash(entry) as string;
		if (written.kind === 'folder')
			return (await reader.listFolder(hash, {}, itemIndex)).length === 0 ? 'what was sent' : 'something else';
		const size = entrySize(entry);
		const mayDiffer = written.sizeMayChange ? 'maybe what was sent' : 'something else';
		if (size !== undefined && written.size !== undefined && size !== written.size) return mayDiffer;
		if (!sent) return 'unknown';
		if (await holdsBytes(await reader.downloadFile(hash, itemIndex), sent)) return 'what was sent';
		return mayDiffer;
	};
}

/** The send on the listing's clock, as the evidence weighs times (undefined: the send's time is not known). */
export function sendOnListing(
	clock: ServerClock,
	sentAt: number | undefined,
	listing: ListingClock | undefined,
): SendOnListing | undefined {
	return sentAt === undefined ? undefined : sendOnListingClock(clock, sentAt, listing, LISTING_SKEW_MS);
}

/**
 * A write without idempotency key (create folder, upload, import), for the executor: after an unknown outcome
 * the destination is listed and our entry (`writtenEntry`) is the result; a recorded one is read back by its hash.
 */
export function entryWrite(
	adapter: EntryReader,
	prepared: PreparedWrite,
	written: EntryWriteOptions,
	context: { itemIndex: number; clock: ServerClock; records?: ItemWriteRecords; listing?: ListingClock },
	resultOf: (hash: string) => Promise<WriteResult>,
): UncertainWrite<WriteResult> {
	const { itemIndex, clock, records, listing } = context;
	const locate = { folder: prepared.folderHash, name: prepared.name, kind: written.kind, size: written.size ?? null };
	const holds = storedContent(adapter, written, itemIndex);
	return {
		// Where it was written too, so "Outcome uncertain" says where to look.
		subject: `${written.subject} in the folder ${prepared.folderHash}`,
		identity: { ...locate, ...written.shapedBy },
		locate,
		write: prepared.send,
		findWritten: async (sent) => {
			const entries = await destinationEntries(adapter, String(sent.locate.folder), written.unlistable, itemIndex);
			const account = entries.some((entry) => entryCreator(entry) !== undefined)
				? await accountOf(adapter, itemIndex)
				: undefined;
			const what = { kind: written.kind, name: String(sent.locate.name), size: sizeOf(sent.locate.size) };
			// A listing taken before the write (If Name Exists) is its exact "before"; one taken after the send is not.
			const before = written.snapshot;
			const snapshot = before && sent.at !== undefined && sent.at >= before.takenAt ? before.entries : undefined;
			const others = records?.writtenByOthers() ?? new Set<string>();
			const send = sendOnListing(clock, sent.at, listing);
			const found = await writtenEntry(entries, what, { send, snapshot, others, account, holds });
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
