import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { chosenOperation, runPerItem } from '../../shared/runPerItem';
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
	const { operation } = chosenOperation<McpOperation>(this, resources);
	return await closingAfter(new McpClient(this, credentialTypeOf(this)), async (client) => await runPerItem<McpDeps>(this, operation.execute, { client }));
}
