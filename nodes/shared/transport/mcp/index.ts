/** The MCP client: one per node execution (HTTP transport → session and revision → tool list → calls). */
export { McpClient } from './client';
export { matchToolSuffix } from './toolList';
export { mcpRetryAfterSeconds } from './streamableHttp';
export { forgetLifecycles } from './lifecycles';
export { forgetToolLists } from './toolList';
export { ENDPOINT_EXPRESSION, MCP_ENDPOINT_PROPERTY } from './endpoint';
export type { McpCallOptions, McpClientOptions, McpCredentialType, McpToolOutcome } from './client';
export { CLIENT_CODES, mcpErrorCode, MCP_SERVICE } from './errors';
export {
	AUTO_REVISION,
	FALLBACK_INITIALIZE_REVISION,
	INITIALIZATION_REVISIONS,
	KNOWN_REVISIONS,
	MCP_PATH,
	MODERN_REVISION,
} from './protocol';
export type {
	McpContent,
	McpResourceContents,
	McpToolDescriptor,
	McpCallToolResult,
	McpInitializeResult,
} from './schemas';
export { isUncertainOutcome } from '../errors';
