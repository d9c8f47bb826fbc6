/** The API a request goes to: the service's REST APIs or its MCP endpoint. */
export type Api = 'rest' | 'mcp';

/** What every adapter has, whatever the API: which one it is, and how to end it. */
export interface Adapter {
	readonly kind: Api;
	/** Ends what the adapter opened for the execution (an MCP session). Never throws. */
	close(): Promise<void>;
}
