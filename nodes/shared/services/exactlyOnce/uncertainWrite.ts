import type { IDataObject } from 'n8n-workflow';

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
	/** One attempt of the write. */
	write(): Promise<TResult>;
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
