import type { IDataObject, INode } from 'n8n-workflow';
import { sleep } from 'n8n-workflow';

import { isUnknownWriteOutcome, mayStillLand, settledWriteFailure } from '../../transport/errors';
import { outcomeUncertain, settle } from './uncertainWrite';
import { digestOf, type ItemWriteRecords, type WriteRecord } from './writeRecords';
import type { WriteItem, Written } from './executor';

/**
 * A set: a write that leaves an object in a stated state (a rename, a move, a delete, a restore, a key saved). What a
 * service hands the executor: the send, and the read that shows whether the object is in that state.
 */
export interface SetWrite<T extends IDataObject> {
	/** What is being done, for messages: `the rename of the file "a.txt" to "b.txt"`. */
	subject: string;
	/** What the user checks when nothing could be read: `the file's name (File → Get Info)`. */
	check: string;
	/** Everything that shapes the write (the object, the state asked for): kept as a digest. */
	identity: IDataObject;
	/** One attempt. */
	send(): Promise<T>;
	/**
	 * Whether an error leaves the outcome unknown; default: as the transport reports a write's (transport/errors.ts
	 * `isUnknownWriteOutcome`), so a 200 saying `success: false` stays the refusal it is.
	 */
	isUncertain?: (error: unknown) => boolean;
	/**
	 * One read of the object: the operation's output when the object is in the state asked for (a delete: gone or in
	 * the trash), undefined when it is not; throws when the read fails. Undefined where the service offers no read
	 * (Save User Keys): such a set is sent again, which changes nothing it did not already change.
	 */
	state?(): Promise<T | undefined>;
}

/** The reads after a lost answer: now and after each of these waits (the executor's settle window, 15 s in all). */
export const SET_SETTLE_WAITS_MS = [1000, 2000, 4000, 8000];

function whyOf(record: WriteRecord, records: ItemWriteRecords): string {
	return record.execution === records.execution
		? 'an earlier try of this node wrote it'
		: `execution ${record.execution}, which this one retries, wrote it`;
}

function save(records: ItemWriteRecords | undefined, digest: string, state: WriteRecord['state'], at: number): void {
	records?.save({
		input: records.input,
		write: digest,
		parameters: records.parameters,
		at,
		execution: records.execution,
		state,
	});
}

/**
 * A set whose outcome the node could not learn: "Outcome uncertain", saying what was read and what to check. A retry
 * (Retry On Fail, Retry execution) reads the object first and sends the set only if it is not in the state asked for.
 */
function unsettledSet(node: INode, write: SetWrite<IDataObject>, cause: unknown, why: string, itemIndex: number) {
	const reason = cause instanceof Error ? cause.message : String(cause);
	return outcomeUncertain(
		node,
		write.subject,
		`${why} (${reason}). Check ${write.check}. Retrying (Retry On Fail, Retry execution) reads it first and ` +
			`sends the change only if it is not there, so nothing is changed twice.`,
		cause,
		itemIndex,
	);
}

/** The object read now and after each settle wait, until it shows the state asked for. */
async function readUntilThere<T extends IDataObject>(
	state: () => Promise<T | undefined>,
): Promise<{ there?: T; lastFailure?: unknown }> {
	let lastFailure: unknown;
	for (let look = 0; look <= SET_SETTLE_WAITS_MS.length; look++) {
		if (look > 0) await sleep(SET_SETTLE_WAITS_MS[look - 1]);
		const read = await settle(state());
		if (read.ok && read.value !== undefined) return { there: read.value };
		lastFailure = read.ok ? undefined : read.error;
	}
	return { lastFailure };
}

/**
 * Runs a set exactly as the user asked it, whatever n8n repeats (exactlyOnce/README: "A set is settled by reading the
 * object"). Recorded before it is sent. An earlier try whose record says it was sent (or a retried execution that
 * recorded nothing) reads the object first: in the state asked for, it is output `reconciled: true`, not sent again.
 * After a lost answer (timeout, reset, 5xx, an answer that does not parse, MCP `uncertain`) the object is read now and
 * through the settle window: there, the set is done; not there, it is sent once more. A refusal of a set that may have
 * landed (a second delete's 405) is read too: a write that happened is never a certain failure.
 */
export async function setOnce<T extends IDataObject>(
	node: INode,
	item: WriteItem,
	write: SetWrite<T>,
): Promise<Written<T>> {
	const { records, itemIndex } = item;
	const digest = digestOf(write.identity);
	const record = records?.find();
	const earlier = record && (record.write === digest || record.parameters === records?.parameters) ? record : undefined;
	if (record && !earlier) records?.forget();
	let maySent = earlier !== undefined || records?.retryingUnrecorded === true;
	const why = earlier && records ? whyOf(earlier, records) : 'an earlier run of this node may have written it';
	if (maySent && write.state) {
		const now = await settle(write.state());
		if (!now.ok)
			throw unsettledSet(
				node,
				write,
				now.error,
				'An earlier try sent this change, and reading it back failed',
				itemIndex,
			);
		if (now.value !== undefined) {
			save(records, digest, 'written', earlier?.at ?? Date.now());
			return { ...now.value, reconciled: true, reconciledWhy: why };
		}
	}
	const at = earlier?.at ?? Date.now();
	save(records, digest, 'sending', at);
	let lastError: unknown;
	for (let attempt = 1; attempt <= 2; attempt++) {
		try {
			const result = await write.send();
			save(records, digest, 'written', at);
			return result;
		} catch (error) {
			lastError = error;
			if (!(write.isUncertain ?? isUnknownWriteOutcome)(error)) {
				// A refusal after a send that may have landed (a second delete's 405): the object shows whether it did.
				const there = maySent && write.state ? await settle(write.state()) : undefined;
				if (there?.ok && there.value !== undefined) {
					save(records, digest, 'written', at);
					return { ...there.value, reconciled: true, reconciledWhy: why };
				}
				records?.forget();
				throw error;
			}
			maySent = true;
			if (!write.state) {
				// No read for this set: sending it once more changes nothing the first did not.
				if (attempt === 1) continue;
				save(records, digest, 'uncertain', at);
				throw unsettledSet(node, write, error, "Svc's answer was lost twice and Svc offers no read of it", itemIndex);
			}
			const looked = await readUntilThere(write.state);
			if (looked.there !== undefined) {
				save(records, digest, 'written', at);
				return { ...looked.there, reconciled: true };
			}
			if (looked.lastFailure !== undefined) {
				save(records, digest, 'uncertain', at);
				throw unsettledSet(node, write, error, "Svc's answer was lost and reading the object back failed", itemIndex);
			}
			if (mayStillLand(error)) {
				save(records, digest, 'uncertain', at);
				throw unsettledSet(
					node,
					write,
					error,
					'Svc did not answer in time and the change had not shown 15 s later; it may still be carried out',
					itemIndex,
				);
			}
		}
	}
	records?.forget();
	throw settledWriteFailure(lastError);
}
