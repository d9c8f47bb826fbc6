import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { callOptions, optionsCollection } from '../common.descriptions';
import type { McpDeps } from '../node.type';
import { listAll } from './paged';

const properties: INodeProperties[] = [optionsCollection()];

export const description = updateDisplayOptions({ show: { resource: ['resource'], operation: ['listTemplates'] } }, properties);

export async function execute(this: IExecuteFunctions, itemIndex: number, { client }: McpDeps): Promise<INodeExecutionData[]> {
	const templates = await listAll(client, 'resources/templates/list', 'resourceTemplates', callOptions(this, itemIndex));
	return templates.map((json) => ({ json, pairedItem: { item: itemIndex } }));
}
