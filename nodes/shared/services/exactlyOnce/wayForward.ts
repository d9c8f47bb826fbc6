import type { IDataObject, IExecuteFunctions, INodeParameters } from 'n8n-workflow';

import { runningNodeOf } from '../../transport/runningNode';
import type { WriteRecord } from './writeRecords';

/*
 * A way forward for a write left "Outcome uncertain" that cannot write it twice unless the user says so: Retry
 * execution (or Retry On Fail's next try) with Earlier Uncertain Writes set, which applies only to writes an earlier
 * try left uncertain; under On Error → Continue, the item itself carries its write (`uncertainWrite`) and, sent back
 * into the node, is settled as that write (earlierRuns.ts meets it as an earlier try's record).
 */

/** What every "Outcome uncertain" says after what to check (earlierRuns.ts). */
export const WAY_FORWARD =
	'To go on, retry this execution with Options → Earlier Uncertain Writes set: Take What Was Found outputs ' +
	'the object that holds what was sent (and writes it once if none does), Write Again sends it once more; ' +
	'it applies only to writes left uncertain like this one. Under On Error → Continue, send this item back ' +
	'into the node (from the error output through a Wait node): it carries what the node needs to settle this ' +
	'write, and is never written anew.';

/** What an uncertain write's message adds when Take What Was Found could not take one object. */
export const TOOK_NOTHING =
	'Earlier Uncertain Writes is Take What Was Found, but that is not one object holding exactly what was sent: ' +
	'the node took nothing.';

/**
 * An item sent back into the node whose `uncertainWrite` is of another write than the node's parameters now describe
 * (an edited node): nothing is sent, and the item keeps its token.
 */
export const CARRIED_OTHER_WRITE =
	"This item carries the uncertain write of an earlier run of this node (its uncertainWrite), but the node's " +
	'parameters now describe another write, so the node wrote nothing. Send the item back with the fields it had ' +
	'(On Error → Continue (using error output) keeps them beside error); to write it anew instead, remove ' +
	'uncertainWrite from the item.';

/** Who made an earlier write: an earlier try, the execution this one retries, or the run whose item this is. */
export function earlierWriter(record: WriteRecord, execution: string): string {
	if (record.carried) return 'an earlier run of this node, whose uncertain item this is,';
	return record.execution === execution
		? 'an earlier try of this node'
		: `execution ${record.execution}, which this one retries,`;
}

/** Why an object is output under Take What Was Found: it holds what the earlier write sent. */
export function whyTaken(record: WriteRecord, execution: string): string {
	const writer = earlierWriter(record, execution).replace(/,$/, '');
	return `Earlier Uncertain Writes is Take What Was Found: it holds what ${writer} sent`;
}

/**
 * The node option Earlier Uncertain Writes (`options.earlierUncertainWrites`, shared/description/
 * earlierUncertainWrites.ts). Not part of the parameters' digest (`parametersOfWrite`): setting it for a Retry
 * execution is no edit of the write.
 */
export const EARLIER_UNCERTAIN_WRITES = 'earlierUncertainWrites';

/** Earlier Uncertain Writes' choices: Stop and Say So (the default), Take What Was Found, Write Again. */
export type EarlierUncertainChoice = 'stop' | 'takeFound' | 'writeAgain';

const CHOICES: readonly EarlierUncertainChoice[] = ['stop', 'takeFound', 'writeAgain'];

/** Earlier Uncertain Writes for an item: Stop and Say So unless one of the others is set. */
export function choiceOf(ctx: IExecuteFunctions, itemIndex: number): EarlierUncertainChoice {
	let value: unknown;
	try {
		value = ctx.getNodeParameter(`options.${EARLIER_UNCERTAIN_WRITES}`, itemIndex, 'stop');
	} catch {
		// An expression that fails is no choice: the write stops and says so.
		return 'stop';
	}
	return CHOICES.includes(value as EarlierUncertainChoice) ? (value as EarlierUncertainChoice) : 'stop';
}

/**
 * The node's parameters as they shape its writes (writeRecords.ts digests them): without Earlier Uncertain Writes,
 * which only says what to do with an uncertain earlier write; an Options collection left empty stands for none.
 */
export function parametersOfWrite(parameters: INodeParameters): INodeParameters {
	const options = parameters.options;
	if (!options || typeof options !== 'object' || Array.isArray(options)) return parameters;
	const others = Object.entries(options).filter(([name]) => name !== EARLIER_UNCERTAIN_WRITES);
	const rest = Object.entries(parameters).filter(([name]) => name !== 'options');
	return Object.fromEntries(others.length > 0 ? [...rest, ['options', Object.fromEntries(others)]] : rest);
}

/** Whether Earlier Uncertain Writes applies to what an earlier try recorded: a write it left unsettled, only. */
export function choiceAppliesTo(record: WriteRecord | undefined): boolean {
	return record !== undefined && (record.state === 'uncertain' || record.state === 'sending');
}

/**
 * What a look at an earlier uncertain write showed: the write (`found`), no trace of it (`absent`; still within the
 * window a timed-out write may land in: `absentMayStillLand`), something it may or may not be (`ambiguous`), or
 * nothing, the look having failed (`failed`).
 */
export type EarlierLook = 'found' | 'absent' | 'absentMayStillLand' | 'ambiguous' | 'failed';

/**
 * What the node does next: output what was found (`take`), send the write now (`write`), look again without the
 * send's time (`lookUntimed`, Take What Was Found: what holds what was sent is taken, whenever it was made), or stop
 * with "Outcome uncertain" saying why (`notYet`, `ambiguous`, `failed`).
 */
export type EarlierStep = 'take' | 'write' | 'lookUntimed' | 'notYet' | 'ambiguous' | 'failed';

/**
 * The decision on an earlier uncertain write, by its look and Earlier Uncertain Writes. What a look settles (found,
 * provably absent) needs no choice, and a look that failed shows nothing to choose on: only what the look cannot
 * settle follows the choice. Take What Was Found never sends within the window a timed-out write may still land in
 * (the service may be writing it); Write Again does, as the user said.
 */
export function earlierUncertainStep(choice: EarlierUncertainChoice, look: EarlierLook): EarlierStep {
	if (look === 'found') return 'take';
	if (look === 'failed') return 'failed';
	if (look === 'absent') return 'write';
	if (choice === 'writeAgain') return 'write';
	if (look === 'absentMayStillLand') return 'notYet';
	return choice === 'takeFound' ? 'lookUntimed' : 'ambiguous';
}

/**
 * Where an uncertain item under On Error → Continue carries its write's token (router.ts `failedItem`): beside
 * `error` with Continue, in `details` with Continue (using error output), where n8n keeps only `error` and `details`
 * of the node's item (and adds the input's fields).
 */
export const TOKEN_KEY = 'uncertainWrite';

/**
 * What an uncertain item carries so that, sent back into the same node, its write is settled and not written anew:
 * the node's ID, the digests of what the write sent and of the node's parameters, when it was sent, what finds it
 * (its `locate`: destination, name, size — no key, token or answer) and whether it may still land (a timeout).
 */
export interface UncertainWriteToken {
	node: string;
	write: string;
	parameters: string;
	sentAt: number;
	locate: IDataObject;
	mayStillLand?: boolean;
	execution: string;
}

/** Which node gave a token: the node's ID in the workflow (its name where it has none). */
function nodeKeyOf(ctx: IExecuteFunctions): string {
	const node = runningNodeOf(ctx);
	return node.id ?? node.name;
}

/** The token of an item's record while its write is unsettled (undefined once written, or for none). */
export function tokenOfRecord(
	ctx: IExecuteFunctions,
	record: WriteRecord | undefined,
): UncertainWriteToken | undefined {
	if (!record || record.state === 'written') return undefined;
	return {
		node: nodeKeyOf(ctx),
		write: record.write,
		parameters: record.parameters,
		sentAt: record.at,
		locate: record.locate ?? {},
		...(record.mayStillLand === true ? { mayStillLand: true } : {}),
		execution: record.execution,
	};
}

/** The `uncertainWrite` an input item carries (beside `error`, or in `details`), when it is one this package gave. */
export function tokenOnItem(json: IDataObject | undefined): UncertainWriteToken | undefined {
	if (!json) return undefined;
	const details = json.details;
	const inDetails = details && typeof details === 'object' && !Array.isArray(details);
	const carried = json[TOKEN_KEY] ?? (inDetails ? (details as IDataObject)[TOKEN_KEY] : undefined);
	if (!carried || typeof carried !== 'object' || Array.isArray(carried)) return undefined;
	const token = carried as Partial<Record<keyof UncertainWriteToken, unknown>>;
	const strings = [token.node, token.write, token.parameters, token.execution].every((v) => typeof v === 'string');
	const locate = token.locate;
	if (!strings || typeof token.sentAt !== 'number' || !Number.isFinite(token.sentAt)) return undefined;
	if (!locate || typeof locate !== 'object' || Array.isArray(locate)) return undefined;
	return carried as unknown as UncertainWriteToken;
}

/** A run's item records, as far as what items carry goes (writeRecords.ts `RunRecord`). */
export interface CarriedItems {
	items: Record<string, WriteRecord>;
	/** Items whose `uncertainWrite` became their record: taken once, so a record forgotten stays forgotten. */
	carried?: string[];
}

/**
 * The record an item's `uncertainWrite` stands for, when the item carries one this node gave (an uncertain item of
 * an earlier run sent back into it): an uncertain write, kept as the item's record of this run (`run`).
 */
export function carriedRecord(
	ctx: IExecuteFunctions,
	itemIndex: number,
	input: string,
	run: CarriedItems,
): WriteRecord | undefined {
	const key = String(itemIndex);
	if (run.carried?.includes(key)) return undefined;
	const token = tokenOnItem(ctx.getInputData()[itemIndex]?.json);
	if (!token || token.node !== nodeKeyOf(ctx)) return undefined;
	(run.carried ??= []).push(key);
	const { write, parameters, sentAt: at, locate, execution } = token;
	const mayStillLand = token.mayStillLand === true ? { mayStillLand: true } : {};
	const record: WriteRecord = { state: 'uncertain', input, write, parameters, at, execution, locate, carried: true };
	run.items[key] = { ...record, ...mayStillLand };
	return run.items[key];
}
