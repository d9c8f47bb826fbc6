import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { callOptions, optionsCollection } from '../common.descriptions';
import type { McpDeps } from '../node.type';

const properties: INodeProperties[] = [optionsCollection()];

export const description = updateDisplayOptions({ show: { resource: ['server'], operation: ['discover'] } }, properties);

export async function execute(this: IExecuteFunctions, itemIndex: number, { client }: McpDeps): Promise<INodeExecutionData[]> {
	const result = await client.request('server/discover', {}, callOptions(this, itemIndex));
	return [{ json: { ...result, revision: client.revision ?? null }, pairedItem: { item: itemIndex } }];
}
