import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { DEFAULT_TIMEOUT_MS } from '../../shared/descriptions';
import { readTimeout } from '../../shared/parameters';
import type { StorageFields } from '../../shared/transport/storage';
import { asObject, callStorageAction } from '../../shared/transport/storage';

/** A REST-only V2 action for one item, with the item's timeout; returns the response body. */
export async function storageAction(
	ctx: IExecuteFunctions,
	itemIndex: number,
	action: string,
	fields: StorageFields,
	label: string,
): Promise<unknown> {
	return await callStorageAction(ctx, action, fields, {
		action: label,
		itemIndex,
		timeoutMs: readTimeout(ctx, itemIndex, DEFAULT_TIMEOUT_MS),
	});
}

export async function storageActionObject(
	ctx: IExecuteFunctions,
	itemIndex: number,
	action: string,
	fields: StorageFields,
	label: string,
): Promise<IDataObject> {
	return asObject(await storageAction(ctx, itemIndex, action, fields, label));
}
