import type { IDataObject, INode } from 'n8n-workflow';
import { sleep } from 'n8n-workflow';

import { isUnknownWriteOutcome, mayStillLand, settledWriteFailure } from '../../transport/errors';
import { outcomeUncertain, settle } from './uncertainWrite';
import type { ItemWriteRecords, WriteRecord } from './writeRecords';
import { earlierRecordOf, earlierWhy, type DeclaredWrite } from './kinds';
import { SETTLE_WAITS_MS, type WriteItem, type Written } from './executor';

/**
 * A set: a write that leaves an object in a stated state (a rename, a move, a delete, a restore, a key saved). What a
 * service hands the executor: the send, and the read that shows whether the object is in that state.
 */
export interface SetWrite<T extends IDataObject> extends DeclaredWrite<T> {
	/**
	 * One read of the object: the operation's output when the object is in the state asked for (a delete: gone or in
	 * the trash), undefined when it is not; throws when the read fails. Undefined where the service offers no read
	 * (Save User Keys): such a set is sent again, which changes nothing it did not already change.
	 */
	state?(): Promise<T | undefined>;
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
	for (let look = 0; look <= SETTLE_WAITS_MS.length; look++) {
		if (look > 0) await sleep(SETTLE_WAITS_MS[look - 1]);
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
	const { digest, earlier } = earlierRecordOf(records, write.identity);
	const why =
		earlier && records ? earlierWhy(earlier, records, 'wrote') : 'an earlier run of this node may have written it';
	const run: SetRun<T> = { node, write, itemIndex, why, at: earlier?.at ?? Date.now() };
	run.save = (state) => save(records, digest, state, run.at);
	let maySent = earlier !== undefined || records?.retryingUnrecorded === true;
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
		if (now.value !== undefined) return done(run, now.value, why);
	}
	run.save('sending');
	let lastError: unknown;
	for (let attempt = 1; attempt <= 2; attempt++) {
		try {
			const result = await write.send();
			run.save('written');
			// A set with no read, sent once more after a lost answer: said, so the answer is not taken for the first.
			return attempt > 1 && !write.state ? { ...result, reconciled: true, reconciledWhy: RESENT } : result;
		} catch (error) {
			lastError = error;
			if (!(write.isUncertain ?? isUnknownWriteOutcome)(error)) return await afterRefusal(run, error, maySent, records);
			maySent = true;
			const settled = await afterLostAnswer(run, error, attempt);
			if (settled) return settled;
		}
	}
	records?.forget();
	throw settledWriteFailure(lastError);
}

/** Why a set with no read is output `reconciled`: its first answer was lost, and it was sent once more. */
const RESENT = "Svc's answer was lost and it offers no read of this: sent once more, which stores what the first did";

/** A set as it runs: what it is, for which item, when it was first sent, and how its record is kept. */
interface SetRun<T extends IDataObject> {
	node: INode;
	write: SetWrite<T>;
	itemIndex: number;
	/** Why an object found in the state asked for is this item's write (an earlier try's). */
	why: string;
	at: number;
	save?: (state: WriteRecord['state']) => void;
}

/** The set done: recorded written, output `reconciled: true` (and why, when an earlier try sent it). */
function done<T extends IDataObject>(run: SetRun<T>, state: T, why?: string): Written<T> {
	run.save?.('written');
	return { ...state, reconciled: true, ...(why ? { reconciledWhy: why } : {}) };
}

/** A refusal: thrown as it is, unless the set may have landed (a second delete's 405) and the object shows it. */
async function afterRefusal<T extends IDataObject>(
	run: SetRun<T>,
	error: unknown,
	maySent: boolean,
	records: ItemWriteRecords | undefined,
): Promise<Written<T>> {
	const there = maySent && run.write.state ? await settle(run.write.state()) : undefined;
	if (there?.ok && there.value !== undefined) return done(run, there.value, run.why);
	records?.forget();
	throw error;
}

/**
 * A lost answer: the object read through the settle window. There: done. Not there: undefined, so the set is sent
 * once more — never after a timeout (Svc may still be carrying it out) nor when the reads failed: "Outcome uncertain".
 * A set with no read is sent once more, once.
 */
async function afterLostAnswer<T extends IDataObject>(
	run: SetRun<T>,
	error: unknown,
	attempt: number,
): Promise<Written<T> | undefined> {
	const { node, write, itemIndex } = run;
	const uncertain = (why: string) => {
		run.save?.('uncertain');
		return unsettledSet(node, write, error, why, itemIndex);
	};
	if (!write.state) {
		// No read for this set: sending it once more changes nothing the first did not.
		if (attempt === 1) return undefined;
		throw uncertain("Svc's answer was lost twice and Svc offers no read of it");
	}
	const looked = await readUntilThere(write.state);
	if (looked.there !== undefined) return done(run, looked.there);
	if (looked.lastFailure !== undefined) throw uncertain("Svc's answer was lost and reading the object back failed");
	if (mayStillLand(error))
		throw uncertain('Svc did not answer in time and the change had not shown 15 s later; it may still be carried out');
	return undefined;
}
