import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { DEFAULT_TIMEOUT_MS } from '../../shared/descriptions';
import { readTimeout } from '../../shared/parameters';
import type { McpCallOptions } from '../../shared/transport/mcp';

export { optionsCollection } from '../../shared/descriptions';

/** Where binary content (blobs, images, embedded resources) goes. */
export const binaryFieldOption: INodeProperties = {
	displayName: 'Put Output Files in Field',
	name: 'binaryPropertyName',
	type: 'string',
	default: 'data',
	description:
		'Binary field for files the service returns (blobs, images, embedded resources). Further files go to the same name with _1, _2, … appended.',
};

export function callOptions(ctx: IExecuteFunctions, itemIndex: number, write = false): McpCallOptions {
	return { itemIndex, timeoutMs: readTimeout(ctx, itemIndex, DEFAULT_TIMEOUT_MS), write };
}

export function readBinaryField(ctx: IExecuteFunctions, itemIndex: number): string {
	const raw = ctx.getNodeParameter('options.binaryPropertyName', itemIndex, 'data');
	const value = typeof raw === 'string' ? raw.trim() : '';
	return value || 'data';
}
