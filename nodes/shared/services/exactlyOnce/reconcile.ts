import type { IDataObject, INode } from 'n8n-workflow';
import { sleep } from 'n8n-workflow';

import { isUncertainOutcome, mayStillLand, settledWriteFailure } from '../../transport/errors';
import type { ItemWriteRecords } from './writeRecords';
import { notFoundYet, unsettled } from './outcomeUncertain';
import { earlierRun, recordingOf, type Recording } from './earlierRuns';
import { settle, type SentWrite, type UncertainWrite, type WriteOutcome } from './uncertainWrite';

export { AmbiguousReadBack } from './outcomeUncertain';
export type { SentWrite, UncertainWrite, WriteOutcome } from './uncertainWrite';

/**
 * After an uncertain outcome the service may still be committing the write (a late commit after
 * a 503, a write still running after a timeout): the destination is read now and again after
 * each of these waits before the node concludes anything (15 s in all).
 */
export const SETTLE_WAITS_MS = [1000, 2000, 4000, 8000];

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
 * Runs a write so that it takes effect exactly once, at the cost of the write itself: nothing is read before it.
 * On an uncertain outcome (timeout, reset, 5xx, a 2xx that does not parse, a redirect, MCP `uncertain`) it reads
 * the destination back, now and after each settle wait (SETTLE_WAITS_MS), and returns what was written. Only a
 * write still absent after the whole settle window is sent once more, and never after a timeout (the service may
 * still be working on it): that ends in an "Outcome uncertain" error saying what to check. With `records`
 * (writeRecords.ts), a write an earlier try of this run or the retried execution sent is found there
 * (earlierRuns.ts), never sent twice.
 */
export async function writeExactlyOnce<TResult>(
	node: INode,
	write: UncertainWrite<TResult>,
	itemIndex?: number,
	records?: ItemWriteRecords,
): Promise<WriteOutcome<TResult>> {
	const recording = recordingOf(write, records);
	const earlier = recording ? await earlierRun(node, write, recording, itemIndex) : undefined;
	if (earlier?.outcome) return earlier.outcome;
	const isUncertain = write.isUncertain ?? isUncertainOutcome;
	const stillInProgress = write.mayStillLand ?? mayStillLand;
	const sent: SentWrite = { at: Date.now(), locate: write.locate };
	recording?.note('sending', { at: sent.at });
	let lastError: unknown;
	for (let attempt = 1; attempt <= 2; attempt++) {
		let failure: unknown;
		try {
			// Awaited here, not through a helper: a write is as few frames above the request as can be.
			const result = await write.write();
			return written(recording, { result, reconciled: false, attempts: attempt, ...earlier?.replaced });
		} catch (error) {
			failure = error;
		}
		if (!isUncertain(failure)) {
			const result = await afterRefusal(node, write, sent, failure, recording, itemIndex);
			return written(recording, { result, reconciled: true, attempts: attempt, ...earlier?.replaced });
		}
		lastError = failure;
		const looked = await lookUntilSettled(write, sent);
		if (looked.written !== undefined) {
			const result = looked.written;
			return written(recording, { result, reconciled: true, attempts: attempt, ...earlier?.replaced });
		}
		recording?.note('uncertain', { mayStillLand: stillInProgress(failure) });
		// A read-back that failed is no answer: only a look that worked can show the write absent.
		if (looked.lastFailure !== undefined) throw unsettled(node, write.subject, looked.lastFailure, itemIndex);
		if (stillInProgress(failure))
			throw notFoundYet(node, write.subject, failure, looked.waitedMs, sent.at ?? Date.now(), itemIndex);
	}
	// The last look showed the second attempt absent too: nothing was written.
	recording?.records.forget();
	throw settledWriteFailure(lastError);
}

function written<TResult>(recording: Recording | undefined, outcome: WriteOutcome<TResult>): WriteOutcome<TResult> {
	recording?.written(outcome.result);
	return outcome;
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
 * A write's result, marked `reconciled: true` when it was found by reading the destination back (and why,
 * when an earlier run wrote it); `earlierWrite` names what an earlier try wrote before the node was edited.
 */
export function markedReconciled<T extends IDataObject>(outcome: WriteOutcome<T>): T & { reconciled?: boolean } {
	const earlier = outcome.earlierWrite ? { earlierWrite: outcome.earlierWrite } : {};
	if (!outcome.reconciled) return { ...outcome.result, ...earlier };
	return { ...outcome.result, reconciled: true, ...(outcome.why ? { reconciledWhy: outcome.why } : {}), ...earlier };
}
