/** The Svc MCP node's operations, each once (operationCases.ts): every one runs over the MCP endpoint. */
import type { INodeParameters } from 'n8n-workflow';

import type { OperationCase } from '../operationCases';

/** A case of the MCP node: its tools are the storage's and the DVS's, whose answers those nodes' cases check. */
const mcpCase = (resource: string, operation: string, parameters: INodeParameters): OperationCase => ({
	node: 'SvcMcp',
	resource,
	operation,
	api: 'mcp',
	parameters: () => parameters,
	answers: {},
});

export const MCP_CASES: OperationCase[] = [
	mcpCase('server', 'discover', {}),
	mcpCase('tool', 'list', {}),
	mcpCase('tool', 'call', {
		tool: { __rl: true, mode: 'name', value: 'svc_get_root_folder' },
		argumentsMode: 'json',
		argumentsJson: '{}',
	}),
	mcpCase('resource', 'list', {}),
	mcpCase('resource', 'listTemplates', {}),
	mcpCase('resource', 'read', { uri: 'svc-docs://mcp-endpoint' }),
	mcpCase('docs', 'search', { query: 'upload', limit: 3 }),
	mcpCase('docs', 'get', { uri: 'svc-docs://dvs-api' }),
];
