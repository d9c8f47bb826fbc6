/* eslint-disable @typescript-eslint/no-explicit-any -- this test reads service answers of every shape */
import { META_CLIENT_CAPABILITIES, META_CLIENT_INFO, META_PROTOCOL_VERSION, MODERN_REVISION } from '../revisions';

export interface HttpAnswer {
	status: number;
	headers: Headers;
	text: string;

	body: any;
}

export interface RpcOptions {
	auth?: string;
	headers?: Record<string, string>;
	/** Sends MCP-Protocol-Version (initialization-based) or a full modern request (2026-07-28). */
	revision?: string;
	id?: number | string;
}

/** A deliberately literal MCP client for tests: every header and field is visible. */
export class McpTestClient {
	private nextId = 1;

	constructor(
		readonly baseUrl: string,
		readonly defaults: RpcOptions = {},
	) {}

	get endpoint(): string {
		return `${this.baseUrl}/api/mcp`;
	}

	async raw(
		body: string | Buffer,
		init: { method?: string; headers?: Record<string, string> } = {},
	): Promise<HttpAnswer> {
		const res = await fetch(this.endpoint, {
			method: init.method ?? 'POST',
			headers: { 'content-type': 'application/json', ...init.headers },
			body: init.method === 'GET' ? undefined : body,
		});
		const text = await res.text();
		let parsed: unknown;
		try {
			parsed = text ? JSON.parse(text) : undefined;
		} catch {
			parsed = undefined;
		}
		return { status: res.status, headers: res.headers, text, body: parsed };
	}

	async rpc(method: string, params?: Record<string, unknown>, options: RpcOptions = {}): Promise<HttpAnswer> {
		const opts = { ...this.defaults, ...options, headers: { ...this.defaults.headers, ...options.headers } };
		const headers: Record<string, string> = { ...opts.headers };
		if (opts.auth) headers.authorization = opts.auth;
		let finalParams = params;
		if (opts.revision === MODERN_REVISION) {
			headers['mcp-protocol-version'] = MODERN_REVISION;
			headers['mcp-method'] = method;
			if (method === 'tools/call') headers['mcp-name'] = String(params?.name);
			if (method === 'resources/read') headers['mcp-name'] = String(params?.uri);
			finalParams = {
				...params,
				_meta: {
					[META_PROTOCOL_VERSION]: MODERN_REVISION,
					[META_CLIENT_CAPABILITIES]: {},
					[META_CLIENT_INFO]: { name: 'mcp-test-client', version: '1.0.0' },
				},
			};
		} else if (opts.revision) {
			headers['mcp-protocol-version'] = opts.revision;
		}
		for (const [key, value] of Object.entries(opts.headers ?? {})) headers[key] = value;
		const message = {
			jsonrpc: '2.0',
			id: opts.id ?? this.nextId++,
			method,
			...(finalParams ? { params: finalParams } : {}),
		};
		return this.raw(JSON.stringify(message), { headers });
	}

	callTool(name: string, args: Record<string, unknown> = {}, options: RpcOptions = {}): Promise<HttpAnswer> {
		return this.rpc('tools/call', { name, arguments: args }, options);
	}

	/** tools/call that must succeed at the HTTP and JSON-RPC level; returns the MCP result. */

	async tool(name: string, args: Record<string, unknown> = {}, options: RpcOptions = {}): Promise<any> {
		const answer = await this.callTool(name, args, options);
		if (answer.status !== 200 || !answer.body?.result) {
			throw new Error(`${name}: HTTP ${answer.status} ${answer.text}`);
		}
		return answer.body.result;
	}
}
