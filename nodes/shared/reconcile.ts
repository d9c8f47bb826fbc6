import type { INode } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { isUncertainOutcome } from './transport/errors';

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
 * it try once more. It never sends a write whose first attempt may have landed unseen.
 */
export async function writeExactlyOnce<TBefore, TResult>(
	node: INode,
	write: UncertainWrite<TBefore, TResult>,
	itemIndex?: number,
): Promise<WriteOutcome<TResult>> {
	const isUncertain = write.isUncertain ?? isUncertainOutcome;
	const before = await write.snapshot();
	let lastError: unknown;
	for (let attempt = 1; attempt <= 2; attempt++) {
		const sent = await settle(write.write());
		if (sent.ok) return { result: sent.value, reconciled: false, attempts: attempt };
		if (!isUncertain(sent.error)) throw sent.error;
		lastError = sent.error;
		const found = await settle(write.findLanded(before));
		if (!found.ok) throw unknownOutcome(node, write.subject, found.error, itemIndex);
		if (found.value !== undefined) return { result: found.value, reconciled: true, attempts: attempt };
	}
	throw lastError;
}
