import { sleep } from 'n8n-workflow';

/**
 * The items of a run at once: as many as `room()` allows (asked before each start, so a run throttled meanwhile goes
 * on one at a time), each next item starting as soon as a slot is free: when an item ends, or earlier when it frees
 * its slot itself (a write whose send is settled, its output still to come). With an interval (Batching's Batch
 * Interval) the items go in batches instead, each once the one before has ended and the interval has passed. Once an
 * item ends saying it stops the run, no further item starts; those started finish. The router starts each item
 * itself, so that no frame of the pool stands between the route and the item.
 */
/** An item's place in the pool: `free` lets the next item start; `end(stopsRun)` as the item ends. */
export interface ItemSlot {
	free(): void;
	end(stopsRun: boolean): void;
}

export class ItemPool<T> {
	private busy = 0;
	private inBatch = 0;
	private stopped = false;
	private slotFreed: () => void = () => undefined;
	/** The items started, in item order, each settled: the route awaits them itself, so an item's stack goes up to it. */
	readonly items: Array<Promise<T>> = [];

	constructor(
		private readonly room: () => number,
		private readonly intervalMs = 0,
	) {}

	/** Waits until another item may start; false once an item stopped the run. */
	async open(): Promise<boolean> {
		if (this.intervalMs > 0 && this.inBatch > 0 && this.inBatch >= this.room()) {
			while (this.busy > 0) await this.aSlotFreed();
			if (!this.stopped) await sleep(this.intervalMs);
			this.inBatch = 0;
		}
		while (!this.stopped && this.busy >= this.room()) await this.aSlotFreed();
		return !this.stopped;
	}

	/** The slot of the item about to start. */
	take(): ItemSlot {
		this.busy++;
		this.inBatch++;
		let free = true;
		const freeSlot = () => {
			if (!free) return;
			free = false;
			this.busy--;
			this.slotFreed();
		};
		return {
			free: freeSlot,
			end: (stopsRun) => {
				this.stopped ||= stopsRun;
				freeSlot();
			},
		};
	}

	private async aSlotFreed(): Promise<void> {
		await new Promise<void>((resolve) => (this.slotFreed = resolve));
	}
}
