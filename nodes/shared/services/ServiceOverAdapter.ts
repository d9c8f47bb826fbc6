import type { INode } from 'n8n-workflow';

import type { Adapter } from '../adapters/adapter';
import type { ItemWriteRecords, WriteRecords } from './exactlyOnce/writeRecords';
import type { ServerClock, WriteItem } from './exactlyOnce/executor';

/** The service's clock (exactlyOnce/executor.ts), named here too for the services' files that import it from here. */
export type { ServerClock };

/** A service over one adapter (REST or MCP) for one execution; the service class says what it decides. */
export abstract class ServiceOverAdapter<A extends Adapter> {
	constructor(
		protected readonly node: INode,
		protected readonly adapter: A,
		private readonly writeRecords?: WriteRecords,
		protected readonly clock: ServerClock = () => undefined,
	) {}

	/** Where an item's writes are recorded, so n8n running the node again never writes twice. */
	protected recordsFor(itemIndex: number): ItemWriteRecords | undefined {
		return this.writeRecords?.forItem(itemIndex);
	}

	/** The item a write belongs to, as the executor runs it (exactlyOnce/executor.ts `writeOnce`). */
	protected item(itemIndex: number): WriteItem {
		return { itemIndex, records: this.recordsFor(itemIndex) };
	}

	/**
	 * Before a lookup by path or name in a write: every earlier item of the run has written what it writes (items
	 * write at once, writeTurns.ts), so a folder or document an earlier item makes is found.
	 */
	protected async afterEarlierWrites(itemIndex: number): Promise<void> {
		await this.writeRecords?.turns.settledBefore(itemIndex);
	}

	/** Settles once the router has begun every item of the run it will (at once where the run records no writes). */
	protected everyItemBegun(): Promise<void> {
		return this.writeRecords?.turns.everyItemBegun ?? Promise.resolve();
	}

	/** Ends what the execution opened on the adapter (an MCP session). Never throws. */
	async close(): Promise<void> {
		await this.adapter.close();
	}

	get kind(): A['kind'] {
		return this.adapter.kind;
	}
}
