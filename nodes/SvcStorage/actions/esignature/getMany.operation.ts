import type { IDataObject, INodeProperties, JsonObject } from 'n8n-workflow';
import { NodeApiError, updateDisplayOptions } from 'n8n-workflow';

import type { Access, OperationOption } from '../../../shared/description/operation';
import { OVER_REST_ONLY } from '../../../shared/description/operation';
import {
	fileLocator,
	filtersCollection,
	limitProperty,
	readOptionsCollection,
	returnAllProperty,
} from '../../../shared/description/common.descriptions';
import { applyLimit, readReturnAll } from '../../../shared/execution/paging';
import { readDate, refuseInput } from '../../../shared/execution/parameters';
import { jsonItem } from '../../../shared/execution/items';
import { readEntryHash } from '../references';
import type { StorageExecute } from '../node.type';

export const option: OperationOption = {
	name: 'Get Many',
	action: 'Get many signatures',
	description: 'List the signatures of a file',
};
export const access: Access = 'read';
export const runsOver = OVER_REST_ONLY;

const properties: INodeProperties[] = [
	fileLocator,
	returnAllProperty,
	limitProperty,
	{
		...filtersCollection,
		options: [
			{
				displayName: 'From Date',
				name: 'fromDate',
				type: 'dateTime',
				default: '',
				description: 'Only signatures made on or after this day',
			},
			{
				displayName: 'To Date',
				name: 'toDate',
				type: 'dateTime',
				default: '',
				description: 'Only signatures made on or before this day',
			},
		],
	},
	readOptionsCollection,
];

export const description = updateDisplayOptions(
	{ show: { resource: ['esignature'], operation: ['getMany'] } },
	properties,
);

/** What it gives, for the model reading its tool description. */
export const returns = 'one item per signature with the signer, status and date';

export const execute: StorageExecute = async function (itemIndex, { storage }) {
	const fileHash = await readEntryHash(this, storage, 'file', { name: 'file', label: 'File' }, itemIndex);
	const fromDate = readDate(this, 'filters.fromDate', itemIndex, 'From Date');
	const toDate = readDate(this, 'filters.toDate', itemIndex, 'To Date');
	if (fromDate && toDate && fromDate > toDate) {
		refuseInput(this, itemIndex, `"From Date" (${fromDate}) is after "To Date" (${toDate})`, 'Swap the two dates.');
	}
	const { limit } = readReturnAll(this, itemIndex);
	const body = await storage.listSignatures(
		{ file_hash: fileHash, from_date: fromDate || undefined, to_date: toDate || undefined },
		itemIndex,
	);
	const records = signatureRecords(body);
	if (records === undefined) {
		const message = 'Svc answered the signature list in a form the node does not know';
		throw new NodeApiError(this.getNode(), { message } as JsonObject, {
			message,
			description: 'Expected a list of signature records (file_hash, signing_timestamp, signer_name).',
			itemIndex,
		});
	}
	// The service filters by day itself; the same inclusive filter here keeps the output right
	// should it ignore one of the dates. Records whose timestamp does not start with a day are kept.
	const inRange = records.filter((record) => {
		const day = /^(\d{4}-\d{2}-\d{2})/.exec(String(record.signing_timestamp ?? ''))?.[1];
		return !day || ((!fromDate || day >= fromDate) && (!toDate || day <= toDate));
	});
	return applyLimit(inRange, limit).map((record) => jsonItem(record, itemIndex));
};

const LIST_FIELDS = ['data', 'signatures', 'esignatures', 'records', 'items'];

/**
 * The records of a get_esignatures answer: the documented array, or the shapes PHP services
 * also produce (an empty body, the list under a field, an object keyed 0, 1, …). Undefined for
 * anything else, so that an unknown answer is an error rather than an empty list.
 */
function signatureRecords(body: unknown): IDataObject[] | undefined {
	const objects = (list: unknown[]) =>
		list.filter((entry): entry is IDataObject => !!entry && typeof entry === 'object' && !Array.isArray(entry));
	if (Array.isArray(body)) return objects(body);
	if (!body || typeof body !== 'object') return body === '' ? [] : undefined;
	const record = body as IDataObject;
	const keys = Object.keys(record);
	if (keys.length === 0) return [];
	for (const name of LIST_FIELDS) if (Array.isArray(record[name])) return objects(record[name] as unknown[]);
	if (keys.every((key) => /^\d+$/.test(key)))
		return objects(keys.sort((a, b) => Number(a) - Number(b)).map((key) => record[key]));
	return undefined;
}
