/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- this file runs in Node under the bench tools, never inside n8n */
/**
 * How a bench hands a figure to `npm run bench`: run.ts gives each bench process a folder
 * (BENCH_REPORT_DIR); each figure lands there as one JSON file, and run.ts prints one line for each:
 * what was measured, the value, the goal, and whether the value holds it.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface Figure {
	/** The key in bench/results.json. */
	key: string;
	/** What was measured, as the line says it. */
	label: string;
	value: number;
	/** Our figure and the baseline's, when the value is a ratio. */
	ours?: string;
	baseline?: string;
	/** The rounds' least and most, "1.10–1.40", when the value is the median of rounds. */
	spread?: string;
	/** "≤ 1.3", "≥ 1.0", "0.9–1.1", or a number the value must equal. */
	goal?: string;
}

/** A reported figure, with when it was reported (the table keeps that order). */
export interface Reported extends Figure {
	at: number;
}

export function report(figure: Figure): void {
	const folder = process.env.BENCH_REPORT_DIR;
	const reported: Reported = { ...figure, at: performance.timeOrigin + performance.now() };
	if (folder) writeFileSync(join(folder, `${figure.key}.json`), JSON.stringify(reported));
}

/** `held` when the value meets the goal, `short` when not; `reference` for a figure without a goal. */
export function verdict(figure: Figure): 'held' | 'short' | 'reference' {
	const goal = figure.goal?.replace(/,/g, '').trim();
	if (!goal) return 'reference';
	const number = (text: string) => Number(text.trim());
	const held = goal.startsWith('≤')
		? figure.value <= number(goal.slice(1))
		: goal.startsWith('≥')
			? figure.value >= number(goal.slice(1))
			: goal.includes('–')
				? figure.value >= number(goal.split('–')[0]) && figure.value <= number(goal.split('–')[1])
				: figure.value === number(goal);
	return held ? 'held' : 'short';
}

/** The figure's line of the table `npm run bench` prints: what, value, goal, verdict. */
export function line(figure: Figure): string {
	const sides = [figure.ours && `ours ${figure.ours}`, figure.baseline && `baseline ${figure.baseline}`].filter(
		Boolean,
	);
	const what = sides.length ? `${figure.label} (${sides.join('; ')})` : figure.label;
	const value = figure.spread ? `**${figure.value}** (rounds ${figure.spread})` : `**${figure.value}**`;
	return `| ${what} | ${value} | ${figure.goal ?? '—'} | ${verdict(figure)} |`;
}

export const TABLE_HEAD = ['| figure | value | goal | verdict |', '|---|---|---|---|'];
