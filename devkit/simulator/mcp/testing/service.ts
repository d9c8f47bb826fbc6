/* eslint-disable @typescript-eslint/no-explicit-any -- this test reads service answers of every shape */
/** Test helpers for the service-level MCP tests (`test/serviceMcp*.test.ts`): the real server, literal clients. */
import type { Account } from '../../accounts';
import type { ServiceSimulator } from '../../index';
import { McpTestClient } from './client';
import { createAccount, type AccountOverrides } from '../../seed';

export function bearerOf(account: Account): string {
	const token = account.accessTokens.find((t) => t.type === 'API' || t.type === 'ALL');
	if (!token) throw new Error(`account ${account.login} has no API or ALL token`);
	return `Bearer ${account.id}:${token.token}`;
}

export function mcpClientFor(sim: ServiceSimulator, account: Account): McpTestClient {
	return new McpTestClient(sim.baseUrl, { auth: bearerOf(account) });
}

let userCounter = 0;

/**
 * A fresh confirmed account with an API token and its MCP client. Tests use one per case so
 * that the per-user write bucket (30 per minute) never decides a test.
 */
export function freshUser(
	sim: ServiceSimulator,
	overrides: AccountOverrides = {},
): { account: Account; mcp: McpTestClient } {
	userCounter++;
	const account = createAccount(sim, {
		plan: 'PRO',
		accessTokens: [{ token: `mcp-test-token-${userCounter}-${Math.random().toString(36).slice(2)}`, type: 'API' }],
		...overrides,
	});
	return { account, mcp: mcpClientFor(sim, account) };
}

/** tools/call that must succeed; returns structuredContent. */
export async function ok(client: McpTestClient, tool: string, args: Record<string, unknown> = {}): Promise<any> {
	const result = await client.tool(tool, args);
	if (result.isError) throw new Error(`${tool} failed: ${result.content?.[0]?.text}`);
	return result.structuredContent;
}

/** tools/call that must end in a tool error; returns `{ code, message }`. */
export async function toolError(
	client: McpTestClient,
	tool: string,
	args: Record<string, unknown> = {},
): Promise<{ code: string; message: string }> {
	const result = await client.tool(tool, args);
	if (!result.isError) throw new Error(`${tool} unexpectedly succeeded: ${JSON.stringify(result.structuredContent)}`);
	return result.structuredContent.error;
}
