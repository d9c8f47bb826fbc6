import type { IDataObject, INodeProperties } from 'n8n-workflow';

import type { DvsOrder } from '../../shared/adapters/dvs/port';
import { collectOffsetPages, OFFSET_PAGE_SIZE, readReturnAll } from '../../shared/execution/paging';
import { readFilters } from '../actions/filters';
import type { DocumentResource, DvsExecute } from '../actions/node.type';
import { documentItems } from '../actions/output';
import { readSimplify } from '../actions/parameters';
import { REGISTER_OF } from './names';
import { parameterOf } from '../../shared/execution/parameters';

/** Get Many's Filters: by the register's own filterable fields, their values picked from lists. */
export const filtersProperty: INodeProperties = {
	displayName: 'Filters',
	name: 'filters',
	type: 'fixedCollection',
	typeOptions: { multipleValues: true },
	placeholder: 'Add Filter',
	default: {},
	description:
		'Only fields the register marks as filterable are offered. Several values of one field match ' +
		'any of them; different fields must all match.',
	options: [
		{
			displayName: 'Filter',
			name: 'filter',
			values: [
				{
					displayName: 'Field Name or ID',
					name: 'field',
					type: 'options',
					typeOptions: { loadOptionsMethod: 'getFilterFields' },
					default: '',
					description:
						'Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>',
				},
				{
					displayName: 'Value Names or IDs',
					name: 'values',
					type: 'multiOptions',
					typeOptions: { loadOptionsMethod: 'getFilterValues', loadOptionsDependsOn: ['&field'] },
					default: [],
					description:
						'Choose from the list, or specify IDs using an <a href="https://docs.n8n.io/code/expressions/">expression</a>',
					hint:
						'Options, users or documents of your organization; by expression an array of IDs or IDs separated ' +
						'by commas (text for text and date fields)',
				},
			],
		},
	],
};

/** Get Many's Order: by creation date. */
export const orderProperty: INodeProperties = {
	displayName: 'Order',
	name: 'order',
	type: 'options',
	options: [
		{ name: 'Newest First', value: 'newest', description: 'By creation date, newest first' },
		{ name: 'Oldest First', value: 'oldest', description: 'By creation date, oldest first' },
	],
	default: 'newest',
};

/** Get Many: a register's documents (get_documents), filtered and ordered, paged by offset. */
export function getManyDocuments(resource: DocumentResource): DvsExecute {
	const register = REGISTER_OF[resource];
	return async function (itemIndex, { dvs }) {
		const { limit: max } = readReturnAll(this, itemIndex, OFFSET_PAGE_SIZE);
		const order = parameterOf(this, 'order', itemIndex, 'newest') as DvsOrder;
		const schema = await dvs.getFields(register, itemIndex);
		const filters = readFilters(this, itemIndex, schema);
		const documents = await collectOffsetPages<IDataObject>(
			async (offset, limit) => await dvs.listDocuments(register, { offset, limit, order, filters }, itemIndex),
			{ max },
		);
		return await documentItems(dvs, register, documents, readSimplify(this, itemIndex), itemIndex);
	};
}
