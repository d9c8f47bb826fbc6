import type { ServiceContext } from '../transport/http';
import type { Api } from '../adapters/adapter';
import type { McpCredentialType } from '../transport/mcp';
import { runningNodeOf } from '../transport/runningNode';

/**
 * The node parameter `authentication` chooses the kind of connection: the REST credential of
 * the node (default) or one of the MCP endpoint's credentials. Every node that offers the
 * choice gets its services over the adapter of that credential (`serviceFor.ts`), so an operation
 * only ever sees the service; its parameter and credential entries are `description/authentication.descriptions.ts`.
 */
export const AUTHENTICATION = 'authentication';

export const MCP_CREDENTIALS: McpCredentialType[] = ['svcMcpApi', 'svcMcpOAuth2Api'];

/** The chosen authentication, read from the node (it takes no expressions, so any context can read it). */
export function authenticationOf<T extends string>(ctx: ServiceContext, rest: T): T | McpCredentialType {
	const value = runningNodeOf(ctx).parameters[AUTHENTICATION];
	if (typeof value === 'string' && (MCP_CREDENTIALS as string[]).includes(value)) return value as McpCredentialType;
	return rest;
}

export function isMcp(authentication: string): authentication is McpCredentialType {
	return (MCP_CREDENTIALS as string[]).includes(authentication);
}

/** The API the node's chosen credential speaks. */
export function apiOf(ctx: ServiceContext, rest: 'svcStorageApi' | 'svcDvsApi'): Api {
	return isMcp(authenticationOf(ctx, rest)) ? 'mcp' : 'rest';
}
