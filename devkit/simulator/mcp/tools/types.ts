import type { FaultKind } from '../../types';
import type { Principal } from '../auth';
import type { McpSettings } from '../deps';
import type { JsonSchema } from '../jsonSchema';
import type { BucketName } from '../rateLimit';
import type { Scope } from '../scopes';
import type { McpState } from '../state';

export type ContentBlock =
	| { type: 'text'; text: string }
	| { type: 'resource'; resource: { uri: string; mimeType: string; text?: string; blob?: string } };

export interface ToolSuccess {
	structured: Record<string, unknown>;
	/** Defaults to one text block holding the structured object as JSON. */
	content?: ContentBlock[];
}

/** A tool error: reported as an `isError: true` result carrying `code`. */
export class ToolError extends Error {
	constructor(
		readonly code: string,
		message: string,
		readonly details?: Record<string, unknown>,
	) {
		super(message);
	}
}

export interface ToolContext {
	state: McpState;
	principal: Principal | undefined;
	baseUrl: string;
	/** The injected fault of this request, if any (only `mcpUncertain` is read here). */
	fault: FaultKind | undefined;
}

export interface PrivateToolContext extends ToolContext {
	principal: Principal;
}

interface ToolBase {
	/** Without the prefix, e.g. `get_root_folder`. */
	name: string;
	title: string;
	description: string;
	inputSchema: JsonSchema;
	/** Omitted for file reads (text or embedded resources). */
	outputSchema?: JsonSchema;
	annotations: { readOnlyHint: boolean; destructiveHint: boolean; idempotentHint: boolean; openWorldHint: boolean };
	meta?: Record<string, unknown>;
	/** Connector version that introduced the tool. */
	since: '1.0' | '1.2';
	enabled(settings: McpSettings): boolean;
	/** Rate-limit buckets this call counts against (writes/imports per user, the rest per token or IP). */
	buckets(args: Record<string, unknown>): BucketName[];
	/** Largest JSON-RPC request accepted for this tool (default: the general 1 MB). */
	maxRequestBytes?: number;
}

export interface PublicTool extends ToolBase {
	access: 'public';
	run(args: Record<string, unknown>, ctx: ToolContext): Promise<ToolSuccess>;
}

export interface PrivateTool extends ToolBase {
	access: 'private';
	/** OAuth scopes needed (API/ALL keys need none). */
	scopes: Scope[];
	run(args: Record<string, unknown>, ctx: PrivateToolContext): Promise<ToolSuccess>;
}

export type ToolDef = PublicTool | PrivateTool;

export const READ_ANNOTATIONS = {
	readOnlyHint: true,
	destructiveHint: false,
	idempotentHint: true,
	openWorldHint: false,
};
export const WRITE_ANNOTATIONS = {
	readOnlyHint: false,
	destructiveHint: false,
	idempotentHint: false,
	openWorldHint: false,
};

export const MiB = 1024 * 1024;

/**
 * A kind of private tool (the original reads, the v1.2 writes, the DVS reads and writes): the
 * fields its tools share, and the sentence every description of the kind ends with.
 */
export function privateToolKind<K extends keyof PrivateTool>(shared: Pick<PrivateTool, K>, descriptionEnd = '') {
	return (tool: Omit<PrivateTool, K> & Partial<Pick<PrivateTool, K>>): PrivateTool => {
		const whole = { ...shared, ...tool } as PrivateTool;
		return descriptionEnd ? { ...whole, description: `${whole.description} ${descriptionEnd}` } : whole;
	};
}
