import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { RestDvsBackend } from '../../shared/backends/dvs/RestDvsBackend';
import { DEFAULT_TIMEOUT_MS } from '../../shared/descriptions';
import { readTimeout } from '../../shared/parameters';
import { runPerItem } from '../../shared/runPerItem';
import * as attachment from './attachment';
import * as client from './client';
import * as comment from './comment';
import * as contactPerson from './contactPerson';
import type { DvsDeps, DvsOperation, DvsResource } from './node.type';
import * as project from './project';
import * as task from './task';
import * as user from './user';

const resources: Record<DvsResource, Record<string, unknown>> = {
	attachment,
	client,
	comment,
	contactPerson,
	project,
	task,
	user,
};

export async function router(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	const resource = this.getNodeParameter('resource', 0) as DvsResource;
	const operationName = this.getNodeParameter('operation', 0) as string;
	const operation = resources[resource]?.[operationName] as DvsOperation | undefined;
	if (!operation || operationName === 'description' || typeof operation.execute !== 'function') {
		throw new NodeOperationError(this.getNode(), `The operation "${operationName}" is not supported for "${resource}"`);
	}
	const backend = new RestDvsBackend(this, (itemIndex) => readTimeout(this, itemIndex, DEFAULT_TIMEOUT_MS));
	return await runPerItem<DvsDeps>(this, operation.execute, { backend });
}
