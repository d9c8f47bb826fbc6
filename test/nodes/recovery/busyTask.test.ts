/**
 * Issue 45, a busy DVS register, for a task's comments: a comment whose answer is lost is read back from the run's
 * look at the task's comments (200 a page), however many arrive meanwhile: it pages on to the run's look (at most
 * 20,000 comments, dvs/createdDocuments.ts READ_BACK_PAGES). Through n8n's engine, REST and MCP.
 */
import { insertComment } from '../../../devkit/simulator/dvs/direct';
import type { FaultMatch } from '../../../devkit/simulator/types';
import type { Auth } from '../parity/env';
import { sim, useRecoveryEnv } from './env';
import { writeOf } from './places';
import { kindNamed } from './writeKinds';
import { requestsSince, runAlone, said } from './workflows';

useRecoveryEnv();

const COMMENTS: Record<Auth, FaultMatch> = {
	rest: { action: 'get_comments' },
	mcp: { mcpTool: 'svc_dvs_get_comments' },
};

const suffix = () => Math.random().toString(36).slice(2, 8);

/** Once the comment carrying `marker` has been sent, `count` comments by another user arrive before the next read. */
function commentsArriveAfter(match: FaultMatch, marker: string, count: number): void {
	const { store, seed } = sim().dvs;
	let written = false;
	sim().faults.add({
		match: (req, target) => {
			if (writeOf(match, marker)(req, target)) written = true;
			else if (written && (target.action !== undefined || target.mcpTool !== undefined)) {
				written = false;
				for (let index = 0; index < count; index++)
					insertComment(store, {
						taskId: seed.orgA.tasks.design,
						authorId: seed.orgA.users.worker.id,
						text: `+${index}`,
					});
			}
			return false;
		},
		fault: { kind: 'statusBeforeCommit', status: 500 },
	});
}

describe.each<Auth>(['rest', 'mcp'])('%s comment.add on a busy task', (auth) => {
	const kind = kindNamed(`${auth} comment.add`);

	it('its answer lost while 300 comments arrive: output once, reconciled, one comment', async () => {
		const destination = kind.prepare(sim());
		const marker = `busy-${suffix()}`;
		commentsArriveAfter(kind.match, marker, 300);
		sim().faults.add({ match: writeOf(kind.match, marker), fault: { kind: 'statusAfterCommit', status: 500 } });
		const start = sim().requests.length;
		const run = await runAlone(destination, [destination.item(marker)]);
		expect(run.result.error).toBeUndefined();
		expect(run.items.map(said)).toEqual(['reconciled']);
		expect(destination.objects(marker)).toHaveLength(1);
		expect(requestsSince(start, kind.match)).toHaveLength(1);
	});

	it('1,100 comments arrive after the lost answer: the read-back pages on past them, output once', async () => {
		const destination = kind.prepare(sim());
		const marker = `flood-${suffix()}`;
		commentsArriveAfter(kind.match, marker, 1100);
		sim().faults.add({ match: writeOf(kind.match, marker), fault: { kind: 'statusAfterCommit', status: 500 } });
		const start = sim().requests.length;
		const run = await runAlone(destination, [destination.item(marker)]);
		expect(run.result.error).toBeUndefined();
		expect(run.items.map(said)).toEqual(['reconciled']);
		expect(destination.objects(marker)).toHaveLength(1);
		expect(requestsSince(start, kind.match)).toHaveLength(1);
		// The look's count, then one read-back: the count and the six pages from the look (ours, then 1,100 more).
		expect(requestsSince(start, COMMENTS[auth])).toHaveLength(1 + 1 + 6);
	});
});
