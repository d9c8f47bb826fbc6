import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { parameterOf } from '../../shared/execution/parameters';

/** Where binary content (blobs, images, embedded resources) goes. */
export const binaryFieldOption: INodeProperties = {
	displayName: 'Put Output Files in Field',
	name: 'binaryPropertyName',
	type: 'string',
	default: 'data',
	description:
		'Binary field for files the service returns (blobs, images, embedded resources). Further ' +
		'files go to the same name with _1, _2, … appended.',
};

export function readBinaryField(ctx: IExecuteFunctions, itemIndex: number): string {
	const raw = parameterOf(ctx, 'options.binaryPropertyName', itemIndex, 'data');
	const value = typeof raw === 'string' ? raw.trim() : '';
	return value || 'data';
}
