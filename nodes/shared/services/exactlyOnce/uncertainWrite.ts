import type { IDataObject, INode } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { OUTCOME_UNCERTAIN } from '../../transport/errors';
import type { Claim } from './writeTurns';
import type { WriteRecord } from './writeRecords';

/** A write that was sent: when (this machine's clock; undefined when unknown) and what finds it. */
export interface SentWrite {
	at: number | undefined;
	locate: IDataObject;
}

/**
 * A write the service offers no idempotency key for, described so that an uncertain outcome
 * (timeout, dropped connection, 5xx, MCP `uncertain`) can be settled by looking instead of
 * writing again, and so that n8n running the node again finds it.
 */
export interface UncertainWrite<TResult> {
	/** What is being written, for messages ("the folder \"Reports\""). */
	subject: string;
	/** Everything that shapes the write (its destination, what it writes, its options): kept as a digest. */
	identity: IDataObject;
	/** What a later look needs to find the write (JSON, no secret): kept while the write is unsettled. */
	locate: IDataObject;
	/**
	 * One attempt of the write. A write whose request may wait after it is called (an MCP tool call whose session is
	 * not open yet) calls `leaving` as the request goes: the send's time is taken then.
	 */
	write(leaving?: () => void): Promise<TResult>;
	/**
	 * After an uncertain outcome: the item the write created, if it was written; undefined when a look that worked
	 * shows it absent; an AmbiguousReadBack when what the destination shows proves nothing either way.
	 */
	findWritten(sent: SentWrite): Promise<TResult | undefined>;
	/** The object a result names, as a record keeps it: `id` (hash or ID) and `name`, never a key. */
	objectOf(result: TResult): IDataObject;
	/** A recorded object as it is now (one read), or undefined when it no longer exists. */
	readBack(object: IDataObject): Promise<TResult | undefined>;
	/** How the output names a recorded object an edited node wrote before (default: as recorded). */
	nameOf?(object: IDataObject): Promise<IDataObject>;
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
		check(sent: SentWrite, error: unknown): Promise<{ written: TResult } | Error | undefined>;
	};
	/** A repeat changes nothing (an update): a retried run that recorded nothing sends it again. */
	safeToRepeat?: boolean;
}

/**
 * A write as its service hands it to the executor (executor.ts `writeOnce`): what it claims, how it is described
 * once it is its turn, and the service's own steps around the send.
 */
export interface PlannedWrite<TResult> {
	/** What a read-back could take the write for (writeTurns.ts): its turn waits for earlier items it meets. */
	claim: Claim;
	/** The write, described in its turn (after a look the run takes once per place, where it needs one). */
	describe(): Promise<UncertainWrite<TResult>> | UncertainWrite<TResult>;
	/**
	 * Before the send, unless an earlier try of the run recorded this write (If Name Exists): what exists is the
	 * result, or another description replaces the write (with the listing that step took); undefined: send it.
	 */
	beforeSend?(): Promise<{ existing: TResult } | { write: UncertainWrite<TResult> } | undefined>;
	/** The write answered (`sentAt` to `answeredAt`, this machine's clock): what its answer shows (a listing time). */
	answered?(result: TResult, sentAt: number, answeredAt: number): void;
	/** After the write, still in its turn: what the service completes (a DVS create written in part). */
	settled?(written: TResult & { reconciled?: boolean }): Promise<void>;
}

export interface WriteOutcome<TResult> {
	result: TResult;
	/** True when the write's answer was lost and the result was found by reading the destination back. */
	reconciled: boolean;
	/** Why a write is not this run's own: an earlier try or the retried execution wrote it. */
	why?: string;
	/** The object an earlier try wrote for this item before the node was edited: written anew, named here. */
	earlierWrite?: IDataObject;
}

type Settled<T> = { ok: true; value: T } | { ok: false; error: unknown };

export async function settle<T>(promise: Promise<T>): Promise<Settled<T>> {
	try {
		return { ok: true, value: await promise };
	} catch (error) {
		return { ok: false, error };
	}
}

/* The "Outcome uncertain" errors of the executor: what could not be confirmed, and what to check. */

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

/**
 * What a read-back throws when the destination shows something that may or may not be our write
 * (two candidates, or a name that differs from ours only in letter case): no proof either way.
 */
export class AmbiguousReadBack extends Error {}

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
