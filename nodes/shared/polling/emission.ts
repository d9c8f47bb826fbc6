import { hash } from 'crypto';
import type { IDataObject, INodeExecutionData, IPollFunctions } from 'n8n-workflow';

import { pollBudgetMsOf } from './budget';

/** How long this process remembers what a poll emitted, to keep a stale poll of the same trigger from repeating it. */
export const EMISSION_MEMORY_MS = 5 * 60_000;

/** Characters of an emitted item's key in memory: 64 bits of SHA-256 of its event ID, in hex. */
const KEY_CHARS = 16;

/** What one poll emitted: the number of the state it saved (`seq`), when, and its items' keys, sorted and joined. */
interface Emission {
	seq: number;
	at: number;
	keys: string;
}

/** One trigger in this process: the highest state number given, when, and the emissions remembered. */
interface Memory {
	top: number;
	at: number;
	emissions: Emission[];
}

const memories = new Map<string, Memory>();

/** Triggers with a poll running in this process. */
const running = new Set<string>();

function triggerKey(ctx: IPollFunctions): string {
	const node = ctx.getNode();
	return `${ctx.getWorkflow().id ?? ''}:${node.id || node.name}`;
}

function keyOf(eventId: string): string {
	return hash('sha256', eventId, 'hex').slice(0, KEY_CHARS);
}

/** An item's identity: its event ID (every item a trigger emits carries one), else its fields. */
function identityOf(item: INodeExecutionData): string {
	const id = item.json.event_id;
	return typeof id === 'string' ? id : JSON.stringify(item.json);
}

function holds(keys: string, key: string): boolean {
	let low = 0;
	let high = keys.length / KEY_CHARS - 1;
	while (low <= high) {
		const middle = (low + high) >> 1;
		const at = keys.slice(middle * KEY_CHARS, (middle + 1) * KEY_CHARS);
		if (at === key) return true;
		if (at < key) low = middle + 1;
		else high = middle - 1;
	}
	return false;
}

/**
 * What polls of this trigger emitted from states newer than the one the running poll read (its save
 * was lost, or it read before another poll's save): a repeat is passed over like an emitted item, and
 * `emitOnce` keeps it out of the output.
 */
export class Repeats {
	/** Whether the poll met a repeat. */
	met = false;

	constructor(private readonly emissions: Emission[] = []) {}

	/** How many items may be repeats: a poll that reads a bounded number of items reads this many more. */
	get size(): number {
		return this.emissions.reduce((sum, emission) => sum + emission.keys.length / KEY_CHARS, 0);
	}

	has(eventId: string): boolean {
		if (this.emissions.length === 0) return false;
		const key = keyOf(eventId);
		const repeated = this.emissions.some((emission) => holds(emission.keys, key));
		if (repeated) this.met = true;
		return repeated;
	}
}

/**
 * The first entries of `list` up to its `max`-th that is not a repeat: repeats go along without
 * counting, so a poll that meets what an earlier poll emitted still reaches as far as a first one would.
 */
export function upToNew<T>(list: T[], max: number, repeats: Repeats, eventIdOf: (entry: T) => string): T[] {
	if (repeats.size === 0) return list.slice(0, max);
	let fresh = 0;
	let end = 0;
	for (; end < list.length; end++) {
		if (repeats.has(eventIdOf(list[end]))) continue;
		if (fresh === max) break;
		fresh++;
	}
	return list.slice(0, end);
}

function forgetLapsed(now: number): void {
	for (const [key, memory] of memories) {
		memory.emissions = memory.emissions.filter((emission) => now - emission.at < EMISSION_MEMORY_MS);
		if (memory.emissions.length === 0 && now - memory.at >= EMISSION_MEMORY_MS) memories.delete(key);
	}
}

/** The next state number, unique in this process while its emissions are remembered. */
function nextSeq(key: string, base: number, now: number): number {
	const memory = memories.get(key) ?? { top: 0, at: now, emissions: [] };
	memory.top = Math.max(base, memory.top) + 1;
	memory.at = now;
	memories.set(key, memory);
	return memory.top;
}

function remember(key: string, seq: number, items: INodeExecutionData[], at: number): void {
	const keys = [...new Set(items.map((item) => keyOf(identityOf(item))))].sort().join('');
	memories.get(key)?.emissions.push({ seq, at, keys });
}

function restore(data: IDataObject, copy: IDataObject): void {
	for (const key of Object.keys(data)) delete data[key];
	Object.assign(data, copy);
}

/**
 * Runs one poll so that, within this process, no two polls of one trigger emit the same item. n8n can
 * run two polls of a trigger at once (a poll slower than its interval; under the durable scheduler a
 * crashed poll's task run again beside the next one, each fenced only by its own lease): a poll that
 * starts while another of the trigger runs here emits nothing and touches nothing. Every emitting poll
 * numbers the state it saves (`seq`, unique here) and is remembered by its items' event IDs. A poll
 * whose saved state is older than one this process emitted from (a lost save, or a read before another
 * poll's save) passes over those items as emitted and emits only the others, new ones at once. If it
 * has nothing else, it leaves the state as found: when n8n did not take the earlier emission (a commit
 * refused or blocked, which n8n answers by polling the same window again), its items come again once
 * the memory lapses (`EMISSION_MEMORY_MS`). A poll that ran past n8n's budget may have been abandoned,
 * so what it emitted is not remembered.
 */
export async function emitOnce(
	ctx: IPollFunctions,
	poll: (repeats: Repeats) => Promise<INodeExecutionData[][] | null>,
	clock: () => number = Date.now,
): Promise<INodeExecutionData[][] | null> {
	if (ctx.getMode() === 'manual') return await poll(new Repeats());
	const key = triggerKey(ctx);
	if (running.has(key)) {
		ctx.logger.warn('Another poll of this trigger is still running; this one emits nothing');
		return null;
	}
	running.add(key);
	try {
		const started = clock();
		forgetLapsed(started);
		const data = ctx.getWorkflowStaticData('node');
		const found = JSON.parse(JSON.stringify(data)) as IDataObject;
		const base = Number.isInteger(found.seq) ? (found.seq as number) : 0;
		const repeats = new Repeats(memories.get(key)?.emissions.filter((emission) => emission.seq > base));
		const result = await poll(repeats);
		const items = (result?.[0] ?? []).filter((item) => !repeats.has(identityOf(item)));
		if (repeats.met && items.length === 0) {
			restore(data, found);
			ctx.logger.warn('Every item this poll found was already emitted from a newer saved position; it emits nothing');
			return null;
		}
		if (items.length === 0) return null;
		if (repeats.met) ctx.logger.info('Items already emitted from a newer saved position are left out of this poll');
		const ended = clock();
		const seq = nextSeq(key, base, ended);
		data.seq = seq;
		const budgetMs = pollBudgetMsOf(ctx);
		if (budgetMs === undefined || ended - started < budgetMs) remember(key, seq, items, ended);
		return items.length === result?.[0].length ? result : [items];
	} finally {
		running.delete(key);
	}
}
