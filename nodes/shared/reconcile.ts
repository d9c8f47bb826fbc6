import type { INode } from 'n8n-workflow';
import { NodeApiError, sleep } from 'n8n-workflow';

import { isUncertainOutcome, mayStillLand, OUTCOME_UNCERTAIN } from './transport/errors';

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
}

export interface WriteOutcome<TResult> {
	result: TResult;
	/** True when the write's answer was lost and the result was found by reading the destination back. */
	reconciled: boolean;
	/** How many times the write was sent (1, or 2 when the first attempt certainly did not land). */
	attempts: number;
}

function outcomeUncertain(node: INode, subject: string, description: string, cause: unknown, itemIndex: number | undefined): NodeApiError {
	const reason = cause instanceof Error ? cause.message : String(cause);
	return new NodeApiError(
		node,
		{ message: reason },
		{ message: `${OUTCOME_UNCERTAIN}: could not confirm whether ${subject} was written`, description, itemIndex },
	);
}

function unknownOutcome(node: INode, subject: string, cause: unknown, itemIndex: number | undefined): NodeApiError {
	const reason = cause instanceof Error ? cause.message : String(cause);
	return outcomeUncertain(
		node,
		subject,
		`The service's answer was lost and reading the destination back failed too (${reason}). Check the destination for ${subject} before running the node again, so nothing is written twice.`,
		cause,
		itemIndex,
	);
}

function notFoundYet(node: INode, subject: string, cause: unknown, waitedMs: number, itemIndex: number | undefined): NodeApiError {
	const reason = cause instanceof Error ? cause.message : String(cause);
	return outcomeUncertain(
		node,
		subject,
		`The service did not answer in time (${reason}), and ${subject} had not appeared in the destination ${Math.round(waitedMs / 1000)} s later. The service may still be carrying the request out, so the node did not send it again. Check the destination for ${subject} before running the node again, or raise the Timeout option.`,
		cause,
		itemIndex,
	);
}

/**
 * What a read-back throws when the destination shows something that may or may not be our write
 * (two candidates, or a name that differs from ours only in letter case): no proof either way.
 */
export class AmbiguousReadBack extends Error {}

function ambiguous(node: INode, subject: string, cause: AmbiguousReadBack, itemIndex: number | undefined): NodeApiError {
	return outcomeUncertain(
		node,
		subject,
		`The service's answer was lost, and the destination now shows ${cause.message}: the node cannot tell whether that is ${subject}, so it did not send it again. Check the destination for ${subject} before running the node again, so nothing is written twice.`,
		cause,
		itemIndex,
	);
}

/** A read-back that gave no answer: ambiguous, or failed. */
function unsettled(node: INode, subject: string, cause: unknown, itemIndex: number | undefined): NodeApiError {
	return cause instanceof AmbiguousReadBack ? ambiguous(node, subject, cause, itemIndex) : unknownOutcome(node, subject, cause, itemIndex);
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

/**
 * Runs a write so that it takes effect exactly once. On an uncertain outcome (timeout, reset,
 * 5xx, a 2xx that does not parse, a redirect, MCP `uncertain`) it reads the destination back,
 * now and after each settle wait (SETTLE_WAITS_MS), and returns what was written. Only a write still
 * absent after the whole settle window is sent once more, and never after a timeout (the service
 * may still be working on it): that ends in an "Outcome uncertain" error saying what to check.
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
		let failure: unknown;
		try {
			// Awaited here, not through a helper: a write is as few frames above the request as can be.
			return { result: await write.write(), reconciled: false, attempts: attempt };
		} catch (error) {
			failure = error;
		}
		if (!isUncertain(failure)) return { result: await afterRefusal(node, write, before, failure, itemIndex), reconciled: true, attempts: attempt };
		lastError = failure;
		const looked = await lookUntilSettled(write, before);
		if (looked.written !== undefined) return { result: looked.written, reconciled: true, attempts: attempt };
		// A read-back that failed is no answer: only a look that worked can show the write absent.
		if (looked.lastFailure !== undefined) throw unsettled(node, write.subject, looked.lastFailure, itemIndex);
		if (stillInProgress(failure)) throw notFoundYet(node, write.subject, failure, looked.waitedMs, itemIndex);
	}
	throw lastError;
}

/** A refusal: thrown as it is, unless the write may have happened anyway (afterRefusal), which one look settles. */
async function afterRefusal<TBefore, TResult>(node: INode, write: UncertainWrite<TBefore, TResult>, before: TBefore, refusal: unknown, itemIndex?: number): Promise<TResult> {
	if (!write.afterRefusal?.applies(refusal)) throw refusal;
	const checked = await settle(write.afterRefusal.check(before, refusal));
	if (!checked.ok) throw unsettled(node, write.subject, checked.error, itemIndex);
	if (checked.value && 'written' in checked.value) return checked.value.written;
	throw checked.value ?? refusal;
}
