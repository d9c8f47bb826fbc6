/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/require-node-api-error, import-x/no-unresolved -- this file runs in Node under the test tools, never inside n8n; its nodes are test doubles; TypeScript resolves the SDK subpaths the import resolver misses */
/**
 * MCP servers built on the official TypeScript SDKs, as users meet them: the SDK owns the
 * protocol (initialize, sessions, SSE or JSON answers, protocol-version checks, the modern
 * revision), the test owns what the tools do.
 *
 * Each peer registers the documented tools (document 2) and answers them from a Svc simulator's
 * store: a tool call is passed on to the simulator as one plain JSON-RPC request carrying the
 * caller's Authorization header, and its result or error is returned through the SDK. A bearer
 * token is checked before the SDK sees the request (as SDK deployments do with an auth
 * middleware), against the simulator's accounts: an invalid one gets 401, an unconfirmed
 * account 403. The simulator logs only the forwarded calls.
 *
 *   const peer = await startSdkPeer('sdk1-stateful', sim);
 *   peer.endpoint   // http://127.0.0.1:PORT/mcp
 *   peer.openSessions()   // sessions the client left open
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server as HttpServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

import { Server as ServerV1 } from '@modelcontextprotocol/sdk/server/index.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import {
	CallToolRequestSchema,
	ListResourcesRequestSchema,
	ListResourceTemplatesRequestSchema,
	ListToolsRequestSchema,
	McpError,
	ReadResourceRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { toNodeHandler } from '@modelcontextprotocol/node';
import { createMcpHandler, ProtocolError, Server as ServerV2 } from '@modelcontextprotocol/server';

import type { ServiceSimulator } from '../simulator';
import { authenticate } from '../simulator/mcp/auth';
import type { SimRequest } from '../simulator/types';

export const SDK_PEER_KINDS = ['sdk1-stateful', 'sdk1-stateless', 'sdk2'] as const;
export type SdkPeerKind = (typeof SDK_PEER_KINDS)[number];

/** What each kind is, for test titles and the README. */
export const SDK_PEER_LABELS: Record<SdkPeerKind, string> = {
	'sdk1-stateful': '@modelcontextprotocol/sdk v1, stateful (Mcp-Session-Id), SSE answers',
	'sdk1-stateless': '@modelcontextprotocol/sdk v1, stateless, JSON answers',
	sdk2: '@modelcontextprotocol/server v2 (2026-07-28, and 2025 stateless)',
};

export interface SdkPeerOptions {
	/** Tool name prefix of this deployment (default `svc_`, as document 2 names them). */
	toolPrefix?: string;
	/** Path of the endpoint (default `/mcp`). */
	path?: string;
}

export interface SdkPeer {
	kind: SdkPeerKind;
	/** The full endpoint URL, query string included when the test adds one. */
	endpoint: string;
	/** Every HTTP request the peer received, in order. */
	requests: Array<{ method: string; rpcMethod?: string; sessionId?: string; status?: number }>;
	/** Sessions the SDK still holds (stateful kinds; 0 for stateless ones). */
	openSessions(): number;
	/** Forgets every session, as a restarted server does: the next request bearing one gets 404. */
	forgetSessions(): Promise<void>;
	/** Forgets every session when the next call of a tool ending in `suffix` arrives, so that call gets 404. */
	forgetSessionsAt(suffix: string): void;
	close(): Promise<void>;
}

const SIM_REVISION = '2025-06-18';

/** What a peer needs of the simulator behind it: where its MCP endpoint is, and its accounts and tokens. */
export type SimulatorSide = Pick<ServiceSimulator, 'baseUrl' | 'mcp'>;

interface Forwarded {
	authorization?: string;
}

const current = new AsyncLocalStorage<Forwarded>();

/** One JSON-RPC request to the simulator; its result, or the error the SDK should answer with. */
async function askSimulator(
	simBaseUrl: string,
	method: string,
	params: Record<string, unknown>,
): Promise<Record<string, unknown>> {
	const headers: Record<string, string> = {
		'content-type': 'application/json',
		accept: 'application/json',
		'mcp-protocol-version': SIM_REVISION,
	};
	const authorization = current.getStore()?.authorization;
	if (authorization) headers.authorization = authorization;
	const response = await fetch(`${simBaseUrl}/api/mcp`, {
		method: 'POST',
		headers,
		body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
	});
	const body = (await response.json()) as {
		result?: Record<string, unknown>;
		error?: { code: number; message: string; data?: unknown };
	};
	if (body.error) throw new RpcFailure(body.error.code, body.error.message, body.error.data);
	return body.result ?? {};
}

class RpcFailure extends Error {
	constructor(
		readonly code: number,
		message: string,
		readonly data?: unknown,
	) {
		super(message);
	}
}

/** The SDK's own error class of each generation, so the SDK writes the JSON-RPC error. */
type ErrorOf = (failure: RpcFailure) => Error;

interface ToolHandlers {
	listTools(): Promise<Record<string, unknown>>;
	callTool(name: string, args: unknown): Promise<Record<string, unknown>>;
	listResources(): Promise<Record<string, unknown>>;
	listResourceTemplates(): Promise<Record<string, unknown>>;
	readResource(uri: string): Promise<Record<string, unknown>>;
}

function toolHandlers(simBaseUrl: string, prefix: string, errorOf: ErrorOf): ToolHandlers {
	const toPeer = (name: string) => (name.startsWith('svc_') ? `${prefix}${name.slice(4)}` : name);
	const toSim = (name: string) => (name.startsWith(prefix) ? `svc_${name.slice(prefix.length)}` : `unknown_${name}`);
	const ask = async (method: string, params: Record<string, unknown>) => {
		try {
			return await askSimulator(simBaseUrl, method, params);
		} catch (error) {
			if (error instanceof RpcFailure) {
				const data = error.data as { available?: unknown } | undefined;
				if (data && Array.isArray(data.available)) data.available = data.available.map((name) => toPeer(String(name)));
				throw errorOf(
					new RpcFailure(
						error.code,
						error.message.replace(/\bsvc_([a-z_]+)/g, (_, rest: string) => `${prefix}${rest}`),
						data,
					),
				);
			}
			throw error;
		}
	};
	return {
		async listTools() {
			const result = await ask('tools/list', {});
			const tools = (result.tools as Array<Record<string, unknown>>).map((tool) => ({
				...tool,
				name: toPeer(String(tool.name)),
			}));
			return { tools };
		},
		callTool: async (name, args) => await ask('tools/call', { name: toSim(name), arguments: args ?? {} }),
		listResources: async () => await ask('resources/list', {}),
		listResourceTemplates: async () => await ask('resources/templates/list', {}),
		readResource: async (uri) => await ask('resources/read', { uri }),
	};
}

const SERVER_INFO = { name: 'svc-sdk-peer', version: '1.0.0' };
const CAPABILITIES = { tools: {}, resources: {} };

function serverV1(handlers: ToolHandlers): ServerV1 {
	const server = new ServerV1(SERVER_INFO, { capabilities: CAPABILITIES });
	server.setRequestHandler(ListToolsRequestSchema, async () => (await handlers.listTools()) as never);
	server.setRequestHandler(
		CallToolRequestSchema,
		async (request) => (await handlers.callTool(request.params.name, request.params.arguments)) as never,
	);
	server.setRequestHandler(ListResourcesRequestSchema, async () => (await handlers.listResources()) as never);
	server.setRequestHandler(
		ListResourceTemplatesRequestSchema,
		async () => (await handlers.listResourceTemplates()) as never,
	);
	server.setRequestHandler(
		ReadResourceRequestSchema,
		async (request) => (await handlers.readResource(request.params.uri)) as never,
	);
	return server;
}

function serverV2(handlers: ToolHandlers): ServerV2 {
	const server = new ServerV2(SERVER_INFO, { capabilities: CAPABILITIES });
	server.setRequestHandler('tools/list', async () => (await handlers.listTools()) as never);
	server.setRequestHandler(
		'tools/call',
		async (request) => (await handlers.callTool(request.params.name, request.params.arguments)) as never,
	);
	server.setRequestHandler('resources/list', async () => (await handlers.listResources()) as never);
	server.setRequestHandler('resources/templates/list', async () => (await handlers.listResourceTemplates()) as never);
	server.setRequestHandler(
		'resources/read',
		async (request) => (await handlers.readResource(request.params.uri)) as never,
	);
	return server;
}

type NodeHandler = (req: IncomingMessage, res: ServerResponse, body: unknown) => Promise<void>;

interface Serving {
	handle: NodeHandler;
	openSessions(): number;
	forgetSessions(): Promise<void>;
}

function sdk1Stateful(handlers: ToolHandlers): Serving {
	const transports = new Map<string, StreamableHTTPServerTransport>();
	return {
		async handle(req, res, body) {
			const sessionId = req.headers['mcp-session-id'];
			const known = typeof sessionId === 'string' ? transports.get(sessionId) : undefined;
			if (known) return await known.handleRequest(req, res, body);
			if (typeof sessionId === 'string') {
				// The SDK's own examples answer an unknown session this way.
				res
					.writeHead(404, { 'content-type': 'application/json' })
					.end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32001, message: 'Session not found' }, id: null }));
				return;
			}
			const transport = new StreamableHTTPServerTransport({
				sessionIdGenerator: () => randomUUID(),
				onsessioninitialized: (id) => {
					transports.set(id, transport);
				},
				onsessionclosed: (id) => {
					transports.delete(id);
				},
			});
			transport.onclose = () => {
				if (transport.sessionId) transports.delete(transport.sessionId);
			};
			await serverV1(handlers).connect(transport);
			await transport.handleRequest(req, res, body);
		},
		openSessions: () => transports.size,
		async forgetSessions() {
			const all = [...transports.values()];
			transports.clear();
			await Promise.all(all.map(async (transport) => await transport.close()));
		},
	};
}

function sdk1Stateless(handlers: ToolHandlers): Serving {
	return {
		async handle(req, res, body) {
			const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
			const server = serverV1(handlers);
			res.on('close', () => {
				void transport.close();
				void server.close();
			});
			await server.connect(transport);
			await transport.handleRequest(req, res, body);
		},
		openSessions: () => 0,
		forgetSessions: async () => {},
	};
}

function sdk2(handlers: ToolHandlers): Serving {
	const handler = toNodeHandler(createMcpHandler(() => serverV2(handlers)));
	return {
		handle: async (req, res, body) => await handler(req, res, body),
		openSessions: () => 0,
		forgetSessions: async () => {},
	};
}

const errorOfV1: ErrorOf = (failure) => new McpError(failure.code, failure.message, failure.data);
const errorOfV2: ErrorOf = (failure) => new ProtocolError(failure.code, failure.message, failure.data);

async function readBody(req: IncomingMessage): Promise<Buffer> {
	const chunks: Buffer[] = [];
	for await (const chunk of req) chunks.push(chunk as Buffer);
	return Buffer.concat(chunks);
}

/** A token that is sent must be valid: checked against the simulator's accounts before the SDK sees the request. */
function refusedToken(
	sim: SimulatorSide,
	authorization: string,
): { status: number; message: string; challenge?: string } | undefined {
	const outcome = authenticate({ headers: { authorization } } as unknown as SimRequest, sim.mcp.state);
	if (outcome.kind === 'invalid')
		return { status: 401, message: `Unauthorized: ${outcome.reason}`, challenge: 'Bearer error="invalid_token"' };
	if (outcome.kind === 'forbidden') return { status: 403, message: `Forbidden: ${outcome.reason}` };
	return undefined;
}

export async function startSdkPeer(
	kind: SdkPeerKind,
	sim: SimulatorSide,
	options: SdkPeerOptions = {},
): Promise<SdkPeer> {
	const simBaseUrl = sim.baseUrl;
	const prefix = options.toolPrefix ?? 'svc_';
	const path = options.path ?? '/mcp';
	const serving =
		kind === 'sdk1-stateful'
			? sdk1Stateful(toolHandlers(simBaseUrl, prefix, errorOfV1))
			: kind === 'sdk1-stateless'
				? sdk1Stateless(toolHandlers(simBaseUrl, prefix, errorOfV1))
				: sdk2(toolHandlers(simBaseUrl, prefix, errorOfV2));
	const requests: SdkPeer['requests'] = [];
	let forgetAt: string | undefined;

	const server: HttpServer = createServer((req, res) => {
		void (async () => {
			const entry: SdkPeer['requests'][number] = {
				method: req.method ?? '',
				sessionId: typeof req.headers['mcp-session-id'] === 'string' ? req.headers['mcp-session-id'] : undefined,
			};
			requests.push(entry);
			res.on('finish', () => (entry.status = res.statusCode));
			if (new URL(req.url ?? '/', 'http://peer').pathname !== path) {
				res.writeHead(404).end();
				return;
			}
			const raw = await readBody(req);
			let body: unknown;
			if (raw.length > 0) {
				try {
					body = JSON.parse(raw.toString('utf8'));
					entry.rpcMethod = (body as { method?: string }).method;
				} catch {
					body = undefined;
				}
			}
			const authorization = typeof req.headers.authorization === 'string' ? req.headers.authorization : undefined;
			const refusal = authorization ? refusedToken(sim, authorization) : undefined;
			if (refusal) {
				const headers: Record<string, string> = { 'content-type': 'application/json' };
				if (refusal.challenge) headers['www-authenticate'] = refusal.challenge;
				res
					.writeHead(refusal.status, headers)
					.end(JSON.stringify({ jsonrpc: '2.0', id: null, error: { code: -32001, message: refusal.message } }));
				return;
			}
			const called = (body as { method?: string; params?: { name?: unknown } } | undefined)?.params?.name;
			if (forgetAt && entry.rpcMethod === 'tools/call' && typeof called === 'string' && called.endsWith(forgetAt)) {
				forgetAt = undefined;
				await serving.forgetSessions();
			}
			await current.run({ authorization }, async () => await serving.handle(req, res, body));
		})().catch((error: unknown) => {
			if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
			res.end(String(error));
		});
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address() as AddressInfo;
	return {
		kind,
		endpoint: `http://127.0.0.1:${port}${path}`,
		requests,
		openSessions: () => serving.openSessions(),
		forgetSessions: async () => await serving.forgetSessions(),
		forgetSessionsAt: (suffix) => {
			forgetAt = suffix;
		},
		async close() {
			await serving.forgetSessions();
			server.closeAllConnections();
			await new Promise<void>((resolve) => server.close(() => resolve()));
		},
	};
}
