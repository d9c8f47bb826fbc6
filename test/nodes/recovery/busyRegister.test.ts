/**
 * Issue 45, "A busy DVS register gives a false 'Outcome uncertain'": a task create whose answer is lost is read back
 * page by page (newest first, 200 a page, only after the lost answer) until the run's look at
 * the project, so other tasks arriving meanwhile, the run's own bulk of creates or the time before a Retry
 * execution never hide it; and a task of its name is taken for the write only on evidence no other writer could
 * give (this account created it, not before the write was sent). Through n8n's engine, over REST and MCP.
 */
import type { IDataObject } from 'n8n-workflow';

import type { Auth } from '../parity/env';
import { sim, useRecoveryEnv } from './env';
import { afterWrite, answerLost, busyProject, failedReadBacks, LIST, suffix, twinAtSend } from './busyProject';
import { writeOf } from './places';
import { requestsSince, runAlone, runInLoop, said } from './workflows';

useRecoveryEnv();

const ids = (items: IDataObject[]) => items.map((item) => item.dvs_document_id);

describe.each<Auth>(['rest', 'mcp'])('%s task.create in a busy project', (auth) => {
	it('its answer lost while 60 other tasks arrive (30 by this account): output once, reconciled, one task', async () => {
		const busy = busyProject(auth);
		const marker = `busy-${suffix()}`;
		afterWrite(busy.kind.match, () => {
			busy.arrive(30, busy.worker);
			busy.arrive(30, busy.admin, (index) => `Mine ${index}`);
		});
		answerLost(busy, marker);
		const start = sim().requests.length;
		const run = await runAlone(busy.destination, [busy.destination.item(marker)]);
		expect(run.result.error).toBeUndefined();
		expect(run.items.map(said)).toEqual(['reconciled']);
		expect(busy.named(marker)).toEqual([{ id: run.items[0].dvs_document_id, creatorId: busy.admin }]);
		expect(requestsSince(start, busy.kind.match)).toHaveLength(1);
		// The look, and one read-back of one page of 200 (61 documents since the look).
		expect(requestsSince(start, LIST[auth])).toHaveLength(2);
	});

	it('Retry execution after "Outcome uncertain", 60 tasks later: the retry outputs the task once, never a second', async () => {
		const busy = busyProject(auth);
		const marker = `retry-${suffix()}`;
		// The lost answer's read-backs fail for the whole settle window: the first execution cannot tell.
		failedReadBacks(busy, marker);
		answerLost(busy, marker);
		const failed = await runAlone(busy.destination, [busy.destination.item(marker)]);
		expect(failed.result.error?.message).toMatch(/^Outcome uncertain/);
		busy.arrive(60, busy.worker);
		const start = sim().requests.length;
		const retried = await failed.result.retry();
		expect(retried.error).toBeUndefined();
		const [item] = (retried.runData.Write?.at(-1)?.data?.main?.[0] ?? []).map((entry) => entry.json);
		expect(said(item)).toBe('reconciled');
		expect(busy.named(marker)).toEqual([{ id: item.dvs_document_id, creatorId: busy.admin }]);
		expect(requestsSince(start, busy.kind.match)).toHaveLength(0);
	});

	it("the run's own bulk of 70 creates, item 0's answer lost until Retry On Fail's next try: each task once", async () => {
		const busy = busyProject(auth);
		const markers = Array.from({ length: 70 }, (_, index) => `bulk-${index}-${suffix()}`);
		// Item 0's read-backs fail for its whole settle window; the other 69 are created after it in that try.
		failedReadBacks(busy, markers[0]);
		answerLost(busy, markers[0]);
		const start = sim().requests.length;
		const run = await runAlone(
			busy.destination,
			markers.map((marker) => busy.destination.item(marker)),
			{ onError: 'continueRegularOutput', retryOnFail: { maxTries: 3, waitBetweenTries: 1000 } },
		);
		expect(run.result.error).toBeUndefined();
		expect(run.items.map(said)).toEqual(markers.map(() => 'reconciled'));
		expect(markers.map((marker) => busy.named(marker).length)).toEqual(markers.map(() => 1));
		expect(ids(run.items)).toEqual(markers.map((marker) => busy.named(marker)[0].id));
		expect(requestsSince(start, busy.kind.match)).toHaveLength(70);
	});

	it('another account created a task of its name a moment before, and ours never landed: never output as ours', async () => {
		const busy = busyProject(auth);
		const marker = `twin-${suffix()}`;
		twinAtSend(busy, marker, busy.worker);
		const run = await runAlone(busy.destination, [busy.destination.item(marker)]);
		expect(run.result.error).toBeUndefined();
		expect(run.items.map(said)).toEqual(['written']);
		const twins = busy.named(marker);
		expect(twins.map((task) => task.creatorId).sort()).toEqual([busy.admin, busy.worker].sort());
		expect(run.items[0].dvs_document_id).toBe(twins.find((task) => task.creatorId === busy.admin)?.id);
	});

	it('this account made a task of its name elsewhere 20 s before the send, and ours never landed: "Outcome uncertain" naming it, nothing resent', async () => {
		const busy = busyProject(auth);
		const marker = `elsewhere-${suffix()}`;
		twinAtSend(busy, marker, busy.admin, Date.now() - 20_000);
		const start = sim().requests.length;
		const run = await runAlone(busy.destination, [busy.destination.item(marker)]);
		const [theirs] = busy.named(marker);
		expect(busy.named(marker)).toHaveLength(1);
		expect(run.result.error?.message).toMatch(/^Outcome uncertain/);
		expect(run.result.error?.description).toContain(`document ${theirs.id} named "${marker}"`);
		expect(run.result.error?.description).toContain('before the write was sent');
		expect(requestsSince(start, busy.kind.match)).toHaveLength(1);
	});

	it("Loop Over Items, two items of one name: the second run's create never lands, and the first run's task is not taken for it", async () => {
		const busy = busyProject(auth);
		const marker = `looped-${suffix()}`;
		sim().faults.add({
			match: writeOf(busy.kind.match, marker),
			fault: { kind: 'statusBeforeCommit', status: 503 },
			skip: 1,
		});
		afterWrite(writeOf(busy.kind.match, marker), () => busy.arrive(60, busy.worker));
		const run = await runInLoop(busy.destination, [busy.destination.item(marker), busy.destination.item(marker)], 1);
		expect(run.result.error).toBeUndefined();
		expect(run.runs.map((items) => items.map((item) => said(item.json)))).toEqual([['written'], ['written']]);
		const tasks = busy.named(marker);
		expect(tasks.map((task) => task.creatorId)).toEqual([busy.admin, busy.admin]);
		expect(ids(run.items).sort()).toEqual(tasks.map((task) => task.id).sort());
	});

	it('1,100 tasks arrive after the lost answer: the read-back pages on past them to the write, output once', async () => {
		const busy = busyProject(auth);
		const marker = `flood-${suffix()}`;
		// Dated after the write (which the lost answer's fault stores a moment later): newer, so listed before it.
		afterWrite(busy.kind.match, () => busy.arrive(1100, busy.worker, undefined, sim().dvs.store.clock() + 5000));
		answerLost(busy, marker);
		const start = sim().requests.length;
		const run = await runAlone(busy.destination, [busy.destination.item(marker)]);
		expect(run.result.error).toBeUndefined();
		expect(run.items.map(said)).toEqual(['reconciled']);
		expect(busy.named(marker)).toEqual([{ id: run.items[0].dvs_document_id, creatorId: busy.admin }]);
		expect(requestsSince(start, busy.kind.match)).toHaveLength(1);
		// The look, then one read-back of six pages of 200: 1,100 newer documents, then ours.
		expect(requestsSince(start, LIST[auth])).toHaveLength(1 + 6);
	});
});
