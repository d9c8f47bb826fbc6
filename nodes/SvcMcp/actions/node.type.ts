import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import type { McpClient } from '../../shared/transport/mcp';

export interface McpDeps {
	/** One client per execution: one revision negotiation, tools/list at most once. */
	client: McpClient;
}

export interface McpOperation {
	description: INodeProperties[];
	execute(this: IExecuteFunctions, itemIndex: number, deps: McpDeps): Promise<INodeExecutionData[]>;
}

export type McpResource = 'tool' | 'resource' | 'docs' | 'server';
