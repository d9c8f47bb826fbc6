/** What every adapter has, whatever the API: which one it is, and how to end it. */
export interface Adapter {
	readonly kind: 'rest' | 'mcp';
	/** Ends what the adapter opened for the execution (an MCP session). Never throws. */
	close(): Promise<void>;
}
