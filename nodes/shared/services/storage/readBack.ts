import type { IDataObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import type { UncertainWrite } from '../exactlyOnce/reconcile';
import type { ItemWriteRecords } from '../exactlyOnce/writeRecords';
import { entryCreatedAt, entryHash } from '../../adapters/storage/entryFields';
import type { PreparedWrite, StorageAdapter, WriteResult } from '../../adapters/storage/port';
import { unlessGone } from '../../transport/errors';
import type { ServerClock } from '../ServiceOverAdapter';
import type { DestinationSnapshot, EntryAge } from './entries';
import { writtenEntry } from './entries';

/*
 * A storage write as writeExactlyOnce runs it: one request, nothing read before it. Only after an unknown outcome
 * is the destination listed, and our entry told from every other (entries.ts) by when it was created against the
 * service's clock when the write was sent.
 */

/**
 * How far apart the service's listing times and its HTTP `Date` clock may be (servers of one service, kept in step):
 * an entry created more than this before the write was sent is older than the write.
 */
export const CLOCK_TOLERANCE_MS = 5000;

/** How far ahead of the `Date` clock a listing time may be before the clocks are taken to disagree. */
const FUTURE_TOLERANCE_MS = 60_000;

/** What a storage write needs to be settled and recorded, besides the adapter's prepared request. */
export interface EntryWriteOptions {
	kind: 'folder' | 'file';
	subject: string;
	size?: number;
	/** What else shapes the write (access type, watermark, source…): part of its identity. */
	shapedBy?: IDataObject;
	/** The destination's listing taken before the write, when the write needed one (If Name Exists), and when. */
	snapshot?: { entries: DestinationSnapshot; takenAt: number };
	/** What to say when the destination cannot be listed after an unknown outcome (an upload through a key). */
	unlistable?: string;
}

/** How old an entry is against a write sent at `sentAt` (undefined: when is unknown, so anything may be it). */
export function entryAges(
	clock: ServerClock,
	sentAt: number | undefined,
	known: { snapshot?: DestinationSnapshot; others: Set<string> },
): (entry: IDataObject) => EntryAge {
	const serverAtSend = sentAt === undefined ? undefined : clock(sentAt);
	const serverNow = clock(Date.now());
	return (entry) => {
		const hash = entryHash(entry);
		if (hash !== undefined && (known.others.has(hash) || known.snapshot?.has(hash))) return 'old';
		if (known.snapshot || sentAt === undefined) return 'new';
		const created = entryCreatedAt(entry);
		if (created === undefined || serverAtSend === undefined || serverNow === undefined) return 'unknown';
		if (created > serverNow + FUTURE_TOLERANCE_MS) return 'unknown';
		return created + 1000 <= serverAtSend - CLOCK_TOLERANCE_MS ? 'old' : 'new';
	};
}

/**
 * A write without idempotency key (create folder, upload, import), for writeExactlyOnce: after an unknown outcome
 * the destination is listed and our entry (entries.ts) is the result; a recorded one is read back by its hash.
 */
export function entryWrite(
	adapter: Pick<StorageAdapter, 'listFolder'>,
	prepared: PreparedWrite,
	written: EntryWriteOptions,
	context: { itemIndex: number; clock: ServerClock; records?: ItemWriteRecords },
	resultOf: (hash: string) => Promise<WriteResult>,
): UncertainWrite<WriteResult> {
	const { itemIndex, clock, records } = context;
	const locate = { folder: prepared.folderHash, name: prepared.name, kind: written.kind, size: written.size ?? null };
	return {
		subject: written.subject,
		identity: { ...locate, ...written.shapedBy },
		locate,
		write: prepared.send,
		findWritten: async (sent) => {
			const entries = await listing(adapter, String(sent.locate.folder), written.unlistable, itemIndex);
			const snapshot = written.snapshot;
			const ageOf = entryAges(clock, sent.at, {
				// A listing taken after the write was sent holds it: it tells nothing of that write.
				snapshot: snapshot && sent.at !== undefined && sent.at >= snapshot.takenAt ? snapshot.entries : undefined,
				others: records?.writtenByOthers() ?? new Set(),
			});
			const what = { kind: written.kind, name: String(sent.locate.name), size: sizeOf(sent.locate.size) };
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

/** The destination's entries after an unknown outcome; `unlistable` says why a refusal leaves it unsettled. */
async function listing(
	adapter: Pick<StorageAdapter, 'listFolder'>,
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
