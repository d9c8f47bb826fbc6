/**
 * n8n's On Error setting (DESIGN: "Failed items under 'Continue (using error output)' go where n8n
 * routes errors"): with the error output every failed item leaves on it, paired with its input,
 * "Outcome uncertain" told apart; with Continue they stay on the main output. With Retry On Fail
 * beside it, an error in item 0 makes n8n run the node again: nothing is written twice.
 */
import { byId } from '../SvcDvs/env';
import { landedButUnseen, RETRY_ON_FAIL, sim, useRecoveryEnv, type WriteMatch } from './env';

const { envWith } = useRecoveryEnv();

const MISSING_TASK = 987_654;

/** Comments on the tasks the items name; the write of the comment that holds `text` lands unseen. */
async function commentOn(tasks: number[], recovery: Parameters<typeof envWith>[0], uncertainText?: string) {
	const text = `note-${Math.random().toString(36).slice(2, 10)}`;
	if (uncertainText !== undefined) {
		const write: WriteMatch = (req, target) =>
			target.action === 'add_comment' && req.body.toString().includes(`${text} ${uncertainText}`);
		landedButUnseen(write);
	}
	const result = await envWith(recovery).dvs(
		'rest',
		{
			resource: 'comment',
			operation: 'add',
			task: byId('={{ $json.task }}'),
			comment: `={{ "${text} " + $itemIndex }}`,
			// One after another: the reads that fail after the uncertain write are its own read-back's.
			options: { inItemOrder: true },
		},
		{ input: tasks.map((task) => ({ json: { task } })) },
	);
	const stored = (n: number) =>
		sim()
			.dvs.store.comments(sim().dvs.seed.orgA.tasks.design)
			.filter((comment) => comment.storedHtml.includes(`${text} ${n}`)).length;
	return { result, stored };
}

describe('On Error: Continue (using error output)', () => {
	it('sends every failed item to the error output, paired with its input; "Outcome uncertain" says so', async () => {
		const design = sim().dvs.seed.orgA.tasks.design;
		const { result, stored } = await commentOn(
			[design, MISSING_TASK, design, MISSING_TASK],
			{ onError: 'continueErrorOutput' },
			'2',
		);
		expect(result.error).toBeUndefined();
		const [success, failed] = result.outputs;
		expect(success.map((item) => item.pairedItem)).toEqual([{ item: 0 }]);
		expect(failed.map((item) => item.pairedItem)).toEqual([{ item: 1 }, { item: 2 }, { item: 3 }]);
		expect(failed.every((item) => typeof item.json.error === 'string')).toBe(true);
		const details = failed.map((item) => item.json.details as { outcome?: string; description?: string });
		expect(details.map((detail) => detail.outcome)).toEqual([undefined, 'uncertain', undefined]);
		expect(failed[1].json.error).toMatch(
			/^Outcome uncertain: could not confirm whether the comment on task \d+ was written$/,
		);
		expect(details[1].description).toMatch(/Check the destination/);
		expect([0, 1, 2, 3].map(stored)).toEqual([1, 0, 1, 0]);
	});

	it('with Retry On Fail too: an uncertain item 0 makes n8n run the node again, and nothing is written twice', async () => {
		const design = sim().dvs.seed.orgA.tasks.design;
		const { result, stored } = await commentOn(
			[design, design, design],
			{ onError: 'continueErrorOutput', ...RETRY_ON_FAIL },
			'0',
		);
		expect(result.error).toBeUndefined();
		const [success, failed] = result.outputs;
		expect(failed).toEqual([]);
		expect(success.map((item) => item.json.reconciledWhy)).toEqual([
			'an earlier try of this node wrote it',
			'an earlier try of this node wrote it',
			'an earlier try of this node wrote it',
		]);
		expect([0, 1, 2].map(stored)).toEqual([1, 1, 1]);
	});

	it('with Retry On Fail too: a refused item 0 is tried again, the items after it are written once', async () => {
		const design = sim().dvs.seed.orgA.tasks.design;
		const { result, stored } = await commentOn([MISSING_TASK, design, design], {
			onError: 'continueErrorOutput',
			...RETRY_ON_FAIL,
		});
		const [success, failed] = result.outputs;
		expect(failed.map((item) => item.pairedItem)).toEqual([{ item: 0 }]);
		expect(success.map((item) => item.pairedItem)).toEqual([{ item: 1 }, { item: 2 }]);
		expect([1, 2].map(stored)).toEqual([1, 1]);
	});
});

describe('On Error: Continue', () => {
	it('keeps failed items on the main output, in order, each saying what failed', async () => {
		const design = sim().dvs.seed.orgA.tasks.design;
		const { result, stored } = await commentOn(
			[design, MISSING_TASK, design],
			{ onError: 'continueRegularOutput' },
			'2',
		);
		expect(result.outputs).toHaveLength(1);
		const [main] = result.outputs;
		expect(main.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
		expect(main[0].json.error).toBeUndefined();
		expect(typeof main[1].json.error).toBe('string');
		expect(main[2].json).toMatchObject({ outcome: 'uncertain' });
		expect([0, 2].map(stored)).toEqual([1, 1]);
	});
});
