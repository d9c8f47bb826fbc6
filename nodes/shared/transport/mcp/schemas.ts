import { z } from 'zod';

/** Typed shapes of what the MCP endpoint answers. Unknown extra fields pass through. */

export const jsonRpcErrorSchema = z.object({
	code: z.number(),
	message: z.string(),
	data: z.unknown().optional(),
});

const objectSchema = z.record(z.unknown());

export const jsonRpcResponseSchema = z.union([
	z.object({
		jsonrpc: z.literal('2.0'),
		id: z.union([z.string(), z.number(), z.null()]),
		result: objectSchema,
	}),
	z.object({
		jsonrpc: z.literal('2.0'),
		id: z.union([z.string(), z.number(), z.null()]).optional(),
		error: jsonRpcErrorSchema,
	}),
]);

export const resourceContentsSchema = z
	.object({
		uri: z.string(),
		mimeType: z.string().optional(),
		text: z.string().optional(),
		blob: z.string().optional(),
	})
	.passthrough();

export const textContentSchema = z.object({ type: z.literal('text'), text: z.string() }).passthrough();
export const imageContentSchema = z
	.object({ type: z.literal('image'), data: z.string(), mimeType: z.string() })
	.passthrough();
export const audioContentSchema = z
	.object({ type: z.literal('audio'), data: z.string(), mimeType: z.string() })
	.passthrough();
export const embeddedResourceSchema = z
	.object({ type: z.literal('resource'), resource: resourceContentsSchema })
	.passthrough();
export const resourceLinkSchema = z
	.object({
		type: z.literal('resource_link'),
		uri: z.string(),
		name: z.string().optional(),
		mimeType: z.string().optional(),
	})
	.passthrough();
/** A block of a type this client does not know: kept, never fatal. */
export const otherContentSchema = z.object({ type: z.string() }).passthrough();

export const contentSchema = z.union([
	textContentSchema,
	imageContentSchema,
	audioContentSchema,
	embeddedResourceSchema,
	resourceLinkSchema,
	otherContentSchema,
]);

export const callToolResultSchema = z
	.object({
		content: z.array(contentSchema).default([]),
		structuredContent: objectSchema.optional(),
		isError: z.boolean().optional(),
		resultType: z.string().optional(),
	})
	.passthrough();

export const toolDescriptorSchema = z
	.object({
		name: z.string().min(1),
		title: z.string().optional(),
		description: z.string().optional(),
		inputSchema: objectSchema.default({ type: 'object' }),
		outputSchema: objectSchema.optional(),
		annotations: objectSchema.optional(),
		_meta: objectSchema.optional(),
	})
	.passthrough();

export const toolsListResultSchema = z
	.object({ tools: z.array(toolDescriptorSchema), nextCursor: z.string().optional() })
	.passthrough();

export const initializeResultSchema = z
	.object({
		protocolVersion: z.string(),
		capabilities: objectSchema.default({}),
		serverInfo: z.object({ name: z.string(), version: z.string().optional() }).passthrough().optional(),
		instructions: z.string().optional(),
	})
	.passthrough();

export const readResourceResultSchema = z.object({ contents: z.array(resourceContentsSchema) }).passthrough();

/** A tool error's structured form (`{ error: { code, message } }`) as the Svc endpoint sends it. */
export const toolErrorPayloadSchema = z.object({
	error: z.object({ code: z.string(), message: z.string().optional() }).passthrough(),
});

export type JsonRpcError = z.infer<typeof jsonRpcErrorSchema>;
export type McpContent = z.infer<typeof contentSchema>;
export type McpResourceContents = z.infer<typeof resourceContentsSchema>;
export type McpCallToolResult = z.infer<typeof callToolResultSchema>;
export type McpToolDescriptor = z.infer<typeof toolDescriptorSchema>;
export type McpInitializeResult = z.infer<typeof initializeResultSchema>;
