import type { INodeExecutionData } from 'n8n-workflow';

/** One output item from a JSON object, paired with its input item. */
export function jsonItem(json: INodeExecutionData['json'], itemIndex: number): INodeExecutionData {
	return { json, pairedItem: { item: itemIndex } };
}
