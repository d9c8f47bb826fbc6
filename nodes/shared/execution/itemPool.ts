/**
 * Runs an item for each index, as many at once as `room()` allows (asked before each start, so a run that is
 * throttled meanwhile goes on one at a time), each next item starting as soon as a slot is free: when an item ends,
 * or earlier when it frees its slot itself (a write whose send is settled, its output still to come). Once an item
 * fails with `stopsRun`, no further item starts; those started finish. The results of the items started, by index.
 */
export async function inPool<T>(
	count: number,
	room: () => number,
	run: (index: number, freeSlot: () => void) => Promise<T>,
	stopsRun: (reason: unknown) => boolean,
): Promise<Array<PromiseSettledResult<T>>> {
	const results: Array<PromiseSettledResult<T>> = [];
	const started: Array<Promise<void>> = [];
	let busy = 0;
	let stopped = false;
	let slotFreed: () => void = () => undefined;
	for (let index = 0; index < count && !stopped; index++) {
		while (busy >= room()) await new Promise<void>((resolve) => (slotFreed = resolve));
		if (stopped) break;
		busy++;
		let free = true;
		const freeSlot = () => {
			if (!free) return;
			free = false;
			busy--;
			slotFreed();
		};
		const item = run(index, freeSlot).then(
			(value) => void (results[index] = { status: 'fulfilled', value }),
			(reason: unknown) => {
				results[index] = { status: 'rejected', reason };
				stopped ||= stopsRun(reason);
			},
		);
		started.push(item.finally(freeSlot));
	}
	await Promise.all(started);
	return results;
}
