/**
 * A sample of the chaos suite (`npm run chaos` runs 1,000 per operation): every write operation,
 * REST and MCP, under faults drawn from the catalogue, and beside other writers making the same names: no
 * duplicate, no loss, nothing of theirs output as the node's write.
 */
import { CHAOS_FAULTS, runBusyChaos, runChaos, runOthersChaos, runRetryChaos } from './chaos';
import { MAKING_OPERATIONS } from './others';
import { WRITE_OPERATIONS } from './operations';

it('writes land once and are never reported wrongly under every fault of the catalogue', async () => {
	const report = await runChaos(24, 11);
	expect(report.examples).toEqual([]);
	expect(report.totals).toMatchObject({ runs: 24 * WRITE_OPERATIONS.length, duplicates: 0, losses: 0 });
	// The sample did meet faults: most writes written, some ended "Outcome uncertain", and every
	// fault of the catalogue was drawn.
	expect(report.totals.created).toBeGreaterThan(report.totals.runs / 2);
	expect(report.totals.uncertain).toBeGreaterThan(0);
	expect(new Set(report.rows.map((row) => row.fault))).toEqual(new Set(CHAOS_FAULTS.map((fault) => fault.name)));
});

it('with every core kept busy, writes still land once and are never reported wrongly', async () => {
	const report = await runBusyChaos(12, 12);
	expect(report.examples).toEqual([]);
	expect(report.totals).toMatchObject({ runs: 12 * WRITE_OPERATIONS.length, duplicates: 0, losses: 0 });
});

it('with Retry On Fail on and writes the trying run cannot see, no try writes again', async () => {
	const report = await runRetryChaos(12, 13);
	expect(report.examples).toEqual([]);
	expect(report.totals).toMatchObject({ runs: 12 * WRITE_OPERATIONS.length, duplicates: 0, losses: 0 });
});

it('beside other writers making the same names, no object is written twice, lost, or taken', async () => {
	// Theirs made 0, 1, 3 or 10 s before the run, or right after the write committed: within the send's own second
	// their object and ours show the same whole second, and the item says "Outcome uncertain".
	const report = await runOthersChaos(6, 14);
	expect(report.examples).toEqual([]);
	expect(report.totals).toMatchObject({
		runs: 6 * MAKING_OPERATIONS.length,
		duplicates: 0,
		losses: 0,
		taken: 0,
	});
	// The other writers did write: about one object of theirs a run.
	expect(report.totals.theirs).toBeGreaterThan(report.totals.runs / 2);
});
