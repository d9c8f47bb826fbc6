import type { INodeProperties } from 'n8n-workflow';

import type { DvsSection } from '../../shared/services/dvs/types';
import { optionsCollection, readOptionsCollection, choice } from '../../shared/descriptions';
import type { LocatorOptions } from '../../shared/locator';
import { listOrIdLocator } from '../../shared/locator';
import { NOUN_OF, SEARCH_METHOD_OF } from './sections';

interface DocumentLocatorOptions extends LocatorOptions {
	section: DvsSection;
}

/** A document of a register, picked from a list of the newest ones or given by its ID. */
export function documentLocator(options: DocumentLocatorOptions): INodeProperties {
	const noun = NOUN_OF[options.section];
	return listOrIdLocator(options, {
		searchListMethod: SEARCH_METHOD_OF[options.section],
		noun,
		idMode: {
			displayName: 'By ID',
			placeholder: 'e.g. 5012',
			validation: [
				{ type: 'regex', properties: { regex: '^\\s*\\d+\\s*$', errorMessage: `A ${noun} ID is a whole number` } },
			],
		},
	});
}

/** The Task parameter of the attachment and comment operations: the task they read or write. */
export function taskLocator(description: string): INodeProperties {
	return documentLocator({ name: 'task', displayName: 'Task', section: 'task', description });
}

export const simplifyProperty: INodeProperties = {
	displayName: 'Simplify',
	name: 'simplify',
	type: 'boolean',
	default: false,
	description:
		'Whether to return references as plain names. Off: dropdown, relation and user values are ' +
		'{ID, display_name} objects. On: "responsible" holds the name and "responsible_id" the ID; ' +
		'a field already named like "dvs_project_id" keeps the ID and "dvs_project" gets the name; ' +
		'list fields such as "followers" hold names, with the IDs in "followers_ids".',
};

export const orderProperty: INodeProperties = choice({ displayName: 'Order', name: 'order', default: 'newest' }, [
	['Newest First', 'newest', 'By creation date, newest first'],
	['Oldest First', 'oldest', 'By creation date, oldest first'],
]);

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

/** Return All / Limit for a DVS list (at most 200 per request; Return All pages through everything). */
export const returnAllProperties: INodeProperties[] = [
	{
		displayName: 'Return All',
		name: 'returnAll',
		type: 'boolean',
		default: false,
		description: 'Whether to return all results or only up to a given limit',
	},
	{
		displayName: 'Limit',
		name: 'limit',
		type: 'number',
		typeOptions: { minValue: 1, maxValue: 200 },
		default: 50,
		description: 'Max number of results to return',
		displayOptions: { show: { returnAll: [false] } },
	},
];

export { optionsCollection, readOptionsCollection };
