import { sleep } from 'n8n-workflow';

/** An item's place in its batch: `free` gives it up (the next batch waits for all); `end(stopsRun)` as it ends. */
export interface ItemSlot {
	free(): void;
	end(stopsRun: boolean): void;
}

/**
 * The items of a run in batches of `room()` (asked before each batch, so a run throttled meanwhile goes on one at a
 * time), each batch once every item of the one before has freed its slot: when it ended, or earlier when it freed its
 * slot itself (a write whose send is settled, its output still to come: a DVS create waiting for the listing of the
 * run's creates), and Batching's Batch Interval has passed. A batch also ends before an item whose file would take
 * the bytes of the batch's files past `bytesAtOnce` (its first item goes whatever its size). Once an item ends saying
 * it stops the run, no further
 * batch starts; the items started finish. The router starts each item itself, so that no frame of these batches
 * stands between the route and the item.
 */
export class ItemBatches<T> {
	private busy = 0;
	private inBatch = 0;
	private bytesInBatch = 0;
	private stopped = false;
	private slotFreed: () => void = () => undefined;
	/** The items started, in item order, each settled: the route awaits them itself, so an item's stack goes up to it. */
	readonly items: Array<Promise<T>> = [];

	constructor(
		private readonly room: () => number,
		private readonly intervalMs = 0,
		private readonly bytesAtOnce = Number.POSITIVE_INFINITY,
	) {}

	/** Waits until another item, sending a file of `fileBytes`, may start; false once an item stopped the run. */
	async open(fileBytes = 0): Promise<boolean> {
		const full = this.inBatch >= this.room() || this.bytesInBatch + fileBytes > this.bytesAtOnce;
		if (this.inBatch > 0 && full) {
			while (this.busy > 0) await this.aSlotFreed();
			if (this.intervalMs > 0 && !this.stopped) await sleep(this.intervalMs);
			this.inBatch = 0;
			this.bytesInBatch = 0;
		}
		this.bytesInBatch += fileBytes;
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
