import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { optionsCollection } from '../../shared/descriptions';

export { optionsCollection };

/** The parameters of an operation that takes none but the Options collection. */
export function optionsOnly(resource: string, operation: string): INodeProperties[] {
	return updateDisplayOptions({ show: { resource: [resource], operation: [operation] } }, [optionsCollection()]);
}

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
	const raw = ctx.getNodeParameter('options.binaryPropertyName', itemIndex, 'data');
	const value = typeof raw === 'string' ? raw.trim() : '';
	return value || 'data';
}
