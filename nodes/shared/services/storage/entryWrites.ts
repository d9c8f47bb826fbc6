import type { INode } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { markedReconciled, writeExactlyOnce } from '../exactlyOnce/reconcile';
import { digestOf, type ItemWriteRecords } from '../exactlyOnce/writeRecords';
import type { ServerClock } from '../ServiceOverAdapter';
import { entryHash, entryKind, entryName } from '../../adapters/storage/entryFields';
import type { PreparedWrite, WriteResult } from '../../adapters/storage/port';
import { nameClaim, normalizedName, snapshotOf } from './entries';
import type { ListingClock } from './listingClock';
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
 * A write without idempotency key that makes an entry (a create, upload or import), run exactly once:
 * If Name Exists first (its listing is then the write's exact "before"; Use Existing may answer at once), else
 * the write alone (readBack.ts: nothing read before it), recorded and settled by writeExactlyOnce. `resultOf`
 * turns the hash of the entry found by reading back into the write's output.
 */
export async function writeEntryOnce(
	writer: EntryWriter,
	prepared: PreparedWrite,
	written: EntryWriteOptions,
	ifNameExists: IfNameExists,
	resultOf: (hash: string) => Promise<WriteResult>,
	itemIndex: number,
): Promise<WriteResult> {
	const { records } = writer;
	// From the look If Name Exists takes to the write settled, no other item of the run writes a name that could be
	// taken for ours into the folder (writeTurns.ts); a write that failed leaves its turn to the router, which knows
	// whether the run stops there.
	const endTurn = await records?.turn({ place: `folder:${prepared.folderHash}`, ...nameClaim(prepared.name) });
	const shaped = { ...written, shapedBy: { ...written.shapedBy, ifNameExists } };
	const context = { itemIndex, clock: writer.clock, records, listing: writer.listing };
	let write = entryWrite(writer.adapter, prepared, shaped, context, resultOf);
	// An earlier try of this write (Retry On Fail, Retry execution) is found by its record first: If Name Exists
	// must not take the item's own write for a name that was there.
	if (!earlierTryOf(records, write.identity)) {
		const existing = await whenNameExists(writer, ifNameExists, written, prepared, resultOf, itemIndex);
		if ('result' in existing) return existing.result;
		if (existing.snapshot) write = entryWrite(writer.adapter, prepared, { ...shaped, ...existing }, context, resultOf);
	}
	const sentFrom = Date.now();
	const outcome = await writeExactlyOnce(writer.node, write, itemIndex, records);
	// An answer's listing time (an upload's) of the object made since `sentFrom` shows the listing's clock.
	if (!outcome.reconciled) writer.listing?.note(outcome.result, sentFrom, Date.now());
	endTurn?.();
	return markedReconciled(outcome);
}

/** Whether an earlier try of this run recorded this write (the same write, or the same node parameters). */
function earlierTryOf(records: ItemWriteRecords | undefined, identity: object): boolean {
	const record = records?.find();
	return record !== undefined && (record.write === digestOf(identity) || record.parameters === records?.parameters);
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
