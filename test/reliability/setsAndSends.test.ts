/**
 * A sample of the sets-and-sends leg (setsAndSends.ts; `npm run chaos` runs more): every set and send, REST and MCP,
 * with Retry On Fail on and answers lost after Svc carried the write out.
 */
import { runSetsAndSends, SETS_AND_SENDS, setsAndSendsLine } from './setsAndSends';

it('no set or send is sent twice, fails for certain after landing, or stays uncertain where a read settles it', async () => {
	const report = await runSetsAndSends(3, 21);
	expect(report.examples).toEqual([]);
	expect(report).toMatchObject({
		runs: 3 * SETS_AND_SENDS.length,
		sentTwice: 0,
		certainFailuresAfterLanding: 0,
		uncertainWhereReadSettles: 0,
	});
	expect(setsAndSendsLine(report)).toMatch(/^sets and sends: \d+ runs, 0 sent twice, 0 certain failures/);
});
