import type { IDataObject } from 'n8n-workflow';

import type { ItemTimeout } from '../transport/timeouts';
import type { McpClient, McpCredentialType, McpToolOutcome } from '../transport/mcp';
import { asWriteFailure } from '../transport/errors';
import type { McpTool } from '../transport/mcp/toolCatalogue';
import { toolWrites } from '../transport/mcp/toolCatalogue';

export interface McpCallContext {
	/** What the call is for, as the end of "while trying to …". */
	purpose: string;
	itemIndex: number;
	/** A write's: called as its tools/call goes (the send's time). */
	leaving?: () => void;
}

/**
 * Calls MCP tools for the storage and DVS adapters. The client already names a disabled deployment
 * setting, a missing OAuth scope and each tool error (with the REST API's status where it has
 * one); here a name conflict is explained for node users (MCP never renames). Uncertain outcomes
 * pass through untouched for reconciliation.
 */
export class McpTools {
	constructor(
		readonly client: McpClient,
		readonly credentialType: McpCredentialType,
		/** The request timeout for an item (each item may set its own). */
		readonly itemTimeout: ItemTimeout = () => undefined,
	) {}

	/** A tool's structured result ({} when it gave none). Not async, nor is `call`: no frame above the request. */
	structured(tool: McpTool, args: IDataObject, context: McpCallContext): Promise<IDataObject> {
		return this.call(tool, args, context).then((outcome) => outcome.structured ?? {});
	}

	/**
	 * Calls one tool of the catalogue with the item's timeout, sent as its row says (a write once, a file's content
	 * as data).
	 */
	call(tool: McpTool, args: IDataObject, context: McpCallContext): Promise<McpToolOutcome> {
		const write = toolWrites(tool);
		return this.client
			.callTool(tool.suffix, args, {
				itemIndex: context.itemIndex,
				timeoutMs: this.itemTimeout(context.itemIndex),
				write,
				contentIsData: tool.contentIsData,
				leaving: context.leaving,
				toolErrorHints: {
					name_conflict: {
						message: `Could not ${context.purpose}: an item with that name already exists there (name_conflict)`,
						description:
							"Svc's MCP endpoint never renames or overwrites. Choose another name, or rename or move the " +
							'existing item first. (With the Svc Storage API credential the service would add a number ' +
							'to the name instead.)',
					},
				},
			})
			.catch((error: unknown) => {
				// A write the service may have made: reported as such, for the layer that knows the write.
				throw write ? asWriteFailure(error) : error;
			});
	}
}

/** The text of a tool result's first text block, if any. */
export function firstText(outcome: McpToolOutcome): string | undefined {
	for (const block of outcome.content ?? []) {
		const entry = block as unknown as IDataObject;
		if (entry.type === 'text' && typeof entry.text === 'string') return entry.text;
	}
	return undefined;
}

/** The embedded resource of a tool result (`{uri, mimeType, blob | text}`), if any. */
export function embeddedResource(outcome: McpToolOutcome): IDataObject | undefined {
	for (const block of outcome.content ?? []) {
		const entry = block as unknown as IDataObject;
		if (entry.type === 'resource' && entry.resource && typeof entry.resource === 'object')
			return entry.resource as IDataObject;
	}
	return undefined;
}

export function objectField(value: IDataObject, key: string): IDataObject {
	const field = value[key];
	return field && typeof field === 'object' && !Array.isArray(field) ? (field as IDataObject) : {};
}

export function listField(value: IDataObject, key: string): IDataObject[] {
	const field = value[key];
	return Array.isArray(field) ? (field.filter((entry) => entry && typeof entry === 'object') as IDataObject[]) : [];
}
