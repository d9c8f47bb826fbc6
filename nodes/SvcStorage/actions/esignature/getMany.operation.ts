import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { returnAllOrLimit } from '../../../shared/descriptions';
import { applyLimit, readReturnAll } from '../../../shared/paging';
import { readDate, readLocator, refuseInput } from '../../../shared/parameters';
import { jsonItem } from '../../../shared/runPerItem';
import { fileLocator, optionsCollection } from '../common.descriptions';
import { storageAction } from '../restCall';

const properties: INodeProperties[] = [
	fileLocator({ name: 'file', displayName: 'File', description: 'File whose signatures to list' }),
	...returnAllOrLimit({}),
	{
		displayName: 'Filters',
		name: 'filters',
		type: 'collection',
		placeholder: 'Add Filter',
		default: {},
		options: [
			{ displayName: 'From Date', name: 'fromDate', type: 'dateTime', default: '', description: 'Only signatures made on or after this day' },
			{ displayName: 'To Date', name: 'toDate', type: 'dateTime', default: '', description: 'Only signatures made on or before this day' },
		],
	},
	optionsCollection(),
];

export const description = updateDisplayOptions({ show: { resource: ['esignature'], operation: ['getMany'] } }, properties);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	const fileHash = readLocator(this, 'file', itemIndex, 'File');
	const fromDate = readDate(this, 'filters.fromDate', itemIndex, 'From Date');
	const toDate = readDate(this, 'filters.toDate', itemIndex, 'To Date');
	if (fromDate && toDate && fromDate > toDate) {
		refuseInput(this, itemIndex, `"From Date" (${fromDate}) is after "To Date" (${toDate})`, 'Swap the two dates.');
	}
	const { limit } = readReturnAll(this, itemIndex);
	const body = await storageAction(
		this,
		itemIndex,
		'get_esignatures',
		{ file_hash: fileHash, from_date: fromDate || undefined, to_date: toDate || undefined },
		'list the signatures',
	);
	const records = Array.isArray(body) ? (body as IDataObject[]) : [];
	return applyLimit(records, limit).map((record) => jsonItem(record, itemIndex));
}
