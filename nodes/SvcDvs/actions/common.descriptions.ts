import type { INodeProperties } from 'n8n-workflow';

import { byIdMode, limitProperty, listOrDirectLocator } from '../../shared/description/common.descriptions';

/*
 * Parameters that stand in the forms of two or more DVS operations, each written once as the editor shows it;
 * an operation file lists them by name among its own literals.
 */

/** A document of a register, picked from a list of the newest ones or given by its ID (a whole number). */
function documentLocator(displayName: string, name: string, noun: string, searchListMethod: string): INodeProperties {
	const locator = listOrDirectLocator(
		{ displayName, name },
		{ noun, searchListMethod },
		// No `validation` regex: n8n times it by the wall clock at every execution's start; readDocumentId checks.
		{ ...byIdMode, placeholder: 'e.g. 5012' },
	);
	return { ...locator, required: true };
}

export const taskLocator = documentLocator('Task', 'task', 'task', 'searchTasks');
export const projectLocator = documentLocator('Project', 'project', 'project', 'searchProjects');
export const clientLocator = documentLocator('Client', 'client', 'client', 'searchClients');
export const contactPersonLocator = documentLocator(
	'Contact Person',
	'contactPerson',
	'contact person',
	'searchContactPersons',
);

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

/** Limit of a DVS list: at most 200, what one request reads (Return All pages through everything). */
export const listLimitProperty: INodeProperties = { ...limitProperty, typeOptions: { minValue: 1, maxValue: 200 } };

const FIELDS_ON_CREATE =
	'Required fields are marked. Dropdowns, users and related documents are picked from lists ' +
	'by name (or mapped as IDs); dates take the date picker or YYYY-MM-DD; hours are numbers.';

const FIELDS_ON_UPDATE =
	'Add only the fields to change: the others stay as they are. Dropdowns, users and related ' +
	'documents are picked from lists by name (or mapped as IDs); dates take the date picker; ' +
	'hours are numbers.';

/*
 * The Fields of Create and Update: a resource mapper filled from get_fields
 * (`methods.resourceMapping.getDocumentFields`), under a notice with its hints: n8n's mapper shows neither its
 * parameter's description nor a hint per field.
 */

/** The mapper's fields: a register's, from get_fields. */
const DOCUMENT_FIELDS = {
	resourceMapperMethod: 'getDocumentFields',
	mode: 'add' as const,
	fieldWords: { singular: 'field', plural: 'fields' },
	multiKeyMatch: false,
	// n8n would show its no-fields error in red beside our notice while the mapper waits for a
	// credential or a project: every empty list is explained by the notice instead (getDocumentFields).
	hideNoDataError: true,
};

export const fieldsHintOnCreate: INodeProperties = {
	displayName: FIELDS_ON_CREATE,
	name: 'fieldsHint',
	type: 'notice',
	default: '',
};

/** Create's Fields: every field of the register offered at once. */
export const fieldsOnCreate: INodeProperties = {
	displayName: 'Fields',
	name: 'fields',
	type: 'resourceMapper',
	noDataExpression: true,
	default: { mappingMode: 'defineBelow', value: null },
	required: true,
	description: FIELDS_ON_CREATE,
	typeOptions: { loadOptionsDependsOn: [], resourceMapper: { ...DOCUMENT_FIELDS, addAllFields: true } },
};

export const fieldsHintOnUpdate: INodeProperties = {
	displayName: FIELDS_ON_UPDATE,
	name: 'fieldsHint',
	type: 'notice',
	default: '',
};

/** Update's Fields: the fields to change, added one by one, read again when the document changes. */
export const fieldsOnUpdate: INodeProperties = {
	...fieldsOnCreate,
	description: FIELDS_ON_UPDATE,
	typeOptions: {
		loadOptionsDependsOn: ['documentId.value'],
		resourceMapper: { ...DOCUMENT_FIELDS, addAllFields: false },
	},
};
