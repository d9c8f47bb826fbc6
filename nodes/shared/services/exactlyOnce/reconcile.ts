import type { IDataObject, INode } from 'n8n-workflow';
import { sleep } from 'n8n-workflow';

import { isUncertainOutcome, mayStillLand } from '../../transport/errors';
import { MAY_STILL_LAND_MS, type ItemWriteRecords, type WriteRecord } from './writeRecords';
import { AmbiguousReadBack, notFoundYet, outcomeUncertain, unsettled } from './outcomeUncertain';

export { AmbiguousReadBack } from './outcomeUncertain';

/**
 * After an uncertain outcome the service may still be committing the write (a late commit after
 * a 503, a write still running after a timeout): the destination is read now and again after
 * each of these waits before the node concludes anything (15 s in all).
 */
export const SETTLE_WAITS_MS = [1000, 2000, 4000, 8000];

/**
 * A write the service offers no idempotency key for, described so that an uncertain outcome
 * (timeout, dropped connection, 5xx, MCP `uncertain`) can be settled by looking instead of
 * writing again.
 */
export interface UncertainWrite<TBefore, TResult> {
	/** What the destination holds before the write, so our item can be told from older ones. */
	snapshot(): Promise<TBefore>;
	/** One attempt of the write. */
	write(): Promise<TResult>;
	/** After an uncertain outcome: the item our write created, if it was written. */
	findWritten(before: TBefore): Promise<TResult | undefined>;
	/** What is being written, for messages ("the folder \"Reports\""). */
	subject: string;
	/** Whether an error is an uncertain outcome; defaults to the transport's marking. */
	isUncertain?: (error: unknown) => boolean;
	/**
	 * Whether the write may still be in progress at the service after the settle window (we
	 * stopped waiting: a timeout); defaults to the transport's marking. Such a write is never
	 * sent again.
	 */
	mayStillLand?: (error: unknown) => boolean;
	/**
	 * A refusal after which part or all of the write may have happened anyway (the DVS API:
	 * "invalid relation ids can fail after part of a write happened"; a 200 `success: false` from
	 * a server that stored the file). `check` reads the destination back once and returns what
	 * was written whole, the error that says what was written, or undefined when nothing was. Never
	 * resent.
	 */
	afterRefusal?: {
		applies(error: unknown): boolean;
		check(before: TBefore, error: unknown): Promise<{ written: TResult } | Error | undefined>;
	};
	/** What identifies the write across n8n's tries and retries: its destination and what it writes. */
	identity?: IDataObject;
	/**
	 * The snapshot as a write record keeps it (JSON, only what can tell our write apart) and back;
	 * `nothing` is a destination that held nothing, for a retried run that recorded nothing.
	 */
	recorded?: { save(before: TBefore): unknown; restore(saved: unknown): TBefore; nothing: TBefore };
	/** A repeat changes nothing (an update): a retried run that recorded nothing sends it again. */
	safeToRepeat?: boolean;
}

export interface WriteOutcome<TResult> {
	result: TResult;
	/** True when the write's answer was lost and the result was found by reading the destination back. */
	reconciled: boolean;
	/**
	 * How many times the write was sent (1, or 2 when the first attempt certainly did not land; 0 when an
	 * earlier run sent it).
	 */
	attempts: number;
	/** Why a write is not this run's own: an earlier try or the retried execution wrote it. */
	why?: string;
}

type Settled<T> = { ok: true; value: T } | { ok: false; error: unknown };

async function settle<T>(promise: Promise<T>): Promise<Settled<T>> {
	try {
		return { ok: true, value: await promise };
	} catch (error) {
		return { ok: false, error };
	}
}

/**
 * Reads the destination back now and after each settle wait until the write shows up. A look that
 * fails (the read-back timed out on a busy machine, say) does not end the window: the next look
 * may work. `lastFailure` is set when the last look failed, so absence was not shown.
 */
async function lookUntilSettled<TBefore, TResult>(
	write: UncertainWrite<TBefore, TResult>,
	before: TBefore,
): Promise<{ written?: TResult; lastFailure?: unknown; waitedMs: number }> {
	let waitedMs = 0;
	let lastFailure: unknown;
	for (let look = 0; look <= SETTLE_WAITS_MS.length; look++) {
		if (look > 0) {
			await sleep(SETTLE_WAITS_MS[look - 1]);
			waitedMs += SETTLE_WAITS_MS[look - 1];
		}
		const found = await settle(write.findWritten(before));
		if (found.ok && found.value !== undefined) return { written: found.value, waitedMs };
		lastFailure = found.ok ? undefined : found.error;
	}
	return { lastFailure, waitedMs };
}

/** A write's records with what the write needs of them, when n8n may run it again. */
interface Recording<TBefore> {
	records: ItemWriteRecords;
	identity: IDataObject;
	recorded: NonNullable<UncertainWrite<TBefore, unknown>['recorded']>;
	note(state: WriteRecord['state'], fields?: Partial<WriteRecord>): void;
}

function recordingOf<TBefore, TResult>(
	write: UncertainWrite<TBefore, TResult>,
	records: ItemWriteRecords | undefined,
): Recording<TBefore> | undefined {
	const { identity, recorded } = write;
	if (!records || !identity || !recorded) return undefined;
	let sent: Pick<WriteRecord, 'at' | 'before'> | undefined;
	return {
		records,
		identity,
		recorded,
		note: (state, fields = {}) => {
			sent ??= { at: Date.now(), before: fields.before };
			records.save(identity, { ...sent, execution: records.execution, ...fields, state });
		},
	};
}

/**
 * Runs a write so that it takes effect exactly once. On an uncertain outcome (timeout, reset,
 * 5xx, a 2xx that does not parse, a redirect, MCP `uncertain`) it reads the destination back,
 * now and after each settle wait (SETTLE_WAITS_MS), and returns what was written. Only a write still
 * absent after the whole settle window is sent once more, and never after a timeout (the service
 * may still be working on it): that ends in an "Outcome uncertain" error saying what to check.
 * With `records` (writeRecords.ts), a write an earlier try or the retried execution sent is
 * found there and settled against that try's snapshot, never sent twice.
 */
export async function writeExactlyOnce<TBefore, TResult>(
	node: INode,
	write: UncertainWrite<TBefore, TResult>,
	itemIndex?: number,
	records?: ItemWriteRecords,
): Promise<WriteOutcome<TResult>> {
	const recording = recordingOf(write, records);
	const earlier = recording ? await earlierRun(node, write, recording, itemIndex) : undefined;
	if (earlier) return earlier;
	const isUncertain = write.isUncertain ?? isUncertainOutcome;
	const stillInProgress = write.mayStillLand ?? mayStillLand;
	const before = await write.snapshot();
	recording?.note('sending', { before: recording.recorded.save(before) });
	let lastError: unknown;
	for (let attempt = 1; attempt <= 2; attempt++) {
		let failure: unknown;
		try {
			// Awaited here, not through a helper: a write is as few frames above the request as can be.
			return written(recording, { result: await write.write(), reconciled: false, attempts: attempt });
		} catch (error) {
			failure = error;
		}
		if (!isUncertain(failure))
			return written(recording, {
				result: await afterRefusal(node, write, before, failure, recording, itemIndex),
				reconciled: true,
				attempts: attempt,
			});
		lastError = failure;
		const looked = await lookUntilSettled(write, before);
		if (looked.written !== undefined)
			return written(recording, { result: looked.written, reconciled: true, attempts: attempt });
		recording?.note('uncertain', { mayStillLand: stillInProgress(failure) });
		// A read-back that failed is no answer: only a look that worked can show the write absent.
		if (looked.lastFailure !== undefined) throw unsettled(node, write.subject, looked.lastFailure, itemIndex);
		if (stillInProgress(failure)) throw notFoundYet(node, write.subject, failure, looked.waitedMs, itemIndex);
	}
	// The last look showed the second attempt absent too: nothing was written.
	recording?.records.forget(recording.identity);
	throw lastError;
}

function written<TBefore, TResult>(
	recording: Recording<TBefore> | undefined,
	outcome: WriteOutcome<TResult>,
): WriteOutcome<TResult> {
	recording?.note('written', { result: outcome.result as IDataObject });
	return outcome;
}

/**
 * What an earlier run of this item (a try before Retry On Fail's, or the execution Retry execution
 * continues) did with the same write: its result when it was written; else one look against that
 * run's own snapshot. Undefined when nothing was sent or the write is provably absent: send it now.
 */
async function earlierRun<TBefore, TResult>(
	node: INode,
	write: UncertainWrite<TBefore, TResult>,
	recording: Recording<TBefore>,
	itemIndex?: number,
): Promise<WriteOutcome<TResult> | undefined> {
	const { records, identity, recorded } = recording;
	const record = records.find(identity);
	if (!record) {
		if (records.retryingUnrecorded && !write.safeToRepeat)
			await noUnrecordedWrite(node, write, recorded.nothing, itemIndex);
		return undefined;
	}
	const why =
		record.execution === records.execution
			? 'an earlier try of this node wrote it'
			: `execution ${record.execution}, which this one retries, wrote it`;
	if (record.state === 'written' && record.result)
		return { result: record.result as TResult, reconciled: true, attempts: 0, why };
	const found = await settle(write.findWritten(recorded.restore(record.before)));
	if (found.ok && found.value !== undefined) {
		records.save(identity, { ...record, state: 'written', result: found.value as IDataObject });
		return { result: found.value, reconciled: true, attempts: 0, why };
	}
	if (!found.ok) throw unsettled(node, write.subject, found.error, itemIndex);
	const mayStillLand =
		(record.mayStillLand === true || record.state === 'sending') && Date.now() - record.at < MAY_STILL_LAND_MS;
	if (mayStillLand)
		throw notFoundYet(
			node,
			write.subject,
			new Error('an earlier try of this node sent it and its answer did not come'),
			Date.now() - record.at,
			itemIndex,
		);
	records.forget(identity);
	return undefined;
}

/**
 * A retried execution whose run recorded nothing (a queue worker stopped mid-node saves nothing):
 * what already looks like this write may be that run's, and the node cannot tell. It says so
 * rather than writing a second copy.
 */
async function noUnrecordedWrite<TBefore, TResult>(
	node: INode,
	write: UncertainWrite<TBefore, TResult>,
	nothing: TBefore,
	itemIndex?: number,
): Promise<void> {
	const found = await settle(write.findWritten(nothing));
	if (found.ok && found.value === undefined) return;
	if (!found.ok && !(found.error instanceof AmbiguousReadBack))
		throw unsettled(node, write.subject, found.error, itemIndex);
	throw outcomeUncertain(
		node,
		write.subject,
		`This execution retries one that stopped without recording its writes (a queue worker that ` +
			`was stopped, for example), and the destination already holds what looks like ${write.subject}: ` +
			`the node cannot tell whether the retried execution wrote it, so it did not write a second ` +
			`copy. Check the destination: if that is the earlier write, nothing more is needed for this ` +
			`item; to write it anyway, run the workflow again instead of retrying the execution.`,
		new Error(`${write.subject} already seems to be there`),
		itemIndex,
	);
}

/**
 * A refusal: thrown as it is (nothing written, so nothing recorded), unless the write may have
 * happened anyway (afterRefusal), which one look settles; what it leaves open is recorded uncertain.
 */
async function afterRefusal<TBefore, TResult>(
	node: INode,
	write: UncertainWrite<TBefore, TResult>,
	before: TBefore,
	refusal: unknown,
	recording: Recording<TBefore> | undefined,
	itemIndex?: number,
): Promise<TResult> {
	if (!write.afterRefusal?.applies(refusal)) {
		recording?.records.forget(recording.identity);
		throw refusal;
	}
	const checked = await settle(write.afterRefusal.check(before, refusal));
	if (checked.ok && checked.value && 'written' in checked.value) return checked.value.written;
	if (checked.ok && checked.value === undefined) recording?.records.forget(recording.identity);
	else recording?.note('uncertain');
	if (!checked.ok) throw unsettled(node, write.subject, checked.error, itemIndex);
	throw checked.value ?? refusal;
}

/**
 * A write's result, marked `reconciled: true` when it was found by reading the destination back (and why,
 * when an earlier run wrote it).
 */
export function markedReconciled<T extends IDataObject>(outcome: WriteOutcome<T>): T & { reconciled?: boolean } {
	if (!outcome.reconciled) return outcome.result;
	return { ...outcome.result, reconciled: true, ...(outcome.why ? { reconciledWhy: outcome.why } : {}) };
}
