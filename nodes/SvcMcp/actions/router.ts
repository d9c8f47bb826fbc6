import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { runPerItem } from '../../shared/runPerItem';
import { closingAfter } from '../../shared/services/serviceFor';
import { McpClient } from '../../shared/transport/mcp';
import { credentialTypeOf } from '../methods/client';
import * as docs from './docs';
import type { McpDeps, McpOperation, McpResource } from './node.type';
import * as resource from './resource';
import * as server from './server';
import * as tool from './tool';

const resources: Record<McpResource, Record<string, unknown>> = { docs, resource, server, tool };

export async function router(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	const resourceName = this.getNodeParameter('resource', 0) as McpResource;
	const operationName = this.getNodeParameter('operation', 0) as string;
	const operation = resources[resourceName]?.[operationName] as McpOperation | undefined;
	if (!operation || operationName === 'description' || typeof operation.execute !== 'function') {
		throw new NodeOperationError(this.getNode(), `The operation "${operationName}" is not supported for "${resourceName}"`);
	}
	return await closingAfter(new McpClient(this, credentialTypeOf(this)), async (client) => await runPerItem<McpDeps>(this, operation.execute, { client }));
}
