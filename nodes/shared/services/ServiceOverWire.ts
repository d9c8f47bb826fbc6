import type { INode } from 'n8n-workflow';

/** What every wire has, whatever the API: which one it is, and how to end it. */
export interface Wire {
	readonly kind: 'rest' | 'mcp';
	/** Ends what the wire opened for the execution (an MCP session). Never throws. */
	close(): Promise<void>;
}

/** A service over one wire (REST or MCP) for one execution; the service class says what it decides. */
export abstract class ServiceOverWire<W extends Wire> {
	constructor(
		protected readonly node: INode,
		protected readonly wire: W,
	) {}

	/** Ends what the execution opened on the wire (an MCP session). Never throws. */
	async close(): Promise<void> {
		await this.wire.close();
	}

	get kind(): W['kind'] {
		return this.wire.kind;
	}
}
