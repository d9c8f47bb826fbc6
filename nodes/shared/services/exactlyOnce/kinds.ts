import type { IDataObject } from 'n8n-workflow';

import { digestOf, type ItemWriteRecords, type WriteRecord } from './writeRecords';

/** What a set (sets.ts) and a send (sends.ts) are handed alike: what it is, what to check, its one attempt. */
export interface DeclaredWrite<T extends IDataObject> {
	/** What is written, for messages: `the rename of the file … to "b.txt"`, `the signing request for …`. */
	subject: string;
	/** What the user checks where the node cannot tell: `the file's name (File → Get Info)`. */
	check: string;
	/** Everything that shapes the write (the object, what is asked of it): kept as a digest. */
	identity: IDataObject;
	/** One attempt. */
	send(): Promise<T>;
	/**
	 * Whether an error leaves the outcome unknown; default: as the transport reports a write's (transport/errors.ts
	 * `isUnknownWriteOutcome`), so a 200 saying `success: false` stays the refusal it is.
	 */
	isUncertain?: (error: unknown) => boolean;
}

/**
 * What an earlier try of this run recorded of this item's write: the same write, or the same node parameters (a `$now`
 * in a value). A record of another write (the node was edited) is dropped: this write is new.
 */
export function earlierRecordOf(
	records: ItemWriteRecords | undefined,
	identity: IDataObject,
): { digest: string; earlier?: WriteRecord } {
	const digest = digestOf(identity);
	const record = records?.find();
	const same = record && (record.write === digest || record.parameters === records?.parameters);
	if (record && !same) records?.forget();
	return { digest, earlier: same ? record : undefined };
}

/** Why a write found done is this item's: an earlier try of this node, or the execution this one retries. */
export function earlierWhy(record: WriteRecord, records: ItemWriteRecords, verb: 'wrote' | 'sent'): string {
	return record.execution === records.execution
		? `an earlier try of this node ${verb} it`
		: `execution ${record.execution}, which this one retries, ${verb} it`;
}
