import { settleItems, type WindowPace } from '../../nodes/shared/execution/itemWindow';

/** Items whose runs end when the test says: `started` in the order they began, `end(i)` settles item i. */
function items() {
	const started: number[] = [];
	const endings = new Map<number, { resolve: (value: string) => void; reject: (error: Error) => void }>();
	const run = async (itemIndex: number) =>
		await new Promise<string>((resolve, reject) => {
			started.push(itemIndex);
			endings.set(itemIndex, { resolve, reject });
		});
	const end = (itemIndex: number) => endings.get(itemIndex)!.resolve(`item ${itemIndex}`);
	const fail = (itemIndex: number) => endings.get(itemIndex)!.reject(new Error(`item ${itemIndex} failed`));
	return { started, run, end, fail };
}

/** Lets every settled item's continuation run. */
async function settled() {
	for (let step = 0; step < 20; step++) await Promise.resolve();
}

const pace = (width: number, more: Partial<WindowPace> = {}): WindowPace => ({
	width: () => width,
	intervalMs: 0,
	stops: () => false,
	...more,
});

describe('items at once', () => {
	it('starts the next item as soon as one ends: a slow item holds back no other', async () => {
		const { started, run, end } = items();
		const all = settleItems(5, pace(2), run);
		await settled();
		expect(started).toEqual([0, 1]);
		end(1);
		await settled();
		expect(started).toEqual([0, 1, 2]);
		end(2);
		await settled();
		expect(started).toEqual([0, 1, 2, 3]);
		[0, 3].forEach(end);
		await settled();
		end(4);
		const outcomes = await all;
		expect(outcomes.map((outcome) => outcome.status === 'fulfilled' && outcome.value)).toEqual(
			[0, 1, 2, 3, 4].map((index) => `item ${index}`),
		);
	});

	it('narrows to one at a time when asked (after a 429), from the next item on', async () => {
		const { started, run, end } = items();
		let width = 3;
		const all = settleItems(6, { ...pace(3), width: () => width }, run);
		await settled();
		expect(started).toEqual([0, 1, 2]);
		width = 1;
		end(0);
		end(1);
		await settled();
		expect(started).toEqual([0, 1, 2]);
		end(2);
		await settled();
		expect(started).toEqual([0, 1, 2, 3]);
		end(3);
		await settled();
		expect(started).toEqual([0, 1, 2, 3, 4]);
		end(4);
		await settled();
		end(5);
		expect(await all).toHaveLength(6);
	});

	it('after a failure that stops the run starts no other item, and ends when the items running have', async () => {
		const { started, run, end, fail } = items();
		let ended = false;
		const all = settleItems(6, pace(3, { stops: () => true }), run).then((outcomes) => {
			ended = true;
			return outcomes;
		});
		await settled();
		fail(1);
		await settled();
		expect([started, ended]).toEqual([[0, 1, 2], false]);
		end(0);
		end(2);
		const outcomes = await all;
		expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
		expect(started).toEqual([0, 1, 2]);
	});

	it('under On Error → Continue a failure starts the next item like any other end', async () => {
		const { started, run, end, fail } = items();
		const all = settleItems(3, pace(1), run);
		await settled();
		fail(0);
		await settled();
		expect(started).toEqual([0, 1]);
		end(1);
		await settled();
		end(2);
		expect((await all).map((outcome) => outcome.status)).toEqual(['rejected', 'fulfilled', 'fulfilled']);
	});

	it('with a Batch Interval runs a batch, waits, then the next batch', async () => {
		jest.useFakeTimers();
		try {
			const { started, run, end } = items();
			const all = settleItems(4, pace(2, { intervalMs: 1000 }), run);
			await settled();
			end(1);
			await settled();
			expect(started).toEqual([0, 1]);
			end(0);
			await settled();
			await jest.advanceTimersByTimeAsync(999);
			expect(started).toEqual([0, 1]);
			await jest.advanceTimersByTimeAsync(1);
			expect(started).toEqual([0, 1, 2, 3]);
			end(2);
			end(3);
			expect(await all).toHaveLength(4);
		} finally {
			jest.useRealTimers();
		}
	});
});
