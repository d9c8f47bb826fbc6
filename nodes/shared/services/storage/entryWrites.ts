import type { INode } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { ItemWriteRecords } from '../exactlyOnce/writeRecords';
import type { PlannedWrite } from '../exactlyOnce/uncertainWrite';
import type { ListingClock, ServerClock } from '../exactlyOnce/executor';
import { entryHash, entryKind, entryName } from '../../adapters/storage/entryFields';
import type { PreparedWrite, WriteResult } from '../../adapters/storage/port';
import { nameClaim, normalizedName, snapshotOf } from './entries';
import { entryWrite, type EntryReader, type EntryWriteOptions } from './readBack';

/** What a create, upload or import does when the folder already holds its name (the If Name Exists option). */
export type IfNameExists = 'keepBoth' | 'useExisting' | 'fail';

/** What an entry write needs of the service: its node, adapter and clock, and the item's write records. */
export interface EntryWriter {
	node: INode;
	adapter: EntryReader;
	clock: ServerClock;
	listing?: ListingClock;
	records?: ItemWriteRecords;
}

/**
 * A write without idempotency key that makes an entry (a create, upload or import), as the executor runs it
 * (exactlyOnce/executor.ts): it claims its name in the folder; If Name Exists comes before the send unless an
 * earlier try recorded the write (its listing is then the write's exact "before"; Use Existing may answer at once);
 * an answer's listing time (an upload's) shows the listing's clock. `resultOf` turns the hash of the entry found by
 * reading back into the write's output.
 */
export function entryPlan(
	writer: EntryWriter,
	prepared: PreparedWrite,
	written: EntryWriteOptions,
	ifNameExists: IfNameExists,
	resultOf: (hash: string) => Promise<WriteResult>,
	itemIndex: number,
): PlannedWrite<WriteResult> {
	const shaped = { ...written, shapedBy: { ...written.shapedBy, ifNameExists } };
	const context = { itemIndex, clock: writer.clock, records: writer.records, listing: writer.listing };
	return {
		claim: { place: `folder:${prepared.folderHash}`, ...nameClaim(prepared.name) },
		describe: () => entryWrite(writer.adapter, prepared, shaped, context, resultOf),
		beforeSend: async () => {
			const existing = await whenNameExists(writer, ifNameExists, written, prepared, resultOf, itemIndex);
			if ('result' in existing) return { existing: existing.result };
			const snapshot = existing.snapshot ? { ...shaped, ...existing } : undefined;
			return snapshot ? { write: entryWrite(writer.adapter, prepared, snapshot, context, resultOf) } : undefined;
		},
		answered: (result, sentAt, answeredAt) => writer.listing?.note(result, sentAt, answeredAt),
	};
}

/**
 * If Name Exists: with Use Existing or Fail the folder is listed first; an entry of our kind with
 * exactly our name (as the service stores it) is output marked `existing: true`, or refused.
 * Otherwise that listing is the write's snapshot.
 */
async function whenNameExists(
	writer: EntryWriter,
	ifNameExists: IfNameExists,
	written: EntryWriteOptions,
	prepared: PreparedWrite,
	resultOf: (hash: string) => Promise<WriteResult>,
	itemIndex: number,
): Promise<{ result: WriteResult } | { snapshot?: EntryWriteOptions['snapshot'] }> {
	const name = normalizedName(prepared.name);
	if (ifNameExists === 'keepBoth' || name === '') return {};
	const entries = await writer.adapter.listFolder(prepared.folderHash, {}, itemIndex);
	const found = entries.find(
		(entry) => (entryKind(entry) ?? 'file') === written.kind && (entryName(entry) ?? '').normalize('NFC') === name,
	);
	if (found === undefined) return { snapshot: { entries: snapshotOf(entries), takenAt: Date.now() } };
	if (ifNameExists === 'useExisting')
		return { result: { ...(await resultOf(entryHash(found) as string)), existing: true } };
	throw new NodeOperationError(writer.node, `The folder already holds a ${written.kind} named "${name}"`, {
		itemIndex,
		description:
			`If Name Exists is set to Fail, so ${written.subject} was not written. Choose Keep Both to ` +
			`store a numbered copy, or Use Existing to output the existing ${written.kind}.`,
	});
}
