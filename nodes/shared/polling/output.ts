import type { INodeExecutionData } from 'n8n-workflow';

/** What a poll returns: its items on the one output, or null when there is nothing new. */
export function pollOutput(items: INodeExecutionData[]): INodeExecutionData[][] | null {
	return items.length > 0 ? [items] : null;
}
