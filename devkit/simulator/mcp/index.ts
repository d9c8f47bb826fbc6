import type { SimHandler } from '../types';
import type { McpDeps } from './deps';
import { createMcpHandler } from './handler';
import { createMcpOAuthHandlers } from './oauth/endpoints';
import { stateFor } from './state';
import type { McpState } from './state';

export { createMcpHandler, GENERAL_BODY_LIMIT, SERVER_INFO } from './handler';
export { createMcpOAuthHandlers, OAUTH_PATHS, AUTO_CONSENT_HEADER } from './oauth/endpoints';
export { defaultSettings } from './deps';
export type { McpDeps, McpSettings, FetchSource, FetchSourceRequest, FetchedSource } from './deps';
export { DownloadLinks, DOWNLOAD_LINK_SECONDS, DOWNLOAD_PREFIX, type LinkCheck } from './downloadLinks';
export { SUPPORTED_REVISIONS, MODERN_REVISION, DEFAULT_INITIALIZE_REVISION } from './revisions';
export { BUCKETS } from './rateLimit';
export { RpcCode } from './jsonrpc';

export const MCP_PATH = '/api/mcp';

/** Everything `mountMcp` mounts: `{ '/api/mcp': handler, ...oauth paths }`, plus the shared state. */
export function createMcpSimulator(deps: McpDeps): { routes: Record<string, SimHandler>; state: McpState } {
	return { routes: { [MCP_PATH]: createMcpHandler(deps), ...createMcpOAuthHandlers(deps) }, state: stateFor(deps) };
}
