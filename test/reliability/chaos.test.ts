/**
 * A sample of the chaos suite (`npm run chaos` runs 1,000 per operation): every write operation,
 * REST and MCP, under faults drawn from the catalogue; no duplicate, no loss.
 */
import { CHAOS_FAULTS, runBusyChaos, runChaos, runRetryChaos } from './chaos';
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
