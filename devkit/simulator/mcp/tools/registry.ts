import type { McpSettings } from '../deps';
import { docTools } from './docs';
import { dvsReadTools } from './dvsRead';
import { dvsWriteTools } from './dvsWrite';
import { importFile } from './import';
import { storageReadTools } from './storageRead';
import { storageWriteToolsAfterImport, storageWriteToolsBeforeImport } from './storageWrite';
import type { ToolDef } from './types';

/** Every tool in tools/list order: the original eight, the seven v1.2 writes, then DVS. */
export const ALL_TOOLS: ToolDef[] = [
	...storageReadTools,
	...docTools,
	...storageWriteToolsBeforeImport,
	importFile,
	...storageWriteToolsAfterImport,
	...dvsReadTools,
	...dvsWriteTools,
];

export function enabledTools(settings: McpSettings): ToolDef[] {
	return ALL_TOOLS.filter((t) => t.enabled(settings));
}

/** A tool by the name the client called (prefix included); disabled tools do not exist. */
export function findTool(settings: McpSettings, calledName: string): ToolDef | undefined {
	if (!calledName.startsWith(settings.toolPrefix)) return undefined;
	const name = calledName.slice(settings.toolPrefix.length);
	return enabledTools(settings).find((t) => t.name === name);
}

/** The tools/list entry. */
export function describeTool(tool: ToolDef, settings: McpSettings): Record<string, unknown> {
	const prefixed = (text: string) => text.replace(/\bsvc_(?=[a-z])/g, settings.toolPrefix);
	return {
		name: `${settings.toolPrefix}${tool.name}`,
		title: tool.title,
		description: prefixed(tool.description),
		inputSchema: tool.inputSchema,
		...(tool.outputSchema ? { outputSchema: tool.outputSchema } : {}),
		annotations: { title: tool.title, ...tool.annotations },
		_meta: { 'svc/version': tool.since, 'svc/access': tool.access, ...tool.meta },
	};
}
