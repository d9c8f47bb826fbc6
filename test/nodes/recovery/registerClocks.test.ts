/**
 * Issue 45, the evidence of a DVS create's read-back when `date_created` is not on the HTTP `Date` clock (document 3
 * shows whole seconds and no zone): a service showing another zone, or a listing clock minutes behind. Time cannot
 * place a task of our name against the send there, so the item is "Outcome uncertain" naming the task — never
 * output as written by another writer, never sent a second time. Through n8n's engine, over REST and MCP.
 */
import type { Auth } from '../parity/env';
import { sim, useRecoveryEnv } from './env';
import { answerLost, busyProject, suffix, twinAtSend } from './busyProject';
import { requestsSince, runAlone } from './workflows';

useRecoveryEnv();

const SHIFTS: Array<[string, number]> = [
	['another zone (UTC+1)', 3_600_000],
	['another zone (UTC-5)', -5 * 3_600_000],
	['a listing clock 2 minutes behind', -120_000],
];

describe.each<Auth>(['rest', 'mcp'])('%s task.create, listing times off the Date clock', (auth) => {
	afterEach(() => {
		sim().dvs.store.shownTimeShiftMs = 0;
	});

	it.each(SHIFTS)('%s: a lost answer is "Outcome uncertain" naming the task, never sent twice', async (_, shift) => {
		sim().dvs.store.shownTimeShiftMs = shift;
		const busy = busyProject(auth);
		const marker = `shifted-${suffix()}`;
		answerLost(busy, marker);
		const start = sim().requests.length;
		const run = await runAlone(busy.destination, [busy.destination.item(marker)]);
		const found = busy.named(marker);
		expect(found).toEqual([{ id: found[0]?.id, creatorId: busy.admin }]);
		expect(run.result.error?.message).toMatch(/^Outcome uncertain/);
		expect(run.result.error?.description).toContain(`document ${found[0].id} named "${marker}"`);
		expect(requestsSince(start, busy.kind.match)).toHaveLength(1);
	});

	it.each(SHIFTS)(
		"%s: this account's task of the name 20 s before the send, ours never landed: never taken, never resent",
		async (_, shift) => {
			sim().dvs.store.shownTimeShiftMs = shift;
			const busy = busyProject(auth);
			const marker = `shifted-twin-${suffix()}`;
			twinAtSend(busy, marker, busy.admin, Date.now() - 20_000);
			const start = sim().requests.length;
			const run = await runAlone(busy.destination, [busy.destination.item(marker)]);
			const [twin] = busy.named(marker);
			expect(busy.named(marker)).toHaveLength(1);
			expect(run.result.error?.message).toMatch(/^Outcome uncertain/);
			expect(run.result.error?.description).toContain(`document ${twin.id} named "${marker}"`);
			expect(requestsSince(start, busy.kind.match)).toHaveLength(1);
		},
	);
});
