import type { IDataObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import type { UncertainWrite } from '../exactlyOnce/uncertainWrite';
import type { ItemWriteRecords } from '../exactlyOnce/writeRecords';
import { entryOfWrite } from '../exactlyOnce/evidence';
import type { ListingClock } from '../exactlyOnce/executor';
import { entryCreator, entryHash } from '../../adapters/storage/entryFields';
import type { PreparedWrite, StorageAdapter, WriteResult } from '../../adapters/storage/port';
import { unlessGone } from '../../transport/errors';
import type { ServerClock } from '../ServiceOverAdapter';
import type { DestinationSnapshot } from './entries';

/*
 * A storage write as the executor runs it (exactlyOnce/executor.ts): one request, nothing read before it. Only
 * after an unknown outcome is the destination listed (the storage's one read of what a folder holds now), and the
 * executor's verdict (exactlyOnce/evidence.ts) tells our entry from every other.
 */

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
 * A write without idempotency key (create folder, upload, import), for the executor: after an unknown outcome
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
			const what = {
				kind: written.kind,
				name: String(sent.locate.name),
				size: sizeOf(sent.locate.size),
				sizeMayChange: written.sizeMayChange,
			};
			const others = records?.writtenByOthers() ?? new Set<string>();
			const on = { at: sent.at, clock, before: written.snapshot };
			const found = entryOfWrite(entries, what, on, { others, account, listing, ahead });
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
