import { DVS } from '../catalogue/dvs';
import { GROUPS, rowsOf, tool, toolWrites, type McpTool, type ToolSwitch } from '../catalogue/rows';
import { STORAGE } from '../catalogue/storage';
import type { McpToolDescriptor } from './schemas';

export type { McpDvsRegister, McpTool, McpToolGroup, ToolSwitch } from '../catalogue/rows';
export { toolWrites };

/**
 * Every tool of the MCP endpoint the node calls by name, one row each, under its entry's key in the catalogue
 * (catalogue/storage.ts, catalogue/dvs.ts; the documentation tools, which only the Svc MCP node calls, here).
 */
export const MCP_TOOLS = {
	...rowsOf(STORAGE, 'mcp'),
	searchDocs: tool('search_docs', 'docsRead'),
	getDoc: tool('get_doc', 'docsRead'),
	...rowsOf(DVS, 'mcp'),
};

/** Every row of the catalogue. */
export const MCP_TOOL_ROWS: readonly McpTool[] = Object.values(MCP_TOOLS);

/** Whether a tool name is the tool of this row, whatever the deployment's prefix. */
export function isToolOf(name: string, row: McpTool): boolean {
	return name === row.suffix || name.endsWith(`_${row.suffix}`);
}

/**
 * Whether a tool only reads, so that sending it again changes nothing: as the server declares it
 * (`annotations.readOnlyHint`, either way), else as the MCP endpoint documents it (whatever the
 * deployment's prefix).
 */
export function isReadOnlyTool(name: string, descriptor?: McpToolDescriptor): boolean {
	const hint = descriptor?.annotations?.readOnlyHint;
	if (typeof hint === 'boolean') return hint;
	return MCP_TOOL_ROWS.some((row) => !toolWrites(row) && isToolOf(name, row));
}

/** The switch a missing tool depends on, by its suffix; any other DVS tool needs the DVS tools switch. */
export function switchOf(suffix: string): ToolSwitch | undefined {
	const row = MCP_TOOL_ROWS.find((candidate) => candidate.suffix === suffix);
	const group = row?.group ?? (suffix.startsWith('dvs_') ? 'dvsRead' : undefined);
	return group && GROUPS[group].switch;
}

/** Whether a tools/call request may carry a file inline (the larger request limit). */
export function isUploadTool(name: string): boolean {
	return MCP_TOOL_ROWS.some((row) => row.upload === true && isToolOf(name, row));
}
