/* eslint-disable @n8n/community-nodes/no-dangerous-functions, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, no-console -- this file runs in Node under the bench tools, never inside n8n */
/**
 * Runs every benchmark in its own process (so memory figures don't mix), prints their own lines, then one table:
 * a line for each figure they reported (bench/report.ts) with its value, its goal and `held` or `short` (figures
 * without a goal after it, for reference), and how long each bench took (wall, and the CPU of its processes).
 * The table goes to bench/results.md with the date and the commit, and the values to bench/results.json for
 * machines. Nothing is left in temporary folders.
 * `npx tsx bench/run.ts per-item one-item-runs` runs only the benches named (and writes no results file).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';

import { line, TABLE_HEAD, verdict, type Reported } from './report';

const tsx = join(__dirname, '..', 'node_modules', '.bin', 'tsx');
const named = process.argv.slice(2).map((name) => (name.endsWith('.ts') ? name : `${name}.ts`));
/**
 * The order of the table: writes, reads, Svc across the internet, big files, then scale; a bench not listed runs
 * after these.
 */
const ORDER = [
	'storage-writes.ts',
	'one-item-runs.ts',
	'dvs-writes.ts',
	'saved-execution.ts',
	'per-item.ts',
	'remote-service.ts',
	'http-request-transfer.ts',
	'transfer-memory.ts',
	'storage-transfer.ts',
	'scale.ts',
	'poll-cost.ts',
	'return-all.ts',
	'mcp-requests.ts',
];
const rank = (name: string) => (ORDER.includes(name) ? ORDER.indexOf(name) : ORDER.length);
const benches = readdirSync(__dirname)
	.filter((name) => name.endsWith('.ts') && !['run.ts', 'report.ts'].includes(name))
	.filter((name) => named.length === 0 || named.includes(name))
	.sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));

/** CPU seconds of this process's children that have ended (Linux: /proc/self/stat's cutime and cstime). */
function childrenCpuSeconds(): number {
	const stat = readFileSync('/proc/self/stat', 'utf8');
	const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
	// Fields 16 and 17 of the file (cutime, cstime) in clock ticks of 1/100 s; the slice starts at field 3.
	return (Number(fields[13]) + Number(fields[14])) / 100;
}

function commit(): string {
	try {
		const head = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: __dirname, encoding: 'utf8' }).trim();
		const dirty = execFileSync('git', ['status', '--porcelain', '--', '.'], {
			cwd: join(__dirname, '..'),
			encoding: 'utf8',
		});
		return dirty.trim() ? `${head} with uncommitted changes` : head;
	} catch {
		return 'unknown commit';
	}
}

// Every bench's temporary files go in one folder, removed at the end. On a RAM disk when the machine
// has one: a 1 GiB transfer then compares the clients, not the disk's page-cache state.
const scratch = mkdtempSync(join(existsSync('/dev/shm') ? '/dev/shm' : tmpdir(), 'svc-bench-'));
const reports = join(scratch, 'figures');
mkdirSync(reports);
const timings: string[] = [];
const started = Date.now();
// A figure on a busy machine says less: the table says how busy this one was.
const loadAtStart = loadavg()[0];
let failed = 0;
try {
	for (const bench of benches) {
		console.log(`\n##### ${bench}`);
		const [wallFrom, cpuFrom] = [Date.now(), childrenCpuSeconds()];
		const result = spawnSync(tsx, [join(__dirname, bench)], {
			stdio: 'inherit',
			env: {
				...process.env,
				TMPDIR: scratch,
				BENCH_REPORT_DIR: reports,
				NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --expose-gc`.trim(),
			},
		});
		const wall = (Date.now() - wallFrom) / 1000;
		const cpu = childrenCpuSeconds() - cpuFrom;
		timings.push(`${bench} ${wall.toFixed(0)} s (CPU ${cpu.toFixed(0)} s)${result.status === 0 ? '' : ', FAILED'}`);
		if (result.status !== 0) failed++;
	}
	const figures = readdirSync(reports)
		.map((name) => JSON.parse(readFileSync(join(reports, name), 'utf8')) as Reported)
		.sort((a, b) => a.at - b.at);
	const judged = figures.filter((figure) => figure.goal);
	const reference = figures.filter((figure) => !figure.goal);
	const verdicts = judged.map(verdict);
	const count = (which: string) => verdicts.filter((each) => each === which).length;
	const total = `${((Date.now() - started) / 60_000).toFixed(1)} minutes`;
	const summary =
		`${judged.length} figures with a goal: ${count('held')} held, ${count('short')} short` +
		`${failed ? `; ${failed} bench(es) FAILED` : ''}. Took ${total}: ${timings.join(', ')}.`;
	const day = new Date().toISOString().slice(0, 10);
	const load = `load average ${loadAtStart.toFixed(1)} at the start, ${loadavg()[0].toFixed(1)} at the end`;
	const machine = `Node ${process.version}, ${availableParallelism()} cores, ${load}`;
	const heading = `\`npm run bench\` on ${day} at ${commit()} (${machine}).`;
	const table = [
		...TABLE_HEAD,
		...judged.map(line),
		...(reference.length ? ['', 'For reference (no goal):', '', ...TABLE_HEAD, ...reference.map(line)] : []),
	].join('\n');
	console.log(`\n${heading}\n\n${table}\n\n${summary}`);
	// A run of some benches only leaves the last whole run's results as they are.
	if (named.length === 0) {
		writeFileSync(join(__dirname, 'results.md'), `# Bench results\n\n${heading}\n\n${table}\n\n${summary}\n`);
		writeFileSync(
			join(__dirname, 'results.json'),
			`${JSON.stringify(Object.fromEntries(figures.map((figure) => [figure.key, figure.value])), null, 2)}\n`,
		);
	}
} finally {
	rmSync(scratch, { recursive: true, force: true });
}
if (failed) process.exitCode = 1;
