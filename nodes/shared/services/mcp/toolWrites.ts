import type { IDataObject } from 'n8n-workflow';

import type { EntryKind } from '../../adapters/storage/entryFields';
import { isToolOf, MCP_TOOLS } from '../../transport/mcp/toolCatalogue';
import type { McpTool } from '../../transport/mcp/toolCatalogue';

/**
 * What a Tool → Call of a documented storage write tool is, so that it runs as that write (DESIGN: "Tool → Call of a
 * known `svc_` write tool runs as the write it is"): svc_create_folder a create, through the create path Folder →
 * Create takes; the renames and moves sets, settled by reading the item. Any other tool that may write is a send.
 */
export type ToolWrite =
	| { kind: 'createFolder'; parent: string; name: string }
	| { kind: 'rename'; entry: EntryKind; hash: string; name: string }
	| { kind: 'move'; entry: EntryKind; hash: string; target: string }
	| { kind: 'send' };

const text = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);

/** The tool's write, when its name is a documented one and its arguments are what the MCP endpoint documents. */
export function toolWriteOf(name: string, args: IDataObject): ToolWrite {
	const is = (tool: McpTool) => isToolOf(name, tool);
	const parent = text(args.parent_folder_hash);
	const folderName = typeof args.folder_name === 'string' ? args.folder_name : undefined;
	if (is(MCP_TOOLS.createFolder) && parent && folderName !== undefined)
		return { kind: 'createFolder', parent, name: folderName };
	for (const [tool, entry, hash, named] of [
		[MCP_TOOLS.renameFile, 'file', args.file_hash, args.file_name],
		[MCP_TOOLS.renameFolder, 'folder', args.folder_hash, args.folder_name],
	] as const)
		if (is(tool) && text(hash) && typeof named === 'string')
			return { kind: 'rename', entry, hash: hash as string, name: named };
	for (const [tool, entry, hash] of [
		[MCP_TOOLS.moveFile, 'file', args.file_hash],
		[MCP_TOOLS.moveFolder, 'folder', args.folder_hash],
	] as const)
		if (is(tool) && text(hash) && text(args.target_folder_hash))
			return { kind: 'move', entry, hash: hash as string, target: args.target_folder_hash as string };
	return { kind: 'send' };
}

/** A storage item as a write tool's result gives it (`status`, `item`), from the REST fields the service uses. */
export function toolResultOf(status: string, entry: EntryKind, fields: IDataObject, parent?: string): IDataObject {
	const hash = fields[`${entry}_hash`] ?? fields.hash ?? null;
	const name = fields[`${entry}_name`] ?? fields.name ?? null;
	const parentHash = parent ?? fields[entry === 'file' ? 'folder_hash' : 'parent_folder_hash'] ?? null;
	return {
		status,
		item: { type: entry, hash, name, parent_folder_hash: parentHash, access_type: fields.access_type ?? null },
	};
}

/** Names of fields a tool result's record never keeps: keys, tokens, secrets. */
const SECRET = /key|token|secret|pass|session|auth|cookie/i;

/** What of a tool's answer a record keeps (exactlyOnce/sends.ts `kept`): its JSON without any key, token or secret. */
export function keptOfToolResult(json: IDataObject): IDataObject {
	const keep = (value: unknown): unknown => {
		if (Array.isArray(value)) return value.map(keep);
		if (value && typeof value === 'object')
			return Object.fromEntries(
				Object.entries(value as IDataObject)
					.filter(([field]) => !SECRET.test(field))
					.map(([field, inner]) => [field, keep(inner)]),
			);
		return value;
	};
	return JSON.parse(JSON.stringify(keep(json)) ?? '{}') as IDataObject;
}
