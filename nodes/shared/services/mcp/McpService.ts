import type { IDataObject } from 'n8n-workflow';

import type { McpCallOptions, McpClient, McpToolDescriptor, McpToolOutcome } from '../../transport/mcp';
import type { McpTool } from '../../transport/mcp/toolCatalogue';

/**
 * What the Svc MCP node asks of the endpoint, for one execution: any tool by its name, the
 * documented tools by suffix, tools/list and the other JSON-RPC methods. The endpoint is the
 * service itself here, so there is no adapter between: each call goes to the MCP client with the
 * item's Timeout option.
 */
export class McpService {
	constructor(
		private readonly client: McpClient,
		private readonly itemTimeout: (itemIndex: number) => number,
	) {}

	/** The protocol revision the session speaks, once one was negotiated. */
	get revision(): string | undefined {
		return this.client.revision;
	}

	private options(itemIndex: number, write = false): McpCallOptions {
		return { itemIndex, timeoutMs: this.itemTimeout(itemIndex), write };
	}

	/** A documented tool by its catalogue row (`MCP_TOOLS.getDoc` for svc_get_doc). */
	async callTool(tool: McpTool, args: IDataObject, itemIndex: number): Promise<McpToolOutcome> {
		return await this.client.callTool(tool.suffix, args, this.options(itemIndex));
	}

	/**
	 * Any tool by the name tools/list gives it; sent as a write (never repeated, uncertain on failure) unless
	 * the tool is read-only.
	 */
	async callToolNamed(name: string, args: IDataObject, itemIndex: number): Promise<McpToolOutcome> {
		return await this.client.callToolNamed(name, args, this.options(itemIndex, true));
	}

	async listTools(itemIndex: number): Promise<McpToolDescriptor[]> {
		return await this.client.listTools(this.options(itemIndex));
	}

	/** One JSON-RPC request (resources/list, resources/read, server/discover…). */
	async request(method: string, params: IDataObject, itemIndex: number): Promise<IDataObject> {
		return await this.client.request(method, params, this.options(itemIndex));
	}

	async close(): Promise<void> {
		await this.client.close();
	}
}
