/* eslint-disable @n8n/community-nodes/no-restricted-globals -- this file runs in Node under the bench tools, never inside n8n */
/**
 * Time on a shared, noisy machine: ours and theirs run in pairs, the order alternating each round (a run after the
 * other's meets different garbage), for a few rounds or until a time budget is spent; the figure is the median of
 * the rounds' ratios, with their min and max. Times are printed and reported, never asserted.
 */

export interface PairedRuns {
	/** ours ÷ theirs of each round. */
	ratios: number[];
	ours: number[];
	theirs: number[];
}

/** Wall-clock budget in seconds from the environment (`BENCH_WRITE_BUDGET_S`), else `fallback`. */
export function budgetSeconds(fallback: number): number {
	const given = Number(process.env.BENCH_WRITE_BUDGET_S);
	return Number.isFinite(given) && given > 0 ? given : fallback;
}

/**
 * Up to `rounds` pairs (at least one): each side's run answers its time in seconds. No round starts that would
 * end, at the pace of those before it, past `budgetS` of wall time.
 */
export async function pairedRuns(
	rounds: number,
	budgetS: number,
	ours: (round: number) => Promise<number>,
	theirs: (round: number) => Promise<number>,
): Promise<PairedRuns> {
	const runs: PairedRuns = { ratios: [], ours: [], theirs: [] };
	const started = Date.now();
	for (let round = 0; round < rounds; round++) {
		const elapsedS = (Date.now() - started) / 1000;
		if (round > 0 && elapsedS + elapsedS / round > budgetS) break;
		let our = 0;
		let their = 0;
		if (round % 2 === 0) {
			our = await ours(round);
			their = await theirs(round);
		} else {
			their = await theirs(round);
			our = await ours(round);
		}
		runs.ours.push(our);
		runs.theirs.push(their);
		runs.ratios.push(our / their);
	}
	return runs;
}

export function median(values: number[]): number {
	const sorted = [...values].sort((a, b) => a - b);
	const middle = Math.floor(sorted.length / 2);
	return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** "median 1.23 (min 1.10, max 1.40, 5 rounds)". */
export function describeRatios(runs: PairedRuns): string {
	const fixed = (value: number) => value.toFixed(2);
	const rounds = `${runs.ratios.length} round${runs.ratios.length === 1 ? '' : 's'}`;
	const spread = `min ${fixed(Math.min(...runs.ratios))}, max ${fixed(Math.max(...runs.ratios))}`;
	return `median ${fixed(median(runs.ratios))} (${spread}, ${rounds})`;
}

/** "1.23 s" for the median of a side's times. */
export function medianSeconds(times: number[]): string {
	return `${median(times).toFixed(2)} s`;
}
