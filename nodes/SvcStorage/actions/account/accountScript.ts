import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { DEFAULT_TIMEOUT_MS } from '../../../shared/descriptions';
import { readTimeout } from '../../../shared/parameters';
import type { StorageFields } from '../../../shared/transport/storage';
import { asObject, callStorageScript } from '../../../shared/transport/storage';

/** A legacy account script for one item, with the item's timeout; returns the JSON object. */
export async function accountScript(
	ctx: IExecuteFunctions,
	itemIndex: number,
	script: string,
	fields: StorageFields,
	label: string,
): Promise<IDataObject> {
	const { body } = await callStorageScript(ctx, script, fields, {
		action: label,
		itemIndex,
		timeoutMs: readTimeout(ctx, itemIndex, DEFAULT_TIMEOUT_MS),
	});
	return asObject(body);
}
