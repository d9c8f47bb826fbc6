import type { IDataObject } from 'n8n-workflow';

import { type ErrorContext, unexpectedAnswerError } from './errors';
import { toolError, uncertainWriteError, type ToolErrorHints } from './toolErrors';
import type { McpContent } from './schemas';
import { callToolResultSchema, toolErrorPayloadSchema } from './schemas';

/*
 * How a tools/call result reads (the client's calls are client.ts): its structured result and status, a tool error
 * with what its code means, an uncertain write, or an "unknown tool" answer (nothing ran).
 */

export interface McpToolOutcome {
	/** structuredContent; without it, the JSON object of the text content; else {}. */
	structured: IDataObject;
	content: McpContent[];
	/** `structured.status` (created | updated | unchanged …) when the tool reports one. */
	status?: string;
	/** The tool name called, prefix included. */
	toolName: string;
	/** Whether the result carried structuredContent (rather than a parsed or empty object). */
	hasStructuredContent: boolean;
}

/** A tools/call's answer: its outcome, or "unknown tool" (nothing ran: the name may be looked up and sent again). */
export type ToolAttempt = { kind: 'outcome'; outcome: McpToolOutcome } | { kind: 'unknown'; available?: string[] };

const UNKNOWN_TOOL = /unknown tool|tool .*not found|no such tool|tool .*does not exist/i;

/** A JSON-RPC error saying the tool is unknown, with the names the server lists (if it does). */
export function unknownToolOf(error: {
	code: number;
	message: string;
	data?: unknown;
}): { available?: string[] } | undefined {
	const data = (error.data ?? {}) as IDataObject;
	const available = Array.isArray(data.available)
		? data.available.filter((name): name is string => typeof name === 'string')
		: undefined;
	if (error.code !== -32602 && error.code !== -32601) return undefined;
	if (!UNKNOWN_TOOL.test(error.message) && !available) return undefined;
	return { available };
}

function textOf(content: McpContent[]): string {
	return content
		.filter(
			(block): block is McpContent & { type: 'text'; text: string } =>
				block.type === 'text' && typeof block.text === 'string',
		)
		.map((block) => block.text)
		.join('\n');
}

function jsonObjectOf(text: string): IDataObject | undefined {
	try {
		const parsed: unknown = JSON.parse(text);
		return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as IDataObject) : undefined;
	} catch {
		return undefined;
	}
}

/**
 * A tools/call result as the caller reads it: the structured result (structuredContent; else, unless the content
 * is data, the JSON object of its text), or the tool's error as an error; `status: "uncertain"` is an uncertain
 * write.
 */
export function toolAttemptOf(
	name: string,
	result: IDataObject,
	ctx: ErrorContext,
	options: { write?: boolean; contentIsData?: boolean; toolErrorHints?: ToolErrorHints },
): ToolAttempt {
	const parsed = callToolResultSchema.safeParse(result);
	if (!parsed.success) throw unexpectedAnswerError('the tool result has no content list', ctx, options.write === true);
	const { content, structuredContent, isError } = parsed.data;
	const text = textOf(content);
	if (isError) {
		const payload = toolErrorPayloadSchema.safeParse(structuredContent);
		const code = payload.success ? payload.data.error.code : /^([a-z_]+):\s/.exec(text)?.[1];
		if (!code && UNKNOWN_TOOL.test(text)) return { kind: 'unknown' };
		const message =
			payload.success && payload.data.error.message ? payload.data.error.message : text.replace(/^[a-z_]+:\s*/, '');
		throw toolError(name, code, message, ctx, options.toolErrorHints);
	}
	const structured =
		(structuredContent as IDataObject | undefined) ?? (options.contentIsData ? undefined : jsonObjectOf(text)) ?? {};
	const status = typeof structured.status === 'string' ? structured.status : undefined;
	if (status === 'uncertain')
		throw uncertainWriteError(name, typeof structured.message === 'string' ? structured.message : undefined, ctx);
	return {
		kind: 'outcome',
		outcome: { structured, content, status, toolName: name, hasStructuredContent: structuredContent !== undefined },
	};
}
