/* eslint-disable @n8n/community-nodes/no-restricted-globals, no-console -- this file runs in Node under the test tools, never inside n8n */
/**
 * The chaos suite: every write operation (REST and MCP) run through the engine against the
 * simulator, each run with a fault drawn from the catalogue of what the documents allow a server
 * to do. After each run the service's state is counted:
 *
 * - duplicate: more than one object carries the run's marker;
 * - loss: the node said success and nothing exists, or said failure and it exists without
 *   saying "Outcome uncertain";
 * - uncertain: the node said "Outcome uncertain" (allowed, whatever exists).
 *
 * Time runs 100 times faster (devkit/harness/time.ts): the 15 s settle window passes in 150 ms and
 * late commits of 0 to 3 s in 0 to 30 ms, in the same proportion as in real time. Request
 * timeouts keep real time; the timeout fault holds the request for 9 s (90 ms) against a Timeout
 * option of 80 ms.
 *
 * A second leg runs the same with the machine's cores kept busy (busyCores.ts): a starved process
 * sees its timeouts fire late and its read-backs time out too, and must still lose nothing.
 *
 * A third leg runs with n8n's Retry On Fail on (2 to 5 tries, 0 to 5 s between them, as n8n clamps
 * them), and in half the runs the reads after the write fail for a while, so a try that wrote
 * often cannot see its write: the next try must find it, never write it again.
 *
 * A run the engine itself fails (on a starved machine n8n's 250 ms regex watchdog in
 * `checkReadyForExecution` can throw) is counted, not a crash; its objects are still counted for
 * duplicates.
 *
 * A fourth leg (others.ts) runs every operation that makes something while another writer (another account, or
 * the same one from elsewhere) makes the same name beside it: none of theirs may be output as the node's write.
 *
 *   npm run chaos -- [runs per operation, default 1000] [seed] [busy runs per operation, default 150]
 *                    [retry runs per operation, default 150] [others runs per operation, default 150]
 *                    [sets-and-sends runs per operation, default 30]
 *
 * A fifth leg (setsAndSends.ts) runs every set and send under Retry On Fail with lost answers.
 */
import type { INodeParameters } from 'n8n-workflow';

import { warpTime } from '../../devkit/harness';
import { ALL_TOOLS_ON, parityEnvOf, type RunExtra } from '../nodes/parity/env';
import { readsFailAfterWrite, startWriteSimulator } from '../nodes/recovery/env';
import type { ServiceSimulator } from '../../devkit/simulator';
import type { FaultKind } from '../../devkit/simulator/types';
import { keepCoresBusy } from './busyCores';
import { MAKING_OPERATIONS, othersChaos, othersFigures, othersTable, type OthersReport } from './others';
import { rowsAndTotals } from './cells';
import { random } from './random';
import { WRITE_OPERATIONS, type PreparedOperation, type WriteOperation } from './operations';
import { makesSomething } from '../routedOperations';
import { runSetsAndSends, setsAndSendsLine } from './setsAndSends';

export const TIME_WARP = 100;
const TIMEOUT_OPTION_MS = 80;

export interface ChaosFault {
	name: string;
	fault?: (random: () => number) => FaultKind;
	/** Runs with the node's Timeout option set short (the fault outlasts it). */
	timeout?: boolean;
	/** Only DVS tools over MCP answer `status: "uncertain"`. */
	dvsOverMcpOnly?: boolean;
	/** The write may commit while its answer is lost (after commit, a late commit, a timeout, MCP `uncertain`). */
	losesAnswer?: boolean;
}

/** What a server may do to a write (documents 1 to 3), with a plain run among them. */
export const CHAOS_FAULTS: ChaosFault[] = [
	{ name: 'no fault' },
	{ name: 'reset before commit', fault: () => ({ kind: 'dropBeforeCommit' }) },
	{ name: 'reset after commit', losesAnswer: true, fault: () => ({ kind: 'dropAfterCommit' }) },
	{ name: '500 after commit', losesAnswer: true, fault: () => ({ kind: 'statusAfterCommit', status: 500 }) },
	{ name: '502 after commit', losesAnswer: true, fault: () => ({ kind: 'statusAfterCommit', status: 502 }) },
	{ name: '503 after commit', losesAnswer: true, fault: () => ({ kind: 'statusAfterCommit', status: 503 }) },
	{ name: '503 before commit', fault: () => ({ kind: 'statusBeforeCommit', status: 503 }) },
	{
		name: '503, commit 0-3 s later',
		losesAnswer: true,
		fault: (random) => ({ kind: 'lateCommit', afterMs: Math.floor(random() * 3000) }),
	},
	{ name: '200 HTML after commit', losesAnswer: true, fault: () => ({ kind: 'badAnswer', body: 'html' }) },
	{ name: '200 cut JSON after commit', losesAnswer: true, fault: () => ({ kind: 'badAnswer', body: 'cutJson' }) },
	{ name: '200 empty after commit', losesAnswer: true, fault: () => ({ kind: 'badAnswer', body: 'empty' }) },
	{
		name: '200 success:false after commit',
		losesAnswer: true,
		fault: () => ({ kind: 'badAnswer', body: 'successFalse' }),
	},
	{ name: 'timeout, commit later', losesAnswer: true, fault: () => ({ kind: 'delay', ms: 9_000 }), timeout: true },
	{
		name: '307 to another origin',
		fault: () => ({ kind: 'redirect', status: 307, location: 'http://127.0.0.1:9/elsewhere' }),
	},
	{ name: 'MCP status uncertain', losesAnswer: true, fault: () => ({ kind: 'mcpUncertain' }), dvsOverMcpOnly: true },
];

export interface ChaosCell {
	runs: number;
	created: number;
	duplicates: number;
	losses: number;
	uncertain: number;
	/** Runs whose write committed while its answer was lost (a fault that loses the answer, and the object exists). */
	lostAnswers: number;
	/** Of those, the runs that ended "Outcome uncertain". */
	lostAnswersUncertain: number;
	/** Runs the engine failed before the node could say anything. */
	engineFailures: number;
}

export interface ChaosReport {
	rows: Array<{ operation: string; fault: string } & ChaosCell>;
	totals: ChaosCell;
	/** A few losses and duplicates, for finding them. */
	examples: string[];
}

const emptyCell = (): ChaosCell => ({
	runs: 0,
	created: 0,
	duplicates: 0,
	losses: 0,
	uncertain: 0,
	lostAnswers: 0,
	lostAnswersUncertain: 0,
	engineFailures: 0,
});

/** How a leg runs the node: n8n's settings around it, and faults beside the write's own. */
interface Leg {
	recovery?: (random: () => number) => RunExtra['recovery'];
	/** In about half the runs the reads after the write fail for 1 to 12 requests. */
	unseenWrites?: boolean;
}

const RETRY_LEG: Leg = {
	recovery: (random) => ({
		retryOnFail: { maxTries: 2 + Math.floor(random() * 4), waitBetweenTries: Math.floor(random() * 5001) },
	}),
	unseenWrites: true,
};

/** Waits until the simulator holds no delayed request (a late commit or a held request). */
async function quiet(ms: number): Promise<void> {
	await new Promise((resolve) => setTimeout(resolve, ms));
}

/** One run of an operation under a fault: what the node said, or that the engine failed. */
async function chaosRun(
	prepared: PreparedOperation,
	marker: string,
	extra: INodeParameters,
	recovery: RunExtra['recovery'],
) {
	try {
		return await prepared.run(marker, extra, recovery);
	} catch (error) {
		return { engineError: error };
	}
}

async function chaosOfOperation(
	operation: WriteOperation,
	runs: number,
	random: () => number,
	cells: Map<string, ChaosCell>,
	examples: string[],
	leg: Leg,
): Promise<void> {
	const sim: ServiceSimulator = await startWriteSimulator();
	try {
		Object.assign(sim.mcp.settings, ALL_TOOLS_ON);
		const env = parityEnvOf(() => sim);
		const prepared = await operation.prepare(env);
		const faults = CHAOS_FAULTS.filter((fault) => !fault.dvsOverMcpOnly || operation.dvsOverMcp);
		for (let run = 0; run < runs; run++) {
			const chosen = faults[Math.floor(random() * faults.length)];
			const marker = `chaos-${run}-${Math.floor(random() * 1e9).toString(36)}`;
			sim.faults.clear();
			if (leg.unseenWrites && random() < 0.5)
				sim.faults.add(readsFailAfterWrite(operation.match, 0, 1 + Math.floor(random() * 12)));
			if (chosen.fault) sim.faults.add({ match: operation.match, fault: chosen.fault(random) });
			const extra: INodeParameters = chosen.timeout ? { options: { timeout: TIMEOUT_OPTION_MS } } : {};
			const result = await chaosRun(prepared, marker, extra, leg.recovery?.(random));
			// A late commit or a held request may still be under way: let it finish before counting.
			if (chosen.fault) await quiet(5_000);
			const cell = cells.get(`${operation.name}\u0000${chosen.name}`) ?? emptyCell();
			cells.set(`${operation.name}\u0000${chosen.name}`, cell);
			const example = countRun(cell, prepared.count(marker), result, chosen.losesAnswer === true);
			if (example && examples.length < 20) examples.push(`${operation.name} / ${chosen.name}: ${example}`);
		}
	} finally {
		await sim.close();
	}
}

/** Adds one run to its cell; a description of it when it was a duplicate or a loss. */
function countRun(
	cell: ChaosCell,
	count: number,
	result: Awaited<ReturnType<typeof chaosRun>>,
	answerLost: boolean,
): string | undefined {
	cell.runs++;
	cell.created += count;
	const duplicate = count > 1;
	if (duplicate) cell.duplicates += count - 1;
	if ('engineError' in result) {
		cell.engineFailures++;
		return duplicate ? `${count} exist, the engine failed: ${String(result.engineError)}` : undefined;
	}
	const said = result.error ? `${result.error.message}` : 'success';
	const uncertain = result.error !== undefined && /^Outcome uncertain/.test(result.error.message);
	if (uncertain) cell.uncertain++;
	if (answerLost && count > 0) cell.lostAnswers++;
	if (answerLost && count > 0 && uncertain) cell.lostAnswersUncertain++;
	const loss = (!result.error && count === 0) || (result.error !== undefined && !uncertain && count > 0);
	if (loss) cell.losses++;
	return duplicate || loss ? `${count} exist, the node said: ${said}` : undefined;
}

/** At most this share of a create's lost answers may end "Outcome uncertain" (issue 57). */
export const UNCERTAIN_GOAL = 0.05;

/** Per operation: how many writes committed while their answer was lost, and how many of those ended uncertain. */
export function lostAnswersByOperation(
	report: ChaosReport,
): Array<{ operation: string; lost: number; uncertain: number }> {
	const byOperation = new Map<string, { lost: number; uncertain: number }>();
	for (const row of report.rows) {
		const sum = byOperation.get(row.operation) ?? { lost: 0, uncertain: 0 };
		sum.lost += row.lostAnswers;
		sum.uncertain += row.lostAnswersUncertain;
		byOperation.set(row.operation, sum);
	}
	return [...byOperation.entries()].map(([operation, sum]) => ({ operation, ...sum }));
}

/** The table of lost answers that ended "Outcome uncertain", per operation, a create's against UNCERTAIN_GOAL. */
export function lostAnswersTable(report: ChaosReport): string {
	const creates = new Set(
		WRITE_OPERATIONS.filter((operation) => makesSomething(operation.routed.declared.writes)).map(
			(operation) => operation.name,
		),
	);
	const lines = lostAnswersByOperation(report).map(({ operation, lost, uncertain }) => {
		const share = lost === 0 ? 0 : uncertain / lost;
		const verdict = creates.has(operation) ? (share <= UNCERTAIN_GOAL ? 'held' : 'short') : '-';
		return `| ${operation} | ${lost} | ${uncertain} | ${(share * 100).toFixed(1)} % | ${verdict} |`;
	});
	const header = `| operation | answers lost after commit | ended "Outcome uncertain" | share | a create's goal ≤ ${UNCERTAIN_GOAL * 100} % |`;
	return [header, '|---|---|---|---|---|', ...lines].join('\n');
}

/** Runs every operation `runs` times (all operations at once, each against its own simulator). */
export async function runChaos(runs: number, seed = 1, leg: Leg = {}): Promise<ChaosReport> {
	const endWarp = warpTime(TIME_WARP);
	const cells = new Map<string, ChaosCell>();
	const examples: string[] = [];
	try {
		await Promise.all(
			WRITE_OPERATIONS.map(
				async (operation, index) =>
					await chaosOfOperation(operation, runs, random(seed * 1000 + index), cells, examples, leg),
			),
		);
	} finally {
		endWarp();
	}
	const { rows, totals } = rowsAndTotals(cells, emptyCell);
	return { rows, totals, examples };
}

export function chaosTable(report: ChaosReport): string {
	const header = '| operation | fault | runs | objects created | duplicates | losses | uncertain | engine failed |';
	const lines = report.rows.map(
		(row) =>
			`| ${row.operation} | ${row.fault} | ${row.runs} | ${row.created} | ${row.duplicates} | ${row.losses} | ${row.uncertain} | ${row.engineFailures} |`,
	);
	return [header, '|---|---|---|---|---|---|---|---|', ...lines].join('\n');
}

const figures = (report: ChaosReport) =>
	`${report.totals.runs} runs, ${report.totals.duplicates} duplicates, ${report.totals.losses} losses`;

export function chaosLine(report: ChaosReport, busy?: ChaosReport, retry?: ChaosReport, others?: OthersReport): string {
	return (
		`chaos: ${figures(report)}${busy ? `; busy: ${figures(busy)}` : ''}${retry ? `; retry: ${figures(retry)}` : ''}` +
		(others ? `; others: ${othersFigures(others)}` : '')
	);
}

/** The runs beside other writers making the same names (others.ts), in the suite's time and Timeout option. */
export async function runOthersChaos(runs: number, seed = 1, secondsBefore?: number[]): Promise<OthersReport> {
	const endWarp = warpTime(TIME_WARP);
	try {
		return await othersChaos(runs, seed, TIMEOUT_OPTION_MS, secondsBefore);
	} finally {
		endWarp();
	}
}

/** The runs with n8n's Retry On Fail on and writes the trying run often cannot see (RETRY_LEG). */
export async function runRetryChaos(runs: number, seed = 1): Promise<ChaosReport> {
	return await runChaos(runs, seed, RETRY_LEG);
}

/** The same runs with every core of the machine kept busy beside them. */
export async function runBusyChaos(runs: number, seed = 1): Promise<ChaosReport> {
	const busy = keepCoresBusy();
	try {
		return await runChaos(runs, seed);
	} finally {
		await busy.stop();
	}
}

function printLeg(title: string, report: ChaosReport, runs: number, seed: number, started: number): void {
	console.log(`\n${title}:\n${chaosTable(report)}`);
	if (report.examples.length > 0) console.log(`\n${report.examples.join('\n')}`);
	console.log(
		`\n${WRITE_OPERATIONS.length} operations x ${runs} runs, seed ${seed}, ${Math.round((Date.now() - started) / 1000)} s`,
	);
}

async function main(): Promise<void> {
	const runs = Number(process.argv[2] ?? 1000);
	const seed = Number(process.argv[3] ?? 1);
	const busyRuns = Number(process.argv[4] ?? 150);
	const retryRuns = Number(process.argv[5] ?? 150);
	let started = Date.now();
	const report = await runChaos(runs, seed);
	printLeg('faults', report, runs, seed, started);
	console.log(`\nlost answers (the write committed, its answer lost):\n${lostAnswersTable(report)}`);
	started = Date.now();
	const busy = await runBusyChaos(busyRuns, seed + 1);
	printLeg('busy (every core kept busy)', busy, busyRuns, seed + 1, started);
	started = Date.now();
	const retry = await runRetryChaos(retryRuns, seed + 2);
	printLeg(
		'retry (Retry On Fail on, writes often unseen by the try that made them)',
		retry,
		retryRuns,
		seed + 2,
		started,
	);
	const othersRuns = Number(process.argv[6] ?? 150);
	started = Date.now();
	const others = await runOthersChaos(othersRuns, seed + 3);
	console.log(`\nothers (another writer makes the same names beside the node):\n${othersTable(others)}`);
	if (others.examples.length > 0) console.log(`\n${others.examples.join('\n')}`);
	console.log(
		`\n${MAKING_OPERATIONS.length} operations x ${othersRuns} runs, seed ${seed + 3}, ${Math.round((Date.now() - started) / 1000)} s`,
	);
	const setsRuns = Number(process.argv[7] ?? 30);
	const sets = await runSetsAndSends(setsRuns, seed + 4);
	console.log(`\n${setsAndSendsLine(sets)}`);
	console.log(chaosLine(report, busy, retry, others));
	const bad = [report, busy, retry].reduce((sum, leg) => sum + leg.totals.duplicates + leg.totals.losses, 0);
	const othersBad = others.totals.duplicates + others.totals.losses + others.totals.taken;
	const setsBad = sets.sentTwice + sets.certainFailuresAfterLanding + sets.uncertainWhereReadSettles;
	process.exitCode = bad + othersBad + setsBad === 0 ? 0 : 1;
}

if (require.main === module) void main();
