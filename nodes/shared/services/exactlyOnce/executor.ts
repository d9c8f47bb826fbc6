import type { IDataObject, INode } from 'n8n-workflow';
import { sleep } from 'n8n-workflow';

import { entryCreatedAt } from '../../adapters/storage/entryFields';
import { isUncertainOutcome, mayStillLand, settledWriteFailure } from '../../transport/errors';
import { digestOf, type ItemWriteRecords } from './writeRecords';
import { earlierRun, notFoundYet, recordingOf, unsettled, type EarlierRun, type Recording } from './earlierRuns';
import { settle, type PlannedWrite, type SentWrite, type UncertainWrite, type WriteOutcome } from './uncertainWrite';

/**
 * After an uncertain outcome the service may still be committing the write (a late commit after
 * a 503, a write still running after a timeout): the destination is read now and again after
 * each of these waits before the node concludes anything (15 s in all).
 */
export const SETTLE_WAITS_MS = [1000, 2000, 4000, 8000];

/**
 * The service's clock as this execution saw it: the earliest it can have shown at a time of ours
 * (transport/serverClock.ts). A service is made with it (ServiceOverAdapter.ts) and hands it to its reads.
 */
export type ServerClock = (localMs: number) => number | undefined;

/** The item a write belongs to: its index and, in a write operation's run, its records (writeRecords.ts). */
export interface WriteItem {
	itemIndex: number;
	records?: ItemWriteRecords;
}

/**
 * A write's result as the node outputs it: marked `reconciled: true` when it was found by reading the destination
 * back (and why, when an earlier run wrote it); `earlierWrite` names what an earlier try wrote before the node was
 * edited.
 */
export type Written<T> = T & { reconciled?: boolean; reconciledWhy?: string; earlierWrite?: IDataObject };

/** A write in its item's turn, described, with what its records say of earlier runs: ready to be sent. */
interface InTurn<T extends IDataObject> {
	planned: PlannedWrite<T>;
	write: UncertainWrite<T>;
	recording?: Recording;
	earlier?: EarlierRun<T>;
	endTurn?: () => void;
}

/**
 * Runs every write without an idempotency key exactly once, at the cost of the write itself: nothing is read before
 * it. The service plans it (`plan`: its claim, its send, how to read its place back); here it waits for its turn
 * (writeTurns.ts), meets what an earlier try of the run recorded (earlierRuns.ts), is recorded and sent. On an
 * uncertain outcome (timeout, reset, 5xx, a 2xx that does not parse, a redirect, MCP `uncertain`) the place is read
 * back now and after each settle wait (SETTLE_WAITS_MS) and the write found there is the result. Only a write still
 * absent after the whole window is sent once more, never after a timeout (the service may still be working on it):
 * that ends in "Outcome uncertain" saying what to check.
 */
export async function writeOnce<T extends IDataObject>(
	node: INode,
	item: WriteItem,
	plan: () => Promise<PlannedWrite<T>> | PlannedWrite<T>,
): Promise<Written<T>> {
	const ready = await inTurn(node, item, plan);
	if (!('write' in ready)) return ready.existing;
	const { write, recording, earlier } = ready;
	if (earlier?.outcome) return await finished(ready, earlier.outcome);
	const sent: SentWrite = { at: Date.now(), locate: write.locate };
	recording?.note('sending', { at: sent.at });
	const leaving = () => {
		sent.at = Date.now();
		recording?.note('sending', { at: sent.at });
	};
	const replaced = earlier?.replaced;
	let lastError: unknown;
	for (let attempt = 1; attempt <= 2; attempt++) {
		let answer: { result: T } | undefined;
		let failure: unknown;
		try {
			// Awaited here, not through a helper: a write is as few frames above the request as can be.
			answer = { result: await write.write(leaving) };
		} catch (error) {
			failure = error;
		}
		if (answer) return await finished(ready, { ...answer, reconciled: false, ...replaced }, sent.at);
		if (!(write.isUncertain ?? isUncertainOutcome)(failure)) {
			const result = await afterRefusal(node, write, sent, failure, recording, item.itemIndex);
			return await finished(ready, { result, reconciled: true, ...replaced }, sent.at);
		}
		lastError = failure;
		const looked = await lookUntilSettled(write, sent);
		if (looked.written !== undefined)
			return await finished(ready, { result: looked.written, reconciled: true, ...replaced }, sent.at);
		const stillInProgress = (write.mayStillLand ?? mayStillLand)(failure);
		recording?.note('uncertain', { mayStillLand: stillInProgress });
		// A read-back that failed is no answer: only a look that worked can show the write absent.
		if (looked.lastFailure !== undefined) throw unsettled(node, write.subject, looked.lastFailure, item.itemIndex);
		if (stillInProgress)
			throw notFoundYet(node, write.subject, failure, looked.waitedMs, sent.at ?? Date.now(), item.itemIndex);
	}
	// The last look showed the second attempt absent too: nothing was written.
	recording?.records.forget();
	throw settledWriteFailure(lastError);
}

/**
 * The write planned, in its item's turn, described and met with its records. The service's step before the send
 * (If Name Exists) comes after the records: an item whose earlier try wrote it is that write, whatever it says.
 */
async function inTurn<T extends IDataObject>(
	node: INode,
	item: WriteItem,
	plan: () => Promise<PlannedWrite<T>> | PlannedWrite<T>,
): Promise<InTurn<T> | { existing: T }> {
	const planned = await plan();
	// A write that fails leaves its turn to the router, which knows whether the run stops there.
	const endTurn = await item.records?.turn(planned.claim);
	let write = await planned.describe();
	if (planned.beforeSend && !earlierTryOf(item.records, write.identity)) {
		const before = await planned.beforeSend();
		if (before && 'existing' in before) return before;
		if (before) write = before.write;
	}
	const recording = recordingOf(write, item.records);
	const earlier = recording ? await earlierRun(node, write, recording, item.itemIndex) : undefined;
	return { planned, write, recording, earlier, endTurn };
}

/** Whether an earlier try of this run recorded this write (the same write, or the same node parameters). */
function earlierTryOf(records: ItemWriteRecords | undefined, identity: object): boolean {
	const record = records?.find();
	return record !== undefined && (record.write === digestOf(identity) || record.parameters === records?.parameters);
}

/** A settled write: recorded, its answer shown to the service (`sentAt`: when it was sent), its turn over. */
async function finished<T extends IDataObject>(
	ready: InTurn<T>,
	outcome: WriteOutcome<T>,
	sentAt?: number,
): Promise<Written<T>> {
	if (sentAt !== undefined) ready.recording?.written(outcome.result);
	if (!outcome.reconciled && sentAt !== undefined) ready.planned.answered?.(outcome.result, sentAt, Date.now());
	const written = markedReconciled(outcome);
	await ready.planned.settled?.(written);
	ready.endTurn?.();
	return written;
}

function markedReconciled<T extends IDataObject>(outcome: WriteOutcome<T>): Written<T> {
	const earlier = outcome.earlierWrite ? { earlierWrite: outcome.earlierWrite } : {};
	if (!outcome.reconciled) return { ...outcome.result, ...earlier };
	return { ...outcome.result, reconciled: true, ...(outcome.why ? { reconciledWhy: outcome.why } : {}), ...earlier };
}

/**
 * Reads the destination back now and after each settle wait until the write shows up. A look that
 * fails (the read-back timed out on a busy machine, say) does not end the window: the next look
 * may work. `lastFailure` is set when the last look failed, so absence was not shown.
 */
async function lookUntilSettled<TResult>(
	write: UncertainWrite<TResult>,
	sent: SentWrite,
): Promise<{ written?: TResult; lastFailure?: unknown; waitedMs: number }> {
	let waitedMs = 0;
	let lastFailure: unknown;
	for (let look = 0; look <= SETTLE_WAITS_MS.length; look++) {
		if (look > 0) {
			await sleep(SETTLE_WAITS_MS[look - 1]);
			waitedMs += SETTLE_WAITS_MS[look - 1];
		}
		const found = await settle(write.findWritten(sent));
		if (found.ok && found.value !== undefined) return { written: found.value, waitedMs };
		lastFailure = found.ok ? undefined : found.error;
	}
	return { lastFailure, waitedMs };
}

/**
 * A refusal: thrown as it is (nothing written, so the item's record goes), unless the write may have
 * happened anyway (afterRefusal), which one look settles; what it leaves open is recorded uncertain.
 */
async function afterRefusal<TResult>(
	node: INode,
	write: UncertainWrite<TResult>,
	sent: SentWrite,
	refusal: unknown,
	recording: Recording | undefined,
	itemIndex?: number,
): Promise<TResult> {
	if (!write.afterRefusal?.applies(refusal)) {
		recording?.records.forget();
		throw refusal;
	}
	const checked = await settle(write.afterRefusal.check(sent, refusal));
	if (checked.ok && checked.value && 'written' in checked.value) return checked.value.written;
	if (checked.ok && checked.value === undefined) recording?.records.forget();
	else recording?.note('uncertain');
	if (!checked.ok) throw unsettled(node, write.subject, checked.error, itemIndex);
	throw checked.value ?? refusal;
}

/**
 * The clock of the storage's listing times (an entry's `timestamp_uploaded`, `timestamp_created`) against this
 * machine's, learnt from the service's own answers that carry one for an object we had just asked for: an upload's
 * answer names its `timestamp_uploaded`, and that object was made between our send and the answer. Nothing in the
 * storage API ties listing times to the HTTP `Date` clock, so until an answer shows the offset, the read-back allows
 * them to be apart by LISTING_SKEW_MS.
 */
export class ListingClock {
	/** Bounds of (listing time − our time), in ms; lo > hi means the answers contradicted each other. */
	private lo = -Infinity;
	private hi = Infinity;

	/** Notes an answer's listing time of the object made between `sentAt` and `answeredAt` (ours, in ms). */
	note(answer: IDataObject, sentAt: number, answeredAt: number): void {
		const listed = entryCreatedAt(answer);
		if (listed === undefined) return;
		// Listing times are whole seconds: the object was made within the second `listed` names.
		this.lo = Math.max(this.lo, listed - answeredAt);
		this.hi = Math.min(this.hi, listed + 1000 - sentAt);
	}

	/** The earliest listing time at our `localMs`, when answers showed the offset (and agreed). */
	earliestAt(localMs: number): number | undefined {
		return Number.isFinite(this.lo) && this.lo <= this.hi ? localMs + this.lo : undefined;
	}

	/** The latest listing time at our `localMs`, when answers showed the offset (and agreed). */
	latestAt(localMs: number): number | undefined {
		return Number.isFinite(this.hi) && this.lo <= this.hi ? localMs + this.hi : undefined;
	}
}

/** What is known of a write's send on the listing's clock. */
export interface SendOnListingClock {
	/** The earliest listing time at the send. */
	earliest: number;
	/** The latest listing time at the send: an entry made at it or later cannot be older than the write. */
	latest: number;
	/** The latest listing time now. */
	latestNow: number;
	/** How far the listing may lag that: 0 once calibrated, `skewMs` (evidence.ts LISTING_SKEW_MS) on `Date` alone. */
	lag: number;
}

/** The send on the listing's clock: by the answers' calibration, else by `Date`, allowed to lag by `skewMs`. */
export function sendOnListingClock(
	clock: ServerClock,
	sentAt: number,
	listing: ListingClock | undefined,
	skewMs: number,
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
	return { earliest: atSend, latest: atSend + 1000, latestNow: atNow + 1000, lag: skewMs };
}
