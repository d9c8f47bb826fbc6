/* eslint-disable @n8n/community-nodes/no-restricted-imports, @typescript-eslint/no-explicit-any -- this file runs in Node under the test tools, never inside n8n; it reads service answers of every shape */
import type { IncomingHttpHeaders } from 'node:http';

import type { INodeParameters } from 'n8n-workflow';

import { runNode, type CredentialsMap, type HarnessInputItem, type NodeRunResult } from '../../../devkit/harness';
import { startServiceSimulator, type ServiceSimulator, type ServiceSimulatorOptions } from '../../../devkit/simulator';
import { createMcpHandler } from '../../../devkit/simulator/mcp';
import { byName, jsonOf } from '../../helpers';

export { jsonOf, byName };

export interface SeenRequest {
	headers: IncomingHttpHeaders;
	body: any;
}

export interface McpNodeEnv {
	sim: ServiceSimulator;
	/** Every request /api/mcp received, with headers and parsed body. */
	seen: SeenRequest[];
	close(): Promise<void>;
}

/** The simulator with a spy in front of /api/mcp (same state: it wraps a handler over the same deps). */
export async function startMcpEnv(options: ServiceSimulatorOptions = {}): Promise<McpNodeEnv> {
	const sim = await startServiceSimulator(options);
	const seen: SeenRequest[] = [];
	const handler = createMcpHandler(sim.mcp.state.deps);
	sim.mount('/api/mcp', async (req) => {
		let body: unknown;
		try {
			body = JSON.parse(req.body.toString('utf8'));
		} catch {
			body = undefined;
		}
		seen.push({ headers: req.headers, body });
		return await handler(req);
	});
	return { sim, seen, close: () => sim.close() };
}

/**
 * A fresh environment for each test of the file: started before the test, closed after it. The
 * object stays the same; its fields are the current test's.
 */
export function useMcpEnv(): McpNodeEnv {
	const env = {} as McpNodeEnv;
	beforeEach(async () => {
		Object.assign(env, await startMcpEnv());
	});
	afterEach(async () => await env.close());
	return env;
}

export function apiCredentials(env: McpNodeEnv, overrides: Record<string, unknown> = {}): CredentialsMap {
	const pro = env.sim.demo.pro;
	return {
		svcMcpApi: {
			baseUrl: env.sim.baseUrl,
			userId: pro.userId,
			apiToken: pro.apiToken,
			protocolVersion: 'auto',
			...overrides,
		} as any,
	};
}

export async function runMcp(
	env: McpNodeEnv,
	parameters: INodeParameters,
	extra: { input?: HarnessInputItem[]; continueOnFail?: boolean; credentials?: CredentialsMap } = {},
): Promise<NodeRunResult> {
	const { credentials, ...rest } = extra;
	return await runNode({
		type: 'n8n-nodes-svc.svcMcp',
		parameters,
		credentials: credentials ?? apiCredentials(env),
		...rest,
	});
}

/** JSON-RPC methods of the requests the simulator logged for /api/mcp (tools/call as `tools/call:<name>`). */
export function mcpMethods(env: McpNodeEnv): string[] {
	return mcpRequests(env).map((entry) =>
		entry.mcpMethod === 'tools/call' ? `tools/call:${entry.mcpTool}` : String(entry.mcpMethod),
	);
}

/** The simulator's request log entries for /api/mcp. */
export function mcpRequests(env: McpNodeEnv) {
	return env.sim.requests.filter((entry) => entry.path === '/api/mcp');
}

export function mapped(
	value: Record<string, unknown>,
	schema: Array<{ id: string; type: string; required?: boolean }> = [],
): INodeParameters {
	return {
		mappingMode: 'defineBelow',
		value,
		matchingColumns: [],
		schema: schema.map((field) => ({
			...field,
			displayName: field.id,
			required: field.required ?? false,
			defaultMatch: false,
			display: true,
		})),
	} as unknown as INodeParameters;
}

/** Items for `count` runs of one operation. */
export function items(count: number): HarnessInputItem[] {
	return Array.from({ length: count }, (_, index) => ({ json: { index } }));
}

/** A public client and tokens from the simulator's OAuth profile (headless consent). */
export async function oauthTokens(
	env: McpNodeEnv,
	scopes: string[],
	options: { resource?: boolean } = {},
): Promise<{ clientId: string; tokenData: Record<string, unknown> }> {
	const base = env.sim.baseUrl;
	const redirectUri = 'http://localhost:5678/rest/oauth2-credential/callback';
	const registered = await fetch(`${base}/oauth/register`, {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify({ redirect_uris: [redirectUri], client_name: 'n8n test' }),
	});
	const { client_id: clientId } = (await registered.json()) as { client_id: string };
	const { createHash, randomBytes } = await import('node:crypto');
	const verifier = randomBytes(32).toString('base64url');
	const challenge = createHash('sha256').update(verifier).digest('base64url');
	const authorize = new URL(`${base}/oauth/authorize`);
	const query: Record<string, string> = {
		response_type: 'code',
		client_id: clientId,
		redirect_uri: redirectUri,
		scope: scopes.join(' '),
		code_challenge: challenge,
		code_challenge_method: 'S256',
		state: 'xyz',
	};
	if (options.resource) query.resource = `${base}/api/mcp`;
	for (const [key, value] of Object.entries(query)) authorize.searchParams.set(key, value);
	const pro = env.sim.demo.pro;
	const consent = await fetch(authorize, {
		redirect: 'manual',
		headers: { 'x-sim-auto-consent': `${pro.login}:${pro.password}` },
	});
	const location = consent.headers.get('location');
	const code = location ? new URL(location).searchParams.get('code') : null;
	if (!code) throw new Error(`no code: ${consent.status} ${location}`);
	const token = await fetch(`${base}/oauth/token`, {
		method: 'POST',
		headers: { 'content-type': 'application/x-www-form-urlencoded' },
		body: new URLSearchParams({
			grant_type: 'authorization_code',
			code,
			redirect_uri: redirectUri,
			client_id: clientId,
			code_verifier: verifier,
		}),
	});
	const tokenData = (await token.json()) as Record<string, unknown>;
	if (!tokenData.access_token) throw new Error(`no token: ${JSON.stringify(tokenData)}`);
	return { clientId, tokenData };
}

/**
 * The OAuth2 credential as n8n stores it after "Connect my account". The harness resolves `={{ }}`
 * defaults without `$self` (n8n passes the credential's own data as `$self`), so the token URL the
 * credential derives from its Base URL is given here as n8n would resolve it.
 */
export function oauthCredentials(
	env: McpNodeEnv,
	clientId: string,
	tokenData: Record<string, unknown>,
	overrides: Record<string, unknown> = {},
): CredentialsMap {
	return {
		svcMcpOAuth2Api: {
			baseUrl: env.sim.baseUrl,
			clientId,
			scopes: [],
			oauthTokenData: tokenData,
			protocolVersion: 'auto',
			accessTokenUrl: `${env.sim.baseUrl}/oauth/token`,
			authUrl: `${env.sim.baseUrl}/oauth/authorize`,
			scope: 'files:read',
			resource: '',
			authQueryParameters: '',
			...overrides,
		} as any,
	};
}

/** Tool → Call with its arguments as JSON. */
export function toolCall(tool: string, args: Record<string, unknown>): INodeParameters {
	return {
		resource: 'tool',
		operation: 'call',
		tool: byName(tool),
		argumentsMode: 'json',
		argumentsJson: JSON.stringify(args),
	} as INodeParameters;
}
