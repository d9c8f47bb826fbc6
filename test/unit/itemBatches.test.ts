import { ItemBatches } from '../../nodes/shared/execution/itemBatches';

/** The router's loop: each item started in its slot as soon as the batches open, ending it as runItem does. */
async function inBatches(
	count: number,
	room: () => number,
	run: (index: number, freeSlot: () => void) => Promise<number>,
	stopsRun: (reason: unknown) => boolean,
	intervalMs = 0,
	files?: { bytesAtOnce: number; bytes: number[] },
) {
	const batches = new ItemBatches<number>(room, intervalMs, files?.bytesAtOnce);
	for (let index = 0; index < count && (await batches.open(files?.bytes[index])); index++) {
		const slot = batches.take();
		const item = run(index, slot.free);
		item.then(
			() => slot.end(false),
			(error: unknown) => slot.end(stopsRun(error)),
		);
		batches.items.push(item);
	}
	return await Promise.allSettled(batches.items);
}

/** Items that end, or free their slot, when the test says; which have started, in order. */
function items() {
	const started: number[] = [];
	const controls = new Map<number, { end(): void; fail(): void; freeSlot(): void }>();
	const run = async (index: number, freeSlot: () => void) => {
		started.push(index);
		await new Promise<void>((end, fail) =>
			controls.set(index, { end, fail: () => fail(new Error(`${index}`)), freeSlot }),
		);
		return index;
	};
	return { started, controls: (index: number) => controls.get(index)!, run };
}

async function settled() {
	for (let step = 0; step < 20; step++) await Promise.resolve();
}

it('runs a batch of as many as there is room for, the next once every item of it has ended', async () => {
	const { started, controls, run } = items();
	const all = inBatches(
		5,
		() => 2,
		run,
		() => true,
	);
	await settled();
	expect(started).toEqual([0, 1]);
	controls(1).end();
	await settled();
	expect(started).toEqual([0, 1]);
	controls(0).end();
	await settled();
	expect(started).toEqual([0, 1, 2, 3]);
	controls(2).end();
	controls(3).end();
	await settled();
	controls(4).end();
	expect((await all).map((result) => result.status === 'fulfilled' && result.value)).toEqual([0, 1, 2, 3, 4]);
});

it('starts the next batch once every item of it freed its slot, and still waits for them to end', async () => {
	const { started, controls, run } = items();
	let ended = false;
	const all = inBatches(
		4,
		() => 2,
		run,
		() => true,
	).then((results) => ((ended = true), results));
	await settled();
	controls(0).freeSlot();
	controls(0).freeSlot();
	await settled();
	expect(started).toEqual([0, 1]);
	controls(1).freeSlot();
	await settled();
	expect(started).toEqual([0, 1, 2, 3]);
	for (const index of [1, 2, 3]) controls(index).end();
	await settled();
	expect(ended).toBe(false);
	controls(0).end();
	expect(await all).toHaveLength(4);
});

it('starts nothing after a batch where an item stopped the run; those started finish', async () => {
	const { started, controls, run } = items();
	const all = inBatches(
		6,
		() => 3,
		run,
		(reason) => (reason as Error).message === '1',
	);
	await settled();
	controls(1).fail();
	await settled();
	controls(0).end();
	controls(2).end();
	const results = await all;
	expect(started).toEqual([0, 1, 2]);
	expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
});

it('goes on after a failure that does not stop the run (On Error → Continue)', async () => {
	const { started, controls, run } = items();
	const all = inBatches(
		3,
		() => 1,
		run,
		() => false,
	);
	await settled();
	controls(0).fail();
	await settled();
	controls(1).end();
	await settled();
	controls(2).end();
	expect((await all).map((result) => result.status)).toEqual(['rejected', 'fulfilled', 'fulfilled']);
	expect(started).toEqual([0, 1, 2]);
});

it('asks for the room before each batch: throttled meanwhile, one at a time', async () => {
	const { started, controls, run } = items();
	let room = 3;
	const all = inBatches(
		5,
		() => room,
		run,
		() => true,
	);
	await settled();
	expect(started).toEqual([0, 1, 2]);
	room = 1;
	for (const index of [0, 1, 2]) controls(index).end();
	await settled();
	expect(started).toEqual([0, 1, 2, 3]);
	controls(3).end();
	await settled();
	expect(started).toEqual([0, 1, 2, 3, 4]);
	controls(4).end();
	expect(await all).toHaveLength(5);
});

describe('with a Batch Interval', () => {
	beforeEach(() => jest.useFakeTimers());
	afterEach(() => jest.useRealTimers());

	it('starts each batch once the one before has ended and the interval has passed', async () => {
		const { started, controls, run } = items();
		const all = inBatches(
			3,
			() => 2,
			run,
			() => true,
			1000,
		);
		await settled();
		controls(0).end();
		controls(1).end();
		await settled();
		await jest.advanceTimersByTimeAsync(999);
		expect(started).toEqual([0, 1]);
		await jest.advanceTimersByTimeAsync(1);
		expect(started).toEqual([0, 1, 2]);
		controls(2).end();
		expect(await all).toHaveLength(3);
	});

	it('starts no batch after one where an item stopped the run, and does not wait the interval', async () => {
		const { started, controls, run } = items();
		const all = inBatches(
			4,
			() => 2,
			run,
			() => true,
			1000,
		);
		await settled();
		controls(0).fail();
		controls(1).end();
		const results = await all;
		expect(started).toEqual([0, 1]);
		expect(results.map((result) => result.status)).toEqual(['rejected', 'fulfilled']);
	});
});

it('ends a batch before a file that would take its files past the bytes at once; a larger file goes alone', async () => {
	const { started, controls, run } = items();
	const bytes = [60, 30, 20, 500, 10];
	const all = inBatches(
		5,
		() => 10,
		run,
		() => false,
		0,
		{ bytesAtOnce: 100, bytes },
	);
	await settled();
	expect(started).toEqual([0, 1]);
	controls(0).end();
	controls(1).end();
	await settled();
	expect(started).toEqual([0, 1, 2]);
	controls(2).end();
	await settled();
	expect(started).toEqual([0, 1, 2, 3]);
	controls(3).end();
	await settled();
	expect(started).toEqual([0, 1, 2, 3, 4]);
	controls(4).end();
	expect((await all).map((result) => result.status)).toEqual(bytes.map(() => 'fulfilled'));
});
