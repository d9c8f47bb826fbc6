/**
 * Time on a shared, noisy machine: the sides of a comparison (our node and its peers) run in rounds, the order
 * turning each round (a run after another's meets different garbage); a figure is the median of the rounds'
 * ratios, printed with their min and max and each side's median. Times are printed and reported, never asserted.
 */
import { verdict, type Figure } from '../report';
import type { Peer, Side } from './peers';

/**
 * The paired rounds of the Done-when goals, each side once in each: at least three, at most five. A figure
 * stops at three when its rounds agree on the verdict (each round's ratio on the same side of the goal), since two
 * more could not move the median across it; a figure whose rounds straddle the goal gets all five.
 */
export const ROUNDS = 5;
export const FEWEST_ROUNDS = 3;

export function median(values: number[]): number {
	const sorted = [...values].sort((a, b) => a - b);
	const middle = Math.floor(sorted.length / 2);
	return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/**
 * Up to `rounds` rounds of one run of each side, in an order that turns each round: each side's runs, by round.
 * With `settled`, the rounds stop once it says so of the runs so far (asked from FEWEST_ROUNDS on).
 */
export async function pairedRounds<T, S extends string>(
	sides: readonly S[],
	rounds: number,
	run: (side: S, round: number) => Promise<T>,
	settled?: (runs: Record<S, T[]>) => boolean,
): Promise<Record<S, T[]>> {
	const runs = Object.fromEntries(sides.map((side) => [side, [] as T[]])) as Record<S, T[]>;
	for (let round = 0; round < rounds; round++) {
		for (let turn = 0; turn < sides.length; turn++) {
			const side = sides[(turn + round) % sides.length];
			runs[side].push(await run(side, round));
		}
		if (settled && round + 1 >= FEWEST_ROUNDS && settled(runs)) break;
	}
	return runs;
}

/** Whether every round's ratio to the plain peer gives the same verdict on `goal` ("≤ 1.3", "≥ 1.0"). */
export function agreeOn<T>(goal: string, measure: (run: T) => number): (runs: Record<Side, T[]>) => boolean {
	return (runs) => {
		const verdicts = ratios(runs, 'plain', measure).map((value) => verdict({ key: '', label: '', value, goal }));
		return verdicts.every((each) => each === verdicts[0]);
	};
}

/** ours ÷ the peer's, round by round, of what `measure` reads from a run. */
export function ratios<T>(runs: Record<Side, T[]>, peer: Peer, measure: (run: T) => number): number[] {
	return runs.ours.map((run, round) => measure(run) / measure(runs[peer][round]));
}

const fixed = (value: number) => value.toFixed(2);

/** "1.23 (1.10–1.40)": the median of the rounds' ratios, and their least and most. */
export function spread(values: number[]): string {
	return `${fixed(median(values))} (${fixed(Math.min(...values))}–${fixed(Math.max(...values))})`;
}

export interface SideFigure<T> {
	key: string;
	/** What was measured, e.g. "200 × Svc Storage File → Upload over REST into 0 entries, time". */
	what: string;
	runs: Record<Side, T[]>;
	measure: (run: T) => number;
	/** A side's median measure as the line shows it, e.g. "1.02 s". */
	show: (value: number) => string;
	goal: string;
	/** Said after the sides' figures (requests and bytes per write, CPU per write). */
	more?: string;
}

/**
 * The figure of a comparison with both HTTP Request peers: ours ÷ the plain peer (the goal's yardstick), with the
 * ratio to the Svc-credential peer and each side's median beside it.
 */
export function sideFigure<T>(figure: SideFigure<T>): Figure {
	const { runs, measure, show } = figure;
	const plain = ratios(runs, 'plain', measure);
	const signed = ratios(runs, 'signed', measure);
	const sides = (['ours', 'plain', 'signed'] as const).map((side) => show(median(runs[side].map(measure))));
	const rounds = runs.ours.length;
	return {
		key: figure.key,
		label:
			`${figure.what} ÷ the plain HTTP Request node's, median of ${rounds} rounds; ÷ the one with the ` +
			`Svc credential ${spread(signed)}; ours ${sides[0]}, plain ${sides[1]}, with the credential ${sides[2]}` +
			(figure.more ? `; ${figure.more}` : ''),
		value: Number(median(plain).toFixed(3)),
		spread: `${fixed(Math.min(...plain))}–${fixed(Math.max(...plain))}`,
		goal: figure.goal,
	};
}
