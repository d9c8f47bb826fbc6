/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- this file runs in Node under the bench tools, never inside n8n */
/**
 * How a bench hands a figure to `npm run bench`: run.ts gives each bench process a folder
 * (BENCH_REPORT_DIR); each figure lands there as one JSON file, and run.ts writes the table.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface Figure {
	/** The key in bench/results.json. */
	key: string;
	/** What was measured, as the table's row says it. */
	label: string;
	value: number;
	/** Our figure and the baseline's, when the value is a ratio. */
	ours?: string;
	baseline?: string;
	goal?: string;
}

export function report(figure: Figure): void {
	const folder = process.env.BENCH_REPORT_DIR;
	if (folder) writeFileSync(join(folder, `${figure.key}.json`), JSON.stringify(figure));
}
