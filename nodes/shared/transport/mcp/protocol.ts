import { isUploadTool } from './toolCatalogue';

/** Protocol revisions the MCP endpoint speaks and the request shapes each one needs. */

export const MODERN_REVISION = '2026-07-28';

/** Initialization-based revisions we speak, newest first (2024-11-05: JSON messages over POST only). */
export const INITIALIZATION_REVISIONS = ['2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05'] as const;

/** What `initialize` asks for when the client falls back from the modern revision. */
export const FALLBACK_INITIALIZE_REVISION = '2025-06-18';

export const KNOWN_REVISIONS: readonly string[] = [MODERN_REVISION, ...INITIALIZATION_REVISIONS];

/** The credential's Protocol Revision value that lets the client negotiate. */
export const AUTO_REVISION = 'auto';

export const META_PROTOCOL_VERSION = 'io.modelcontextprotocol/protocolVersion';
export const META_CLIENT_CAPABILITIES = 'io.modelcontextprotocol/clientCapabilities';
export const META_CLIENT_INFO = 'io.modelcontextprotocol/clientInfo';

export const CLIENT_INFO = { name: 'n8n-nodes-svc', version: '0.1.0' };

export const MCP_PATH = '/api/mcp';

export interface NegotiatedRevision {
	revision: string;
	modern: boolean;
	/** Mcp-Session-Id a stateful server issued on initialize (the Svc endpoint issues none). */
	sessionId?: string;
}

/** Revisions from 2025-06-18 on carry the MCP-Protocol-Version header after initialization. */
export function sendsVersionHeader(revision: string): boolean {
	return revision >= '2025-06-18';
}

/** The Mcp-Name header of a modern request: the tool name or resource URI it addresses. */
export function mcpNameOf(method: string, params: Record<string, unknown>): string | undefined {
	if (method === 'tools/call' || method === 'prompts/get')
		return typeof params.name === 'string' ? params.name : undefined;
	if (method === 'resources/read') return typeof params.uri === 'string' ? params.uri : undefined;
	return undefined;
}

/** Header values must be plain ASCII without line breaks; anything else is percent-encoded. */
export function headerSafe(value: string): string {
	return /^[\x20-\x7e]*$/.test(value) ? value : encodeURIComponent(value);
}

/**
 * The MCP endpoint's request body limits: 1 MB in general (2^20 bytes), the whole JSON request of an upload
 * tool up to 16 MiB.
 */
export const GENERAL_REQUEST_LIMIT = 1024 * 1024;
export const UPLOAD_REQUEST_LIMIT = 16 * 1024 * 1024;

/** The largest body the MCP endpoint lets one request have. */
export function requestLimitOf(method: string, params: Record<string, unknown>): number {
	return method === 'tools/call' && typeof params.name === 'string' && isUploadTool(params.name)
		? UPLOAD_REQUEST_LIMIT
		: GENERAL_REQUEST_LIMIT;
}
