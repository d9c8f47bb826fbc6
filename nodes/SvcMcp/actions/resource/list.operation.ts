import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { callOptions, optionsCollection } from '../common.descriptions';
import type { McpDeps } from '../node.type';
import { listAll } from './paged';

const properties: INodeProperties[] = [optionsCollection()];

export const description = updateDisplayOptions({ show: { resource: ['resource'], operation: ['list'] } }, properties);

export async function execute(this: IExecuteFunctions, itemIndex: number, { client }: McpDeps): Promise<INodeExecutionData[]> {
	const resources = await listAll(client, 'resources/list', 'resources', callOptions(this, itemIndex));
	return resources.map((json) => ({ json, pairedItem: { item: itemIndex } }));
}
