import type { SimRequest } from '../types';
import { RpcCode, RpcFailure } from './jsonrpc';

export const MODERN_REVISION = '2026-07-28';
export const LEGACY_REVISION = '2024-11-05';
export const INITIALIZATION_REVISIONS = ['2025-03-26', '2025-06-18', '2025-11-25'] as const;
export const DEFAULT_INITIALIZE_REVISION = '2025-06-18';
/** A request without the header and without modern metadata is read as this (MCP's rule). */
export const HEADERLESS_REVISION = '2025-03-26';
export const SUPPORTED_REVISIONS = [MODERN_REVISION, '2025-11-25', '2025-06-18', '2025-03-26', LEGACY_REVISION];

export const META_PROTOCOL_VERSION = 'io.modelcontextprotocol/protocolVersion';
export const META_CLIENT_CAPABILITIES = 'io.modelcontextprotocol/clientCapabilities';
export const META_CLIENT_INFO = 'io.modelcontextprotocol/clientInfo';

export interface RpcMessage {
	jsonrpc: '2.0';
	id?: string | number;
	method: string;
	params?: Record<string, unknown>;
}

export interface RevisionContext {
	revision: string;
	modern: boolean;
}

export function header(req: SimRequest, name: string): string | undefined {
	const value = req.headers[name.toLowerCase()];
	if (value === undefined) return undefined;
	return Array.isArray(value) ? value.join(', ') : value;
}

function unsupported(value: string, where: string): RpcFailure {
	return new RpcFailure(
		400,
		RpcCode.invalidRequest,
		`Unsupported protocol version "${value}" in ${where}. Supported versions: ${SUPPORTED_REVISIONS.join(', ')}`,
		{
			supported: SUPPORTED_REVISIONS,
			requested: value,
		},
	);
}

function headerMismatch(headerName: string, expected: unknown, actual: string | undefined): RpcFailure {
	const message =
		actual === undefined
			? `Header ${headerName} is required for revision ${MODERN_REVISION} requests`
			: `Header ${headerName} "${actual}" does not match the request body value "${String(expected)}"`;
	return new RpcFailure(400, RpcCode.invalidRequest, message, { header: headerName, expected, actual: actual ?? null });
}

/**
 * Which revision a request speaks, with the modern revision's header and metadata rules.
 * Initialization-based requests need no session and ignore Mcp-Method/Mcp-Name.
 */
export function resolveRevision(req: SimRequest, message: RpcMessage): RevisionContext {
	const versionHeader = header(req, 'mcp-protocol-version')?.trim();
	if (versionHeader !== undefined && !SUPPORTED_REVISIONS.includes(versionHeader)) {
		throw unsupported(versionHeader, 'the MCP-Protocol-Version header');
	}
	const meta = message.params?._meta;
	const metaVersion =
		meta && typeof meta === 'object' ? (meta as Record<string, unknown>)[META_PROTOCOL_VERSION] : undefined;
	if (metaVersion !== undefined && (typeof metaVersion !== 'string' || !SUPPORTED_REVISIONS.includes(metaVersion))) {
		throw unsupported(String(metaVersion), `params._meta["${META_PROTOCOL_VERSION}"]`);
	}

	if (message.method === 'initialize') {
		const requested = message.params?.protocolVersion;
		if (versionHeader === MODERN_REVISION || metaVersion === MODERN_REVISION || requested === MODERN_REVISION) {
			throw new RpcFailure(
				400,
				RpcCode.invalidRequest,
				`Revision ${MODERN_REVISION} has no initialize handshake: send requests with params._meta and the MCP-Protocol-Version header, or server/discover`,
				{
					supported: SUPPORTED_REVISIONS,
				},
			);
		}
		return { revision: versionHeader ?? HEADERLESS_REVISION, modern: false };
	}

	if (versionHeader !== MODERN_REVISION) {
		if (metaVersion === MODERN_REVISION) {
			throw new RpcFailure(
				400,
				RpcCode.invalidRequest,
				`Header MCP-Protocol-Version: ${MODERN_REVISION} is required for modern requests`,
				{
					header: 'MCP-Protocol-Version',
					expected: MODERN_REVISION,
					actual: versionHeader ?? null,
				},
			);
		}
		return { revision: versionHeader ?? HEADERLESS_REVISION, modern: false };
	}

	if (metaVersion !== MODERN_REVISION) {
		throw new RpcFailure(
			400,
			RpcCode.invalidRequest,
			`Modern requests carry params._meta["${META_PROTOCOL_VERSION}"] = "${MODERN_REVISION}"`,
			{
				field: `params._meta.${META_PROTOCOL_VERSION}`,
				expected: MODERN_REVISION,
				actual: metaVersion ?? null,
			},
		);
	}
	const methodHeader = header(req, 'mcp-method');
	if (methodHeader !== message.method) throw headerMismatch('Mcp-Method', message.method, methodHeader);
	const nameField = message.method === 'tools/call' ? 'name' : message.method === 'resources/read' ? 'uri' : undefined;
	if (nameField) {
		const nameHeader = header(req, 'mcp-name');
		const expected = message.params?.[nameField];
		if (nameHeader === undefined || nameHeader !== expected) throw headerMismatch('Mcp-Name', expected, nameHeader);
	}
	return { revision: MODERN_REVISION, modern: true };
}

/** The revision an initialize answer names: the requested one when known, else the default. */
export function negotiate(requested: unknown): string {
	if (
		typeof requested === 'string' &&
		(requested === LEGACY_REVISION || (INITIALIZATION_REVISIONS as readonly string[]).includes(requested))
	) {
		return requested;
	}
	return DEFAULT_INITIALIZE_REVISION;
}
