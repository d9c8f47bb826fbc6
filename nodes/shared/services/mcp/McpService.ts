import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import type {
	McpCallOptions,
	McpClient,
	McpCredentialType,
	McpToolDescriptor,
	McpToolOutcome,
} from '../../transport/mcp';
import { isToolOf, MCP_TOOL_ROWS, toolWrites, type McpTool } from '../../transport/mcp/toolCatalogue';
import type { ServiceContext } from '../../transport/http';
import { runningNodeOf } from '../../transport/runningNode';
import { earliestServerTime } from '../../transport/serverClock';
import { McpStorageAdapter } from '../../adapters/storage/McpStorageAdapter';
import { StorageService } from '../storage/StorageService';
import { moving, renaming, type InfoRead } from '../storage/setWrites';
import { setOnce } from '../exactlyOnce/sets';
import { sendOnce } from '../exactlyOnce/sends';
import type { WriteRecords } from '../exactlyOnce/writeRecords';
import { isUncertainOutcome } from '../../transport/errors';
import { createdByTool, keptOfToolResult, toolResultOf, toolWriteOf } from './toolWrites';

/** What a Tool → Call that writes needs besides the client: the execution, and the run's write records. */
export interface McpWrites {
	ctx: ServiceContext;
	credentialType: McpCredentialType;
	records?: WriteRecords;
}

/**
 * What the Svc MCP node asks of the endpoint, for one execution: any tool by its name, the
 * documented tools by suffix, tools/list and the other JSON-RPC methods. The endpoint is the
 * service itself here, so there is no adapter between: each call goes to the MCP client with the
 * item's Timeout option; a tool call that may write runs as the write it is (`callWriteTool`).
 */
export class McpService {
	private storageOverMcp?: { service: StorageService; adapter: McpStorageAdapter };

	constructor(
		private readonly client: McpClient,
		private readonly itemTimeout: (itemIndex: number) => number,
		private readonly writes?: McpWrites,
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
	 * Tool → Call: a read-only tool is called as it is; one that may write runs as the write it is (toolWrites.ts) —
	 * svc_create_folder, svc_upload_file and svc_import_file through their operations' create path, a rename or move
	 * as a set settled by reading the item (exactlyOnce/sets.ts) — and any other is a send, at most once
	 * (exactlyOnce/sends.ts). `output` makes the item of a tool's answer.
	 */
	async callWriteTool(
		name: string,
		args: IDataObject,
		itemIndex: number,
		output: (outcome: McpToolOutcome) => Promise<INodeExecutionData>,
	): Promise<INodeExecutionData> {
		const options = this.options(itemIndex, true);
		const call = async () => await output(await this.client.callToolNamed(name, args, options));
		if (!this.writes || this.isReadOnly(name)) return await call();
		const { service, adapter } = this.storage(this.writes);
		const write = toolWriteOf(name, args);
		const node = runningNodeOf(this.writes.ctx);
		const item = { itemIndex, records: this.writes.records?.forItem(itemIndex) };
		if (write.kind === 'createFolder' || write.kind === 'upload' || write.kind === 'import')
			return { json: await createdByTool(service, write, itemIndex) };
		let binary: INodeExecutionData['binary'];
		const send = async () => {
			const answered = await call();
			binary = answered.binary;
			return answered.json;
		};
		// The client's errors are not marked as a write's (mcpTools.ts does that for the adapters): an uncertain one is.
		const isUncertain = isUncertainOutcome;
		const withBinary = (json: IDataObject): INodeExecutionData => ({ json, ...(binary ? { binary } : {}) });
		if (write.kind === 'send') {
			const subject = `the call of the tool ${name}`;
			const check = `what ${name} does, where it acts (the destination, the task, the recipients)`;
			const sent = { subject, check, identity: { tool: name, args }, send, kept: keptOfToolResult, isUncertain };
			return withBinary(await sendOnce(node, item, sent));
		}
		let info: IDataObject = {};
		const read: InfoRead = async (kind, hash) =>
			(info =
				kind === 'file'
					? await adapter.getFileInfo(hash, {}, itemIndex)
					: await adapter.getFolderInfo(hash, {}, itemIndex));
		const set =
			write.kind === 'rename'
				? renaming(write.entry, write.hash, write.name, send, read)
				: moving(write.entry, write.hash, write.target, send, read);
		const state = async () => ((await set.state()) ? toolResultOf('updated', write.entry, info) : undefined);
		return withBinary(await setOnce(node, item, { ...set, state, isUncertain }));
	}

	/**
	 * Whether a tool only reads, as the MCP endpoint documents it (no request). A tool it does not document is taken
	 * to write: a send, as any tool the node cannot map.
	 */
	private isReadOnly(name: string): boolean {
		const documented = MCP_TOOL_ROWS.filter((row) => isToolOf(name, row));
		return documented.length > 0 && documented.every((row) => !toolWrites(row));
	}

	/** The storage service over this client, for a tool call that is a storage write. */
	private storage(writes: McpWrites): { service: StorageService; adapter: McpStorageAdapter } {
		if (this.storageOverMcp) return this.storageOverMcp;
		const adapter = new McpStorageAdapter(writes.ctx, this.client, writes.credentialType, this.itemTimeout);
		const clock = (localMs: number) => earliestServerTime(writes.ctx, localMs);
		const service = new StorageService(runningNodeOf(writes.ctx), adapter, writes.records, clock);
		this.storageOverMcp = { service, adapter };
		return this.storageOverMcp;
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
