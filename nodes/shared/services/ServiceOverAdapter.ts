import type { INode } from 'n8n-workflow';

/** What every adapter has, whatever the API: which one it is, and how to end it. */
export interface Adapter {
	readonly kind: 'rest' | 'mcp';
	/** Ends what the adapter opened for the execution (an MCP session). Never throws. */
	close(): Promise<void>;
}

/** A service over one adapter (REST or MCP) for one execution; the service class says what it decides. */
export abstract class ServiceOverAdapter<A extends Adapter> {
	constructor(
		protected readonly node: INode,
		protected readonly adapter: A,
	) {}

	/** Ends what the execution opened on the adapter (an MCP session). Never throws. */
	async close(): Promise<void> {
		await this.adapter.close();
	}

	get kind(): A['kind'] {
		return this.adapter.kind;
	}
}
