import { hash } from 'crypto';
import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

/**
 * Where a node records the writes it attempts: the execution's own context data for the node
 * (`getContext('node')`). n8n keeps it across Retry On Fail's tries (the same execution data),
 * saves it with the execution (main and queue workers alike) and hands it back to Retry execution,
 * which continues the failed execution's data. The workflow's static data is not used: n8n saves
 * it whole for every node of the workflow at the end of an execution (last one wins), so an
 * action node writing it could roll back a trigger's position saved by a poll meanwhile.
 */
const RECORDS_KEY = 'svcWrites';

/** Set when a retried execution began the node with no records at all: its failed run may have written unrecorded. */
const UNRECORDED_KEY = 'svcRetriedUnrecorded';

/**
 * A write that timed out may still be carried out by the service: within this time after it was
 * sent, a later try that finds it absent still does not send it again.
 */
export const MAY_STILL_LAND_MS = 10 * 60 * 1000;

export interface WriteRecord {
	/** `sending`: sent, answer not settled; `written`: done (`result` holds it); `uncertain`: not settled. */
	state: 'sending' | 'written' | 'uncertain';
	/** When it was first sent (ms since the epoch). */
	at: number;
	/** The execution that sent it. */
	execution: string;
	/** What the destination held before, as the write keeps it (`UncertainWrite.recorded`). */
	before?: unknown;
	result?: IDataObject;
	/** The last answer was a timeout: the service may still carry it out. */
	mayStillLand?: boolean;
}

/** The records of one item's writes in one run of a node. */
export interface ItemWriteRecords {
	/**
	 * This execution retries a failed one (Retry execution) whose run of the node left no records at all
	 * (a queue worker stopped mid-node saves none): that run may have written without a record.
	 */
	readonly retryingUnrecorded: boolean;
	readonly execution: string;
	find(identity: IDataObject): WriteRecord | undefined;
	save(identity: IDataObject, record: WriteRecord): void;
	forget(identity: IDataObject): void;
}

/** What identifies an input item across runs: its JSON and its files' names and sizes (not their storage IDs). */
function inputFingerprint(item: INodeExecutionData | undefined): unknown {
	if (!item) return null;
	const files = Object.entries(item.binary ?? {}).map(([property, file]) => [
		property,
		file.fileName,
		file.fileSize,
		file.mimeType,
	]);
	return [item.json, files];
}

function keyOf(value: unknown): string {
	return hash('sha256', JSON.stringify(value), 'base64url').slice(0, 22);
}

/** The write records of a node's execution (none for editor lookups and polls, which do not write). */
export class WriteRecords {
	/** The records earlier tries left, as this run of the node started. */
	private readonly earlier: Set<string>;

	/** See ItemWriteRecords.retryingUnrecorded; decided once, when a retried execution first runs the node. */
	private readonly retryingUnrecorded: boolean;

	private constructor(private readonly ctx: IExecuteFunctions) {
		this.earlier = new Set(Object.keys(this.records));
		const context = ctx.getContext('node');
		const retrying = ctx.getMode() === 'retry';
		// A run that recorded anything was not stopped mid-node: items it left unrecorded were never reached.
		if (retrying && context[UNRECORDED_KEY] === undefined) context[UNRECORDED_KEY] = this.earlier.size === 0;
		this.retryingUnrecorded = retrying && context[UNRECORDED_KEY] === true;
	}

	static of(ctx: object): WriteRecords | undefined {
		const execute = ctx as Partial<IExecuteFunctions>;
		if (typeof execute.getContext !== 'function' || typeof execute.getInputData !== 'function') return undefined;
		return new WriteRecords(ctx as IExecuteFunctions);
	}

	/** The records as they are, without adding any to the execution's data (reads record nothing). */
	private get records(): Record<string, WriteRecord> {
		const saved: unknown = this.ctx.getContext('node')[RECORDS_KEY];
		return saved && typeof saved === 'object' ? (saved as Record<string, WriteRecord>) : {};
	}

	private get recordsToWrite(): Record<string, WriteRecord> {
		const context = this.ctx.getContext('node');
		if (!context[RECORDS_KEY] || typeof context[RECORDS_KEY] !== 'object') context[RECORDS_KEY] = {};
		return context[RECORDS_KEY] as Record<string, WriteRecord>;
	}

	/** Records are keyed by the item's index and input, then by the write: `<index>:<input>:<write>`. */
	private itemPrefix(itemIndex: number): string {
		return `${itemIndex}:${keyOf(inputFingerprint(this.ctx.getInputData()[itemIndex]))}:`;
	}

	/** What an earlier try recorded of any write of this item (as it stands now): a failure now must not hide it. */
	earlierWriteOf(itemIndex: number): WriteRecord | undefined {
		const prefix = this.itemPrefix(itemIndex);
		return Object.entries(this.records).find(([key]) => key.startsWith(prefix) && this.earlier.has(key))?.[1];
	}

	forItem(itemIndex: number): ItemWriteRecords {
		const prefix = this.itemPrefix(itemIndex);
		const key = (identity: IDataObject) => `${prefix}${keyOf(identity)}`;
		const records = () => this.records;
		const recordsToWrite = () => this.recordsToWrite;
		return {
			retryingUnrecorded: this.retryingUnrecorded,
			execution: String(this.ctx.getExecutionId() ?? ''),
			find: (identity) => {
				const found = records()[key(identity)];
				return found && typeof found === 'object' ? found : undefined;
			},
			save: (identity, record) => {
				recordsToWrite()[key(identity)] = JSON.parse(JSON.stringify(record)) as WriteRecord;
			},
			forget: (identity) => {
				delete records()[key(identity)];
			},
		};
	}

	/**
	 * After a run of the node in which every item succeeded: its records are no longer needed (n8n
	 * runs a node that succeeded again only in a loop, where the same input is a new write).
	 */
	clear(): void {
		const context = this.ctx.getContext('node');
		delete context[RECORDS_KEY];
		delete context[UNRECORDED_KEY];
	}
}
