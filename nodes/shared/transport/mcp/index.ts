/** The Svc MCP client: one per node execution (see McpClient for revision negotiation). */
export { McpClient, matchToolSuffix, mcpRetryAfterSeconds } from './client';
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
