import type { IDataObject, INode, NodeApiError } from 'n8n-workflow';

import { AmbiguousReadBack, outcomeUncertain, settle, type UncertainWrite, type WriteOutcome } from './uncertainWrite';
import { digestOf, MAY_STILL_LAND_MS, type ItemWriteRecords, type WriteRecord } from './writeRecords';
import { CARRIED_OTHER_WRITE, earlierUncertainStep, earlierWriter, TOOK_NOTHING, WAY_FORWARD } from './wayForward';
import { whyTaken, type EarlierLook } from './wayForward';

/** A write's records with what the write needs of them, when n8n may run it again. */
export interface Recording {
	records: ItemWriteRecords;
	/** Digest of the write's identity. */
	write: string;
	note(state: WriteRecord['state'], fields?: Partial<WriteRecord>): void;
	written(result: unknown): void;
}

export function recordingOf<TResult>(
	write: UncertainWrite<TResult>,
	records: ItemWriteRecords | undefined,
): Recording | undefined {
	if (!records) return undefined;
	const digest = digestOf(write.identity);
	let at: number | undefined;
	const base = () => ({
		input: records.input,
		write: digest,
		parameters: records.parameters,
		at: (at ??= Date.now()),
		execution: records.execution,
	});
	return {
		records,
		write: digest,
		note: (state, fields = {}) => {
			if (fields.at !== undefined) at = fields.at;
			records.save({ ...base(), locate: { subject: write.subject, ...write.locate }, ...fields, state });
		},
		written: (result) => records.save({ ...base(), state: 'written', object: write.objectOf(result as TResult) }),
	};
}

function unknownOutcome(node: INode, subject: string, cause: unknown, itemIndex: number | undefined): NodeApiError {
	const reason = cause instanceof Error ? cause.message : String(cause);
	return outcomeUncertain(
		node,
		subject,
		`The service's answer was lost and reading the destination back failed too (${reason}). Check ` +
			`the destination for ${subject} before running the node again, so nothing is written twice. ` +
			WAY_FORWARD,
		cause,
		itemIndex,
	);
}

function ambiguous(
	node: INode,
	subject: string,
	cause: AmbiguousReadBack,
	itemIndex: number | undefined,
	tookFound = false,
): NodeApiError {
	const choice = tookFound ? ` ${TOOK_NOTHING}` : '';
	return outcomeUncertain(
		node,
		subject,
		`The service's answer was lost, and the destination now shows ${cause.message}: the node ` +
			`cannot tell whether that is ${subject}, so it did not send it again.${choice} Check the destination ` +
			`for ${subject} before running the node again, so nothing is written twice. ${WAY_FORWARD}`,
		cause,
		itemIndex,
	);
}

/** A read-back that gave no answer: ambiguous, or failed. */
export function unsettled(
	node: INode,
	subject: string,
	cause: unknown,
	itemIndex: number | undefined,
	tookFound = false,
): NodeApiError {
	return cause instanceof AmbiguousReadBack
		? ambiguous(node, subject, cause, itemIndex, tookFound)
		: unknownOutcome(node, subject, cause, itemIndex);
}

/** A write that timed out and is not there yet: "Outcome uncertain", saying when a retry writes it. */
export function notFoundYet(
	node: INode,
	subject: string,
	cause: unknown,
	waitedMs: number,
	sentAt: number,
	itemIndex: number | undefined,
): NodeApiError {
	const reason = cause instanceof Error ? cause.message : String(cause);
	// Rounded up to the minute shown: a retry at the time the message names is never too early.
	const writableAt = Math.ceil((sentAt + MAY_STILL_LAND_MS) / 60_000) * 60_000;
	const writable = new Date(writableAt).toISOString().slice(0, 16).replace('T', ' ');
	return outcomeUncertain(
		node,
		subject,
		`The service did not answer in time (${reason}), and ${subject} had not appeared in the destination ` +
			`${Math.round(waitedMs / 1000)} s later. The service may still be carrying the request out, ` +
			`so the node did not send it again. Check the destination for ${subject}. If it is still missing ` +
			`after ${writable} UTC, retry this execution: the node then writes it. To write it at once, retry ` +
			`with Options → Earlier Uncertain Writes set to Write Again, or run the workflow anew (a copy, if the ` +
			`first request lands after all); under On Error → Continue, send this item back into the node ` +
			`after that time. A higher Timeout option avoids this.`,
		cause,
		itemIndex,
	);
}

/** What an earlier run of this item means for this try: its write found, or written anew and named. */
export interface EarlierRun<TResult> {
	outcome?: WriteOutcome<TResult>;
	replaced?: { earlierWrite: IDataObject };
}

function whyOf(record: WriteRecord, records: ItemWriteRecords): string {
	return `${earlierWriter(record, records.execution)} wrote it`;
}

/** What a look's settled result shows of an earlier write `record` describes. */
function lookOf<TResult>(
	found: { ok: true; value: TResult | undefined } | { ok: false; error: unknown },
	record: WriteRecord,
): EarlierLook {
	if (found.ok) {
		if (found.value !== undefined) return 'found';
		const age = Date.now() - record.at;
		const mayStillLand = (record.mayStillLand === true || record.state === 'sending') && age < MAY_STILL_LAND_MS;
		return mayStillLand ? 'absentMayStillLand' : 'absent';
	}
	return found.error instanceof AmbiguousReadBack ? 'ambiguous' : 'failed';
}

/**
 * What an earlier run of this item (a try before Retry On Fail's, or the run Retry execution continues) did:
 * - the same write (what it sends is unchanged, or the node's parameters are, as with a `$now` in a name): a
 *   written object is read back as it is now (written again when it no longer exists); an unsettled one is looked
 *   for once, as that run sent it;
 * - the node was edited since (what it sends and its parameters differ): the write is made anew, and the earlier
 *   object is named in the output (`earlierWrite`) — never taken for the edited write;
 * Undefined when nothing was sent or the write is provably absent: send it now.
 */
export async function earlierRun<TResult>(
	node: INode,
	write: UncertainWrite<TResult>,
	recording: Recording,
	itemIndex?: number,
): Promise<EarlierRun<TResult> | undefined> {
	const { records } = recording;
	const record = records.find();
	if (!record) {
		if (records.retryingUnrecorded && !write.safeToRepeat) await noUnrecordedWrite(node, write, itemIndex);
		return undefined;
	}
	if (record.write !== recording.write && record.parameters !== records.parameters) {
		if (record.carried)
			throw outcomeUncertain(node, write.subject, CARRIED_OTHER_WRITE, new Error('another write'), itemIndex);
		records.forget();
		if (write.safeToRepeat) return undefined;
		return { replaced: { earlierWrite: await earlierObject(write, record) } };
	}
	const why = whyOf(record, records);
	if (record.state === 'written' && record.object) {
		const now = await settle(write.readBack(record.object));
		if (!now.ok) throw unsettled(node, write.subject, now.error, itemIndex);
		if (now.value === undefined) {
			records.forget();
			return undefined;
		}
		return { outcome: { result: now.value, reconciled: true, why } };
	}
	return await unsettledEarlier(node, write, record, records, itemIndex);
}

/** The object an edited node's earlier try wrote, for the output: what the user removes if unwanted. */
async function earlierObject<TResult>(write: UncertainWrite<TResult>, record: WriteRecord): Promise<IDataObject> {
	if (record.state !== 'written' || !record.object) return { subject: record.locate?.subject, confirmed: false };
	const named = write.nameOf ? await settle(write.nameOf(record.object)) : undefined;
	return { ...(named?.ok ? named.value : record.object), confirmed: true };
}

/**
 * An earlier write whose outcome was not settled: one look, as that run sent it. What the look cannot settle follows
 * Earlier Uncertain Writes (`earlierUncertainStep`), read here, where the record is met, and nowhere else.
 */
async function unsettledEarlier<TResult>(
	node: INode,
	write: UncertainWrite<TResult>,
	record: WriteRecord,
	records: ItemWriteRecords,
	itemIndex?: number,
): Promise<EarlierRun<TResult> | undefined> {
	const locate = record.locate ?? write.locate;
	const found = await settle(write.findWritten({ at: record.at, locate }));
	const look = lookOf(found, record);
	const choice = look === 'ambiguous' || look === 'absentMayStillLand' ? (records.choice?.() ?? 'stop') : 'stop';
	let step = earlierUncertainStep(choice, look);
	let last = found;
	if (step === 'lookUntimed') {
		// Take What Was Found: the object that holds what was sent, whenever the clocks say it was made.
		last = await settle(write.findWritten({ at: undefined, locate }));
		step = earlierUncertainStep('stop', lookOf(last, record));
		if (step === 'take' && last.ok)
			return { outcome: { result: last.value as TResult, reconciled: true, why: whyTaken(record, records.execution) } };
	}
	switch (step) {
		case 'take':
			return { outcome: { result: (last as { value: TResult }).value, reconciled: true, why: whyOf(record, records) } };
		case 'write':
			if (choice !== 'writeAgain') return undefined;
			// Sent once more as the user said: the earlier write is named, a copy if it landed after all.
			return { replaced: { earlierWrite: { subject: write.subject, confirmed: false } } };
		case 'notYet': {
			const age = Date.now() - record.at;
			const cause = new Error('an earlier try of this node sent it and its answer did not come');
			throw notFoundYet(node, write.subject, cause, age, record.at, itemIndex);
		}
		default:
			throw unsettled(node, write.subject, (last as { error: unknown }).error, itemIndex, choice === 'takeFound');
	}
}

/**
 * A retried execution whose run recorded nothing (a queue worker stopped mid-node saves nothing):
 * what already looks like this write may be that run's, and the node cannot tell. It says so
 * rather than writing a second copy.
 */
async function noUnrecordedWrite<TResult>(
	node: INode,
	write: UncertainWrite<TResult>,
	itemIndex?: number,
): Promise<void> {
	const found = await settle(write.findWritten({ at: undefined, locate: write.locate }));
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
