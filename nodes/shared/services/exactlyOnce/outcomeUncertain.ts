import type { INode } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { OUTCOME_UNCERTAIN } from '../../transport/errors';
import { MAY_STILL_LAND_MS, type WriteRecord } from './writeRecords';

/** The "Outcome uncertain" errors of writeExactlyOnce: what could not be confirmed, and what to check. */

export function outcomeUncertain(
	node: INode,
	subject: string,
	description: string,
	cause: unknown,
	itemIndex: number | undefined,
): NodeApiError {
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
		`The service's answer was lost and reading the destination back failed too (${reason}). Check ` +
			`the destination for ${subject} before running the node again, so nothing is written twice.`,
		cause,
		itemIndex,
	);
}

export function notFoundYet(
	node: INode,
	subject: string,
	cause: unknown,
	waitedMs: number,
	sentAt: number,
	itemIndex: number | undefined,
): NodeApiError {
	const reason = cause instanceof Error ? cause.message : String(cause);
	const writable = new Date(sentAt + MAY_STILL_LAND_MS).toISOString().slice(0, 16).replace('T', ' ');
	return outcomeUncertain(
		node,
		subject,
		`The service did not answer in time (${reason}), and ${subject} had not appeared in the destination ` +
			`${Math.round(waitedMs / 1000)} s later. The service may still be carrying the request out, ` +
			`so the node did not send it again. Check the destination for ${subject}. If it is still missing ` +
			`after ${writable} UTC, retry this execution: the node then writes it. Running the workflow anew ` +
			`writes it at once (a copy, if the first request lands after all). A higher Timeout option avoids this.`,
		cause,
		itemIndex,
	);
}

/**
 * What a read-back throws when the destination shows something that may or may not be our write
 * (two candidates, or a name that differs from ours only in letter case): no proof either way.
 */
export class AmbiguousReadBack extends Error {}

function ambiguous(
	node: INode,
	subject: string,
	cause: AmbiguousReadBack,
	itemIndex: number | undefined,
): NodeApiError {
	return outcomeUncertain(
		node,
		subject,
		`The service's answer was lost, and the destination now shows ${cause.message}: the node ` +
			`cannot tell whether that is ${subject}, so it did not send it again. Check the destination ` +
			`for ${subject} before running the node again, so nothing is written twice.`,
		cause,
		itemIndex,
	);
}

/** A read-back that gave no answer: ambiguous, or failed. */
export function unsettled(node: INode, subject: string, cause: unknown, itemIndex: number | undefined): NodeApiError {
	return cause instanceof AmbiguousReadBack
		? ambiguous(node, subject, cause, itemIndex)
		: unknownOutcome(node, subject, cause, itemIndex);
}

/**
 * A failure of an item an earlier try (or the retried execution) already sent a write for, before
 * this try could settle it: the write may well be there, so the failure says "Outcome uncertain".
 */
export function withEarlierWrite(
	node: INode,
	error: unknown,
	record: WriteRecord | undefined,
	itemIndex: number,
): unknown {
	const message = error instanceof Error ? error.message : String(error);
	if (!record || message.startsWith(OUTCOME_UNCERTAIN)) return error;
	const earlier =
		record.state === 'written' ? 'wrote this item' : "sent this item's write, and its outcome was not settled";
	return new NodeApiError(
		node,
		{ message },
		{
			message: `${OUTCOME_UNCERTAIN}: an earlier try of the node ${earlier}, and this try failed`,
			description:
				`This try failed before it could check the earlier write: ${message} Check the destination ` +
				`before running the workflow again; running the node again in this execution (Retry On Fail, ` +
				`Retry execution) finds the earlier write and never writes it twice.`,
			itemIndex,
		},
	);
}
