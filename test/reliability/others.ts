/* eslint-disable @n8n/community-nodes/no-restricted-globals -- this file runs in Node under the test tools, never inside n8n */
/**
 * The chaos suite's "others" leg (issue 45): every write operation that makes something, each run under a fault,
 * while another writer — another account, or the node's own account from elsewhere (another workflow) — makes the
 * same name in the same place right before the node's write, as the write arrives, or right after it committed.
 * Theirs are made through the simulator's store where the write's case (devkit/operationCases.ts `marked`) says,
 * so their hashes and ids are known; after each run:
 *
 * - duplicate: more than one object of the run's marker that is not theirs;
 * - loss: the node said success and none of its own exists, or said a certain failure and one exists;
 * - taken: the node's output holds the hash or id of theirs that holds other content than the node sent, or that
 *   another account made — another writer's object output as the item's write;
 * - indistinguishable: the node output theirs holding exactly what it sends, made within a second of the write by
 *   the same account (or by another where the place shows no creator: MCP listings, a task's attachments): the case
 *   the service gives no way to tell apart (docs/behaviour.md). Counted apart, neither a loss nor taken.
 * - uncertain: the node said "Outcome uncertain" (allowed, whatever exists).
 */
import type { INodeExecutionData, INodeParameters } from 'n8n-workflow';

import { ALL_TOOLS_ON, parityEnvOf } from '../nodes/parity/env';
import { startWriteSimulator } from '../nodes/recovery/env';
import type { ServiceSimulator } from '../../devkit/simulator';
import type { FaultKind } from '../../devkit/simulator/types';
import type { OtherWriter, TheirContent } from '../../devkit/operationCases';
import { makesSomething } from '../routedOperations';
import { rowsAndTotals } from './cells';
import { random as randomOf } from './random';
import { WRITE_OPERATIONS, type PreparedOperation, type WriteOperation } from './operations';

/** A fault of the leg: the write's answer lost after it committed, or the write never reaching the service. */
interface OthersFault {
	name: string;
	fault?: (random: () => number) => FaultKind;
	timeout?: boolean;
	dvsOverMcpOnly?: boolean;
}

const OTHERS_FAULTS: OthersFault[] = [
	{ name: 'no fault' },
	{ name: 'reset before commit', fault: () => ({ kind: 'dropBeforeCommit' }) },
	{ name: 'gateway 503 before commit', fault: () => ({ kind: 'statusBeforeCommit', status: 503 }) },
	{ name: 'reset after commit', fault: () => ({ kind: 'dropAfterCommit' }) },
	{ name: '500 after commit', fault: () => ({ kind: 'statusAfterCommit', status: 500 }) },
	{ name: '200 cut JSON after commit', fault: () => ({ kind: 'badAnswer', body: 'cutJson' }) },
	{
		name: '503, commit 0-3 s later',
		fault: (random) => ({ kind: 'lateCommit', afterMs: Math.floor(random() * 3000) }),
	},
	{ name: 'timeout, commit later', fault: () => ({ kind: 'delay', ms: 9_000 }), timeout: true },
	{ name: 'MCP status uncertain', fault: () => ({ kind: 'mcpUncertain' }), dvsOverMcpOnly: true },
];

/**
 * When the other writer makes the name: right before the node's run, right after the node's write committed, or
 * both. (Not as the write arrives: theirs would then be later than the send and, over MCP or by the same account,
 * fit every evidence the node could read, as a lost answer's own object does.)
 */
type Moment = 'before' | 'after commit';
const TIMINGS: Moment[][] = [['before'], ['after commit'], ['before', 'after commit']];
const WRITERS: OtherWriter[] = ['another account', 'the same account'];
const CONTENTS: TheirContent[] = ['what the node sends', 'other content'];
/** How long before the node's run theirs was made: within the send's second, or seconds before it. */
export const SECONDS_BEFORE = [0, 1, 3, 10];

export interface OthersCell {
	runs: number;
	/** Objects of the runs' names the other writers made. */
	theirs: number;
	duplicates: number;
	losses: number;
	taken: number;
	/** Runs that output theirs holding exactly what the node sends, made at the same moment, unseen by the node. */
	indistinguishable: number;
	uncertain: number;
	/** Runs the engine failed before the node could say anything. */
	engineFailures: number;
}

export interface OthersReport {
	rows: Array<{ operation: string; fault: string } & OthersCell>;
	totals: OthersCell;
	/** A few duplicates, losses and taken objects, for finding them. */
	examples: string[];
	/** Runs with a duplicate, a loss or a taken object, by other writer and when theirs was made. */
	badBy: Record<string, number>;
}

const emptyCell = (): OthersCell => ({
	runs: 0,
	theirs: 0,
	duplicates: 0,
	losses: 0,
	taken: 0,
	indistinguishable: 0,
	uncertain: 0,
	engineFailures: 0,
});

/**
 * Calls `then` once, right after the simulator's store made an object of the marker (the node's write committing):
 * the store methods every write handler calls, wrapped on this simulator.
 */
function watchCommits(sim: ServiceSimulator): { arm(marker: string, then: () => void): void } {
	let armed: { marker: string; then: () => void } | undefined;
	const watch = <T extends object>(target: T, method: keyof T) => {
		const original = target[method] as (...args: unknown[]) => unknown;
		Object.assign(target, {
			[method]: (...args: unknown[]) => {
				const made = original.apply(target, args);
				const fired = armed;
				if (fired && JSON.stringify(made ?? null).includes(fired.marker)) {
					armed = undefined;
					fired.then();
				}
				return made;
			},
		});
	};
	watch(sim.storage, 'createFolder');
	watch(sim.storage, 'addFile');
	watch(sim.dvs.store, 'insertDocument');
	watch(sim.dvs.store, 'insertComment');
	return { arm: (marker, then) => (armed = { marker, then }) };
}

/** Keys whose numeric value names the document or comment an item wrote (not the project or task it went into). */
const WRITTEN_ID = /^(id|dvs_document_id|document_id|comment_id|comment_ids)$/;

/** Whether an output item holds `id`: a hash anywhere, a numeric id as (or in) the value of a WRITTEN_ID key. */
function holds(items: INodeExecutionData[], id: string | number): boolean {
	if (typeof id === 'string') return JSON.stringify(items.map((item) => item.json)).includes(id);
	const names = (key: string, value: unknown) =>
		WRITTEN_ID.test(key) && (value === id || (Array.isArray(value) && value.includes(id)));
	const walk = (value: unknown): boolean =>
		typeof value === 'object' && value !== null
			? Object.entries(value).some(([key, inner]) => names(key, inner) || walk(inner))
			: false;
	return walk(items.map((item) => item.json));
}

const when = (timing: Moment[], secondsBefore: number) =>
	timing.map((moment) => (moment === 'before' ? `${secondsBefore} s before` : moment)).join(' and ');

async function quiet(ms: number): Promise<void> {
	await new Promise((resolve) => setTimeout(resolve, ms));
}

async function othersRun(prepared: PreparedOperation, marker: string, extra: INodeParameters) {
	try {
		return await prepared.run(marker, extra);
	} catch (error) {
		return { engineError: error };
	}
}

/** Adds one run to its cell; a description of it when it was a duplicate, a loss or a taken object. */
function countRun(
	cell: OthersCell,
	ours: number,
	theirs: Array<string | number>,
	result: Awaited<ReturnType<typeof othersRun>>,
	tellable: boolean,
): string | undefined {
	if (!('engineError' in result) && !tellable && !result.error && theirs.some((id) => holds(result.items, id))) {
		cell.runs++;
		cell.theirs += theirs.length;
		cell.indistinguishable++;
		if (ours > 1) cell.duplicates += ours - 1;
		return ours > 1 ? `${ours} of the node's exist beside theirs, which the node output` : undefined;
	}
	cell.runs++;
	cell.theirs += theirs.length;
	const duplicate = ours > 1;
	if (duplicate) cell.duplicates += ours - 1;
	if ('engineError' in result) {
		cell.engineFailures++;
		return duplicate ? `${ours} of the node's exist, the engine failed: ${String(result.engineError)}` : undefined;
	}
	const uncertain = result.error !== undefined && /^Outcome uncertain/.test(result.error.message);
	if (uncertain) cell.uncertain++;
	const loss = (!result.error && ours === 0) || (result.error !== undefined && !uncertain && ours > 0);
	if (loss) cell.losses++;
	const taken = theirs.filter((id) => holds(result.items, id)).map((id) => String(id));
	if (taken.length > 0) cell.taken++;
	const said = result.error ? result.error.message : `success ${JSON.stringify(result.items[0]?.json ?? {})}`;
	return duplicate || loss || taken.length > 0
		? `${ours} of the node's and ${theirs.length} of theirs (${theirs.join(', ')}) exist` +
				`${taken.length > 0 ? `, theirs ${taken.join(', ')} output` : ''}; ` +
				`the node said: ${said.slice(0, 300)}`
		: undefined;
}

interface LegSettings {
	runs: number;
	random: () => number;
	/** The node's Timeout option (ms) in runs whose fault outlasts it. */
	timeoutMs: number;
	cells: Map<string, OthersCell>;
	examples: string[];
	badBy: Record<string, number>;
	/** How long before the run the other writer's object may be made (SECONDS_BEFORE). */
	secondsBefore: number[];
}

async function othersOfOperation(operation: WriteOperation, leg: LegSettings): Promise<void> {
	const { random } = leg;
	const sim: ServiceSimulator = await startWriteSimulator();
	try {
		Object.assign(sim.mcp.settings, ALL_TOOLS_ON);
		const prepared = await operation.prepare(parityEnvOf(() => sim));
		const makeTheirs = prepared.theirs;
		if (!makeTheirs) throw new Error(`${operation.name}: its case's marked run makes nothing of theirs`);
		const commits = watchCommits(sim);
		const faults = OTHERS_FAULTS.filter((fault) => !fault.dvsOverMcpOnly || operation.dvsOverMcp);
		for (let run = 0; run < leg.runs; run++) {
			const chosen = faults[Math.floor(random() * faults.length)];
			const writer = WRITERS[Math.floor(random() * WRITERS.length)];
			const timing = TIMINGS[Math.floor(random() * TIMINGS.length)];
			const content = CONTENTS[Math.floor(random() * CONTENTS.length)];
			const marker = `others-${run}-${Math.floor(random() * 1e9).toString(36)}`;
			const secondsBefore = leg.secondsBefore[Math.floor(random() * leg.secondsBefore.length)];
			const theirs: Array<string | number> = [];
			const make = (secondsAgo = 0) => theirs.push(makeTheirs(marker, writer, secondsAgo, content));
			sim.faults.clear();
			if (timing.includes('before')) make(secondsBefore);
			if (timing.includes('after commit')) commits.arm(marker, () => make());
			if (chosen.fault) sim.faults.add({ match: operation.match, fault: chosen.fault(random) });
			const extra: INodeParameters = chosen.timeout ? { options: { timeout: leg.timeoutMs } } : {};
			const result = await othersRun(prepared, marker, extra);
			// A late commit or a held request may still be under way: let it finish before counting.
			if (chosen.fault) await quiet(5_000);
			commits.arm('', () => undefined);
			const key = `${operation.name}\u0000${chosen.name}`;
			const cell = leg.cells.get(key) ?? emptyCell();
			leg.cells.set(key, cell);
			// Within a second of the write, whole-second times cannot tell theirs from the node's: only content or a
			// creator the place shows can.
			const sameMoment = timing.includes('after commit') || secondsBefore <= 1;
			const tellable =
				!sameMoment || content === 'other content' || (writer === 'another account' && showsCreators(operation));
			const example = countRun(cell, prepared.count(marker) - theirs.length, theirs, result, tellable);
			const by = `${writer} (${content}), ${when(timing, secondsBefore)}`;
			if (example) leg.badBy[by] = (leg.badBy[by] ?? 0) + 1;
			if (example && leg.examples.length < 20)
				leg.examples.push(`${operation.name} / ${chosen.name} / ${by}: ${example}`);
		}
	} finally {
		await sim.close();
	}
}

/** Whether the place an operation writes to shows who made each object (MCP listings and attachments do not). */
function showsCreators(operation: WriteOperation): boolean {
	if (operation.routed.resource === 'attachment') return false;
	return operation.auth === 'rest' || operation.routed.node === 'SvcDvs';
}

/** The operations whose file declares a write that makes something: an update only changes what is there. */
export const MAKING_OPERATIONS = WRITE_OPERATIONS.filter((operation) =>
	makesSomething(operation.routed.declared.writes),
);

/** Runs every making operation `runs` times beside other writers (each against its own simulator, all at once). */
export async function othersChaos(
	runs: number,
	seed: number,
	timeoutMs: number,
	secondsBefore = SECONDS_BEFORE,
): Promise<OthersReport> {
	const cells = new Map<string, OthersCell>();
	const examples: string[] = [];
	const badBy: Record<string, number> = {};
	await Promise.all(
		MAKING_OPERATIONS.map(
			async (operation, index) =>
				await othersOfOperation(operation, {
					runs,
					random: randomOf(seed * 1000 + index),
					timeoutMs,
					cells,
					examples,
					badBy,
					secondsBefore,
				}),
		),
	);
	const { rows, totals } = rowsAndTotals(cells, emptyCell);
	return { rows, totals, examples, badBy };
}

export function othersTable(report: OthersReport): string {
	const header =
		'| operation | fault | runs | theirs made | duplicates | losses | taken | same content, same moment | uncertain | engine failed |';
	const lines = report.rows.map(
		(row) =>
			`| ${row.operation} | ${row.fault} | ${row.runs} | ${row.theirs} | ${row.duplicates} | ${row.losses} | ${row.taken} | ${row.indistinguishable} | ${row.uncertain} | ${row.engineFailures} |`,
	);
	const bad = Object.entries(report.badBy)
		.sort(([a], [b]) => a.localeCompare(b))
		.map(([by, runs]) => `${by}: ${runs} runs with a duplicate, a loss or a taken object`);
	return [header, '|---|---|---|---|---|---|---|---|---|---|', ...lines, ...(bad.length > 0 ? ['', ...bad] : [])].join(
		'\n',
	);
}

export const othersFigures = (report: OthersReport) =>
	`${report.totals.runs} runs, ${report.totals.duplicates} duplicates, ${report.totals.losses} losses, ` +
	`${report.totals.taken} taken, ${report.totals.indistinguishable} indistinguishable`;
