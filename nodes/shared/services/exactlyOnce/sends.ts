import type { IDataObject, INode } from 'n8n-workflow';

import { isUnknownWriteOutcome } from '../../transport/errors';
import { outcomeUncertain } from './uncertainWrite';
import type { WriteRecord } from './writeRecords';
import { earlierRecordOf, earlierWhy, type DeclaredWrite } from './kinds';
import type { WriteItem, Written } from './executor';

/**
 * A send: an effect no read can show (a signing request's e-mails, an MCP tool's call the node cannot map). What a
 * service hands the executor: the send, what of its answer may be kept, and what the user checks.
 */
export interface SendWrite<T extends IDataObject> extends DeclaredWrite<T> {
	/** What of an answer is recorded, to output it again instead of sending again: no key, token or secret. */
	kept(result: T): IDataObject;
}

function uncertainSend(node: INode, write: SendWrite<IDataObject>, cause: unknown, why: string, itemIndex: number) {
	const reason = cause instanceof Error ? cause.message : String(cause);
	return outcomeUncertain(
		node,
		write.subject,
		`${why} (${reason}). No read can show whether it was sent, so the node does not send it again by ` +
			`itself: Retry On Fail and Retry execution output this item as uncertain again. Check ${write.check}. ` +
			`If it was not sent, run the workflow anew for this item.`,
		cause,
		itemIndex,
	);
}

/**
 * Sends at most once, whatever n8n repeats. Recorded before it goes; an answered send is recorded with what `kept`
 * keeps of the answer. A try of the node whose records show this item's send answered outputs that answer,
 * `reconciled: true`, and sends nothing; one whose records show it sent without an answer (or a retried execution
 * that recorded nothing) says "Outcome uncertain" and sends nothing: only the user can say whether to send again.
 */
export async function sendOnce<T extends IDataObject>(
	node: INode,
	item: WriteItem,
	write: SendWrite<T>,
): Promise<Written<T>> {
	const { records, itemIndex } = item;
	const { digest, earlier } = earlierRecordOf(records, write.identity);
	if (earlier?.state === 'written' && earlier.object && records)
		return { ...(earlier.object as T), reconciled: true, reconciledWhy: earlierWhy(earlier, records, 'sent') };
	if (earlier)
		throw uncertainSend(
			node,
			write,
			new Error('its answer was lost'),
			'An earlier try of the node sent this, and its answer did not come',
			itemIndex,
		);
	if (records?.retryingUnrecorded)
		throw uncertainSend(
			node,
			write,
			new Error('the retried run recorded nothing'),
			'This execution retries one that stopped without recording what it sent (a queue worker that was ' +
				'stopped, for example)',
			itemIndex,
		);
	const base = (): Omit<WriteRecord, 'state'> | undefined =>
		records && {
			input: records.input,
			write: digest,
			parameters: records.parameters,
			at: Date.now(),
			execution: records.execution,
		};
	const before = base();
	if (before && records) records.save({ ...before, state: 'sending' });
	let sent: { value: T } | { error: unknown };
	try {
		// Awaited here, not through a helper: a write is as few frames above the request as can be.
		sent = { value: await write.send() };
	} catch (error) {
		sent = { error };
	}
	if ('value' in sent) {
		if (before && records) records.save({ ...before, state: 'written', object: write.kept(sent.value) });
		return sent.value;
	}
	if ((write.isUncertain ?? isUnknownWriteOutcome)(sent.error)) {
		if (before && records) records.save({ ...before, state: 'uncertain' });
		throw uncertainSend(node, write, sent.error, "Svc's answer was lost after the request went out", itemIndex);
	}
	// A refusal: nothing was sent.
	records?.forget();
	throw sent.error;
}
