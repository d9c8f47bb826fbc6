import type { INode } from 'n8n-workflow';
import { NodeApiError, sleep } from 'n8n-workflow';

import { isUncertainOutcome, mayStillLand } from './transport/errors';

/**
 * After a timeout the service may still be carrying the write out: the destination is read
 * again after these waits before the node concludes anything (15 s in all).
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
	/** After an uncertain outcome: the item our write created, if it landed. */
	findLanded(before: TBefore): Promise<TResult | undefined>;
	/** What is being written, for messages ("the folder \"Reports\""). */
	subject: string;
	/** Whether an error is an uncertain outcome; defaults to the transport's marking. */
	isUncertain?: (error: unknown) => boolean;
	/**
	 * Whether the write may still be in progress at the service (a timeout); defaults to the
	 * transport's marking. Such a write is looked for a while and never sent again.
	 */
	mayStillLand?: (error: unknown) => boolean;
	/** Waits between read-backs while a write may still land; defaults to SETTLE_WAITS_MS. */
	settleWaitsMs?: number[];
}

export interface WriteOutcome<TResult> {
	result: TResult;
	/** True when the write's answer was lost and the result was found by reading the destination back. */
	reconciled: boolean;
	/** How many times the write was sent (1, or 2 when the first attempt certainly did not land). */
	attempts: number;
}

function unknownOutcome(node: INode, subject: string, cause: unknown, itemIndex: number | undefined): NodeApiError {
	const reason = cause instanceof Error ? cause.message : String(cause);
	return new NodeApiError(
		node,
		{ message: reason },
		{
			message: `Could not confirm whether ${subject} was written`,
			description: `The service's answer was lost and reading the destination back failed too (${reason}). Check the destination before running the node again, so nothing is written twice.`,
			itemIndex,
		},
	);
}

function notLandedYet(node: INode, subject: string, cause: unknown, waitedMs: number, itemIndex: number | undefined): NodeApiError {
	const reason = cause instanceof Error ? cause.message : String(cause);
	return new NodeApiError(
		node,
		{ message: reason },
		{
			message: `Could not confirm whether ${subject} was written`,
			description: `The service did not answer in time (${reason}), and ${subject} had not appeared in the destination ${Math.round(waitedMs / 1000)} s later. The service may still be carrying the request out, so the node did not send it again. Check the destination before running the node again, or raise the Timeout option.`,
			itemIndex,
		},
	);
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
 * Runs a write so that it takes effect exactly once: on an uncertain outcome it reads the
 * destination back and returns what landed; only when the write certainly did not land does
 * it try once more. After a timeout the service may still be carrying the write out, so the
 * destination is read again for a while (SETTLE_WAITS_MS) and the write is never resent. It
 * never sends a write whose first attempt may have landed unseen.
 */
export async function writeExactlyOnce<TBefore, TResult>(
	node: INode,
	write: UncertainWrite<TBefore, TResult>,
	itemIndex?: number,
): Promise<WriteOutcome<TResult>> {
	const isUncertain = write.isUncertain ?? isUncertainOutcome;
	const stillInProgress = write.mayStillLand ?? mayStillLand;
	const before = await write.snapshot();
	let lastError: unknown;
	for (let attempt = 1; attempt <= 2; attempt++) {
		const sent = await settle(write.write());
		if (sent.ok) return { result: sent.value, reconciled: false, attempts: attempt };
		if (!isUncertain(sent.error)) throw sent.error;
		lastError = sent.error;
		// A timed-out write may land after we look: look again for a while, and never resend it.
		const waits = stillInProgress(sent.error) ? (write.settleWaitsMs ?? SETTLE_WAITS_MS) : [];
		let waited = 0;
		for (let look = 0; look <= waits.length; look++) {
			if (look > 0) {
				await sleep(waits[look - 1]);
				waited += waits[look - 1];
			}
			const found = await settle(write.findLanded(before));
			if (!found.ok) throw unknownOutcome(node, write.subject, found.error, itemIndex);
			if (found.value !== undefined) return { result: found.value, reconciled: true, attempts: attempt };
		}
		if (waits.length > 0) throw notLandedYet(node, write.subject, sent.error, waited, itemIndex);
	}
	throw lastError;
}
