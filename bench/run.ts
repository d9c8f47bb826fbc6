/* eslint-disable @n8n/community-nodes/no-dangerous-functions, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, no-console -- this file runs in Node under the bench tools, never inside n8n */
/**
 * Runs every benchmark in its own process (so memory figures don't mix), prints their figures, then
 * one table of the figures they reported (bench/report.ts), written to bench/results.md and, for
 * machines, bench/results.json. Nothing is left in temporary folders.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import type { Figure } from './report';

const tsx = join(__dirname, '..', 'node_modules', '.bin', 'tsx');
const benches = readdirSync(__dirname)
	.filter((name) => name.endsWith('.ts') && !['run.ts', 'report.ts'].includes(name))
	.sort();
// Every bench's temporary files go in one folder, removed at the end. On a RAM disk when the machine
// has one: a 1 GiB transfer then compares the clients, not the disk's page-cache state (curl and the
// node write to the same place).
const scratch = mkdtempSync(join(existsSync('/dev/shm') ? '/dev/shm' : tmpdir(), 'svc-bench-'));
const reports = join(scratch, 'figures');
mkdirSync(reports);
let failed = 0;
try {
	for (const bench of benches) {
		console.log(`\n##### ${bench}`);
		const result = spawnSync(tsx, [join(__dirname, bench)], {
			stdio: 'inherit',
			env: {
				...process.env,
				TMPDIR: scratch,
				BENCH_REPORT_DIR: reports,
				NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --expose-gc`.trim(),
			},
		});
		if (result.status !== 0) failed++;
	}
	const figures = readdirSync(reports)
		.map((name) => JSON.parse(readFileSync(join(reports, name), 'utf8')) as Figure)
		.sort((a, b) => a.key.localeCompare(b.key));
	const rows = figures.map(
		(figure) =>
			`| ${figure.label} | ${figure.ours ?? ''} | ${figure.baseline ?? ''} | **${figure.value}** | ${figure.goal ?? ''} |`,
	);
	const table = ['| measured | ours | baseline (same run) | figure | goal |', '|---|---|---|---|---|', ...rows].join(
		'\n',
	);
	console.log(`\n${table}`);
	writeFileSync(
		join(__dirname, 'results.md'),
		`# Bench results\n\n\`npm run bench\` on ${new Date().toISOString().slice(0, 10)} (Node ${process.version}, ${process.arch}).\n\n${table}\n`,
	);
	writeFileSync(
		join(__dirname, 'results.json'),
		`${JSON.stringify(Object.fromEntries(figures.map((figure) => [figure.key, figure.value])), null, 2)}\n`,
	);
} finally {
	rmSync(scratch, { recursive: true, force: true });
}
if (failed) process.exitCode = 1;
