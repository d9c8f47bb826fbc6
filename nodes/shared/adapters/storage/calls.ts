import type { IDataObject, INode, NodeOperationError } from 'n8n-workflow';

import type { Api } from '../adapter';
import { STORAGE_UNAVAILABILITY, unavailable } from '../availability';
import type { StorageCall } from '../../transport/catalogue/storage';
import type { StorageFieldValue } from '../../transport/storageApi';

/*
 * An action an operation calls through its catalogue entry (StorageService.call, writeEntry): what every adapter
 * reads of the entry the same way.
 */

/** What an operation gives a call, by the names its entry takes. */
export type CallInput = Record<string, StorageFieldValue>;

/** The request of a call in one API's names; a field left undefined is not sent. */
export function requestOf(action: StorageCall, input: CallInput, api: Api): IDataObject {
	const request: IDataObject = {};
	for (const [name, field] of Object.entries(action.takes)) {
		const value = input[name];
		if (value !== undefined) request[typeof field === 'string' ? field : field[api]] = value;
	}
	return request;
}

/** The one refusal of an action this adapter's API does not have (the router refuses its operation first). */
export function lackedBy(node: INode, action: StorageCall, api: Api, itemIndex: number): NodeOperationError {
	const what = `"${action.purpose.charAt(0).toUpperCase()}${action.purpose.slice(1)}"`;
	return unavailable(node, what, api, STORAGE_UNAVAILABILITY, itemIndex);
}
