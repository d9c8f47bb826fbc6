import type { NodeActions } from '../../shared/execution/router';
import { McpService } from '../../shared/services/mcp/McpService';
import { McpClient } from '../../shared/transport/mcp';
import { credentialTypeOf } from '../methods/client';
import * as docs from './docs';
import type { McpDeps } from './node.type';
import * as resource from './resource';
import * as server from './server';
import * as tool from './tool';

/** The Svc MCP node's operations by resource, over one MCP client per execution. */
export const mcpActions: NodeActions<McpDeps> = {
	resources: { docs: docs.operations, resource: resource.operations, server: server.operations, tool: tool.operations },
	apiOf: () => 'mcp',
	open(ctx, itemTimeout, records) {
		const credentialType = credentialTypeOf(ctx);
		const mcp = new McpService(new McpClient(ctx, credentialType), itemTimeout, { ctx, credentialType, records });
		return { deps: { mcp }, close: async () => await mcp.close() };
	},
};
