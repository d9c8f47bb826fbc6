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
	/** This execution retries a failed one (Retry execution), whose run may have written without a record. */
	readonly retrying: boolean;
	readonly execution: string;
	find(identity: IDataObject): WriteRecord | undefined;
	save(identity: IDataObject, record: WriteRecord): void;
	forget(identity: IDataObject): void;
}

/** What identifies an input item across runs: its JSON and its files' names and sizes (not their storage IDs). */
function inputFingerprint(item: INodeExecutionData | undefined): unknown {
	if (!item) return null;
	const files = Object.entries(item.binary ?? {}).map(([property, file]) => [property, file.fileName, file.fileSize, file.mimeType]);
	return [item.json, files];
}

function keyOf(value: unknown): string {
	return hash('sha256', JSON.stringify(value), 'base64url').slice(0, 22);
}

/** The write records of a node's execution (none for editor lookups and polls, which do not write). */
export class WriteRecords {
	/** The records earlier tries left, as this run of the node started. */
	private readonly earlier: Set<string>;

	private constructor(private readonly ctx: IExecuteFunctions) {
		this.earlier = new Set(Object.keys(this.records));
	}

	static of(ctx: object): WriteRecords | undefined {
		const execute = ctx as Partial<IExecuteFunctions>;
		if (typeof execute.getContext !== 'function' || typeof execute.getInputData !== 'function') return undefined;
		return new WriteRecords(ctx as IExecuteFunctions);
	}

	private get records(): Record<string, WriteRecord> {
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
		return {
			retrying: this.ctx.getMode() === 'retry',
			execution: String(this.ctx.getExecutionId() ?? ''),
			find: (identity) => {
				const found = records()[key(identity)];
				return found && typeof found === 'object' ? found : undefined;
			},
			save: (identity, record) => {
				records()[key(identity)] = JSON.parse(JSON.stringify(record)) as WriteRecord;
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
		if (RECORDS_KEY in context) delete context[RECORDS_KEY];
	}
}
