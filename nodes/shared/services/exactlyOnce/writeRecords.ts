import { hash } from 'crypto';
import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { RunLooks, WriteTurns, type Claim } from './writeTurns';
import { carriedRecord, choiceOf, parametersOfWrite } from './wayForward';
import type { CarriedItems, EarlierUncertainChoice } from './wayForward';
import { runningNodeOf } from '../../transport/runningNode';

/**
 * Where a node records the writes it attempts: the execution's context data for the node (`getContext('node')`),
 * under the node's run index. n8n keeps it across Retry On Fail's tries, saves it with the execution (main and queue
 * workers alike) and hands it back to Retry execution, which re-runs the failed run with its run index; a loop or a
 * second branch has a run index of its own. Not the workflow's static data: n8n saves it whole at the end of an
 * execution (last one wins), which could roll back a trigger's position saved meanwhile.
 */
const RECORDS_KEY = 'svcWrites';

/** Beside the records: the IDs what ended runs of the node wrote, so a later run never takes one for its own. */
const WRITTEN_KEY = 'svcWritten';

/** In the execution's flow context: the execution in which a writing Svc node last began a run. */
const FIRST_WRITER_KEY = 'svcWriting';

/** A write that timed out may still land this long after it was sent: a later try finding it absent waits. */
export const MAY_STILL_LAND_MS = 10 * 60 * 1000;

/** One item's write in one run of the node: identities only, never a key, token or answer. */
export interface WriteRecord {
	/** `sending`: sent, answer not settled; `written`: done (`object` names it); `uncertain`: not settled. */
	state: 'sending' | 'written' | 'uncertain';
	/** Digests of the item's input, of what the write sends (its identity) and of the node's parameters. */
	input: string;
	write: string;
	parameters: string;
	/** When it was first sent (ms since the epoch, this machine's clock). */
	at: number;
	/** The execution that sent it. */
	execution: string;
	/** The written object: its hash or ID and name, all a later try needs to read it back. */
	object?: IDataObject;
	/** While unsettled: what a later look needs to find it (destination, name, size…). */
	locate?: IDataObject;
	/** The last answer was a timeout: the service may still carry it out. */
	mayStillLand?: boolean;
	/** Taken from the item's `uncertainWrite` (an uncertain item of an earlier run sent back into the node). */
	carried?: boolean;
}

/** One run of the node: its items' records (`items`, CarriedItems) and the looks its writes were settled against. */
interface RunRecord extends CarriedItems {
	/** Looks taken once per run and destination (a DVS register's newest documents, a task's comment count). */
	looks?: Record<string, unknown>;
	/** How many tries of this run began in which execution (Retry On Fail's), to know the last one. */
	tries: { execution: string; count: number };
	/** This run is Retry execution's of a run that left no record (a queue worker stopped mid-node). */
	unrecorded?: boolean;
}

/** The records of one item's write in one run of the node, as the write needs them. */
export interface ItemWriteRecords {
	/**
	 * This execution retries a failed one (Retry execution) whose run of the node left no record at all
	 * (a queue worker stopped mid-node saves none): that run may have written without a record.
	 */
	readonly retryingUnrecorded: boolean;
	readonly execution: string;
	/** Digests of the item's input and of the node's parameters now. */
	readonly input: string;
	readonly parameters: string;
	/** What an earlier try of this run recorded of this item (none for another input), or its uncertainWrite's. */
	find(): WriteRecord | undefined;
	/** Earlier Uncertain Writes for this item (wayForward.ts): read only where an uncertain earlier write is met. */
	choice?(): EarlierUncertainChoice;
	save(record: WriteRecord): void;
	forget(): void;
	/** The objects other items of this run wrote (hashes or IDs): never this item's write. */
	writtenByOthers(): Set<string>;
	/** A look taken once per run and destination: the recorded one, else `take()`'s, recorded. */
	look<T>(key: string, take: () => Promise<T>): Promise<T>;
	/**
	 * The item's turn to write what it claims (writeTurns.ts): once every earlier item of the run whose claim meets
	 * it has written (or failed); the function it gives ends the turn. Throws when such an item failed under On
	 * Error → Stop (the run stops there).
	 */
	turn(claim: Claim): Promise<() => void>;
}

/** A short digest of a JSON value: what records keep instead of the value. */
export function digestOf(value: unknown): string {
	return hash('sha256', JSON.stringify(value) ?? 'undefined', 'base64url').slice(0, 22);
}

/** What identifies an input item across tries: its JSON and its files' names and sizes (not their storage IDs). */
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

/** How a run of the node ended, for deciding whether its records are still of use. */
export interface RunEnd {
	/** The node throws: n8n may run it again (Retry On Fail, Retry execution). */
	threw: boolean;
	/** Items that failed (On Error → Continue): only item 0's failure makes Retry On Fail run the node again. */
	failedItems: number[];
}

/**
 * The write records of one run of a node: created by the router where a write operation's run starts and handed
 * down to its service (none for reads, editor lookups and polls, which do not write).
 */
export class WriteRecords {
	private readonly run: string;

	/** The item records earlier tries of this run left, as this try began. */
	private earlier = new Set<string>();

	/** The items' turns to write (writeTurns.ts): the router begins and ends each item, a write claims its turn. */
	readonly turns = new WriteTurns();

	private readonly looks = new RunLooks();

	readonly parameters: string;

	constructor(private readonly ctx: IExecuteFunctions) {
		this.run = String(runIndexOf(ctx));
		this.parameters = digestOf(parametersOfWrite(runningNodeOf(ctx).parameters));
	}

	/**
	 * A write operation's run begins (the router): its record is created, or found when this is a later try of it
	 * or Retry execution's; a retried execution that finds none retries a run that stopped without recording.
	 */
	begin(): void {
		const runs = this.runs(true);
		const execution = this.execution;
		const restarts = this.restartsRetriedExecution();
		if (!runs[this.run]) {
			const unrecorded = restarts ? { unrecorded: true } : {};
			runs[this.run] = { items: {}, tries: { execution, count: 0 }, ...unrecorded };
		}
		const record = runs[this.run];
		if (record.tries?.execution !== execution) record.tries = { execution, count: 0 };
		record.tries.count++;
		this.earlier = new Set(Object.keys(record.items));
	}

	private runs(create = false): Record<string, RunRecord> {
		const context = this.ctx.getContext('node');
		const saved: unknown = context[RECORDS_KEY];
		if (saved && typeof saved === 'object') return saved as Record<string, RunRecord>;
		const runs: Record<string, RunRecord> = {};
		if (create) context[RECORDS_KEY] = runs;
		return runs;
	}

	/**
	 * Whether this run may be the one Retry execution restarts at (the failed node), the only run of a retried
	 * execution that can have stopped mid-node: this is a retried execution and no writing Svc node ran in it
	 * before (noted in the execution's flow context). A node after the restarted one never ran in the failed
	 * execution, so it has nothing unrecorded.
	 */
	private restartsRetriedExecution(): boolean {
		if (this.ctx.getMode() !== 'retry') return false;
		const flow = this.ctx.getContext('flow');
		const first = flow[FIRST_WRITER_KEY] !== this.execution;
		flow[FIRST_WRITER_KEY] = this.execution;
		return first;
	}

	private get execution(): string {
		return String(this.ctx.getExecutionId() ?? '');
	}

	private get record(): RunRecord {
		const runs = this.runs(true);
		runs[this.run] ??= { items: {}, tries: { execution: this.execution, count: 1 } };
		return runs[this.run];
	}

	/** What an earlier try of this run recorded of an item (as it stands now): a failure now must not hide it. */
	earlierWriteOf(itemIndex: number): WriteRecord | undefined {
		if (!this.earlier.has(String(itemIndex))) return undefined;
		const found = this.record.items[String(itemIndex)];
		return found?.input === this.inputOf(itemIndex) ? found : undefined;
	}

	private inputOf(itemIndex: number): string {
		return digestOf(inputFingerprint(this.ctx.getInputData()[itemIndex]));
	}

	forItem(itemIndex: number): ItemWriteRecords {
		const key = String(itemIndex);
		const input = this.inputOf(itemIndex);
		const run = () => this.record;
		return {
			retryingUnrecorded: run().unrecorded === true,
			execution: this.execution,
			input,
			parameters: this.parameters,
			find: () => {
				const found = run().items[key];
				return found?.input === input ? found : carriedRecord(this.ctx, itemIndex, input, run());
			},
			choice: () => choiceOf(this.ctx, itemIndex),
			save: (record) => {
				// Every record is a new object of plain values (earlierRuns.ts `recordingOf`): kept as given.
				run().items[key] = record;
			},
			forget: () => {
				delete run().items[key];
			},
			writtenByOthers: () => this.writtenBesides(key),
			turn: async (claim) => await this.turns.take(itemIndex, claim),
			look: async (name, take) => await this.looks.look((run().looks ??= {}), name, take),
		};
	}

	/** The objects written by this execution's runs of the node, but for this run's item `key`. */
	private writtenBesides(key: string): Set<string> {
		const saved: unknown = this.ctx.getContext('node')[WRITTEN_KEY];
		const written = new Set(Array.isArray(saved) ? (saved as string[]) : []);
		for (const [run, record] of Object.entries(this.runs()))
			for (const id of writtenIn(record, run === this.run ? key : undefined)) written.add(id);
		return written;
	}

	/**
	 * After a run of the node: its records are dropped unless n8n may run it again — it threw (Retry On Fail,
	 * Retry execution), or item 0 failed with Retry On Fail on and tries left (n8n's `checkFailure`). Whatever else
	 * failed under On Error → Continue, the execution goes on and no retry can use them. What the run wrote is
	 * kept as the execution's (`WRITTEN_KEY`) for later runs' read-backs.
	 */
	finish(end: RunEnd): void {
		const node = runningNodeOf(this.ctx);
		const maxTries = node.retryOnFail === true ? Math.min(5, Math.max(2, node.maxTries || 3)) : 1;
		const retriedOnItemZero = end.failedItems.includes(0) && this.record.tries.count < maxTries;
		if (end.threw || retriedOnItemZero) return;
		const runs = this.runs();
		const context = this.ctx.getContext('node');
		const written = runs[this.run] ? writtenIn(runs[this.run]) : [];
		if (written.length > 0) context[WRITTEN_KEY] = [...((context[WRITTEN_KEY] as string[]) ?? []), ...written];
		delete runs[this.run];
		if (Object.keys(runs).length === 0) delete this.ctx.getContext('node')[RECORDS_KEY];
	}
}

/** The objects a run's items wrote (their `id`: a hash or ID), but for item `except`'s. */
function writtenIn(run: RunRecord, except?: string): string[] {
	return Object.entries(run.items).flatMap(([item, record]) => {
		const id = record.state === 'written' && item !== except ? record.object?.id : undefined;
		return typeof id === 'string' || typeof id === 'number' ? [String(id)] : [];
	});
}

/**
 * The node's run index: which run of the node in this execution this is (a loop runs it again). n8n-core's
 * contexts (1.123, 2.41) carry it as `runIndex`; `$runIndex` of the workflow data proxy, which builds a whole
 * expression context to give it, is read only where a context has none.
 */
function runIndexOf(ctx: IExecuteFunctions): number {
	const carried = (ctx as { runIndex?: unknown }).runIndex;
	const index = carried === undefined ? ctx.getWorkflowDataProxy(0).$runIndex : carried;
	return typeof index === 'number' && Number.isInteger(index) ? index : 0;
}
