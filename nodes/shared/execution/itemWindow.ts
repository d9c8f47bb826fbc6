import { sleep } from 'n8n-workflow';

export interface WindowPace {
	/** How many items run at once; asked again before each item starts (it narrows to 1 after a 429). */
	width(): number;
	/** With a Batch Interval: a batch, then the wait, as n8n's HTTP Request node batches. */
	intervalMs: number;
	/** Whether an item's failure ends the run (On Error → Stop): then no further item starts. */
	stops(reason: unknown): boolean;
}

/**
 * Runs items `0…count-1` in item order, `width` at once: without an interval, the next item starts as soon as
 * one ends, so the node's work on one answer overlaps the service's work on the others (a batch that waits for its
 * slowest item would leave both idle in turn). Resolves, once every item started has ended, with each started
 * item's outcome by its index; after a failure that stops the run, the items not started yet are left out.
 */
export async function settleItems<T>(
	count: number,
	pace: WindowPace,
	run: (itemIndex: number) => Promise<T>,
): Promise<Array<PromiseSettledResult<T>>> {
	const outcomes: Array<PromiseSettledResult<T>> = [];
	let stopped = false;
	const settle = async (itemIndex: number) => {
		try {
			outcomes[itemIndex] = { status: 'fulfilled', value: await run(itemIndex) };
		} catch (reason) {
			outcomes[itemIndex] = { status: 'rejected', reason };
			if (pace.stops(reason)) stopped = true;
		}
	};
	let next = 0;
	if (pace.intervalMs > 0) {
		for (; next < count && !stopped; ) {
			if (next > 0) await sleep(pace.intervalMs);
			const batch = Array.from({ length: Math.min(pace.width(), count - next) }, () => next++);
			await Promise.all(batch.map(settle));
		}
		return outcomes;
	}
	let running = 0;
	await new Promise<void>((allEnded) => {
		const startMore = () => {
			while (!stopped && next < count && running < pace.width()) {
				running++;
				void settle(next++).then(() => {
					running--;
					startMore();
				});
			}
			if (running === 0) allEnded();
		};
		startMore();
	});
	return outcomes;
}
