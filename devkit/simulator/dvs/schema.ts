import type { DvsFieldDef, DvsOption, DvsSection } from './types';

/** An organization's own dropdown options; the first option of a list marked default is the create default. */
export interface OrganizationOptions {
	taskStatus: DvsOption[];
	taskPriority: DvsOption[];
	taskType: DvsOption[];
	projectStatus: DvsOption[];
	contactGroup: DvsOption[];
	clientType: DvsOption[];
	clientRating: DvsOption[];
	clientGroup: DvsOption[];
}

const text = (name: string, label: string, extra: Partial<DvsFieldDef> = {}): DvsFieldDef => ({
	name,
	label,
	type: 'text',
	required: false,
	filter: false,
	...extra,
});

const dropdown = (
	name: string,
	label: string,
	options: DvsOption[],
	extra: Partial<DvsFieldDef> = {},
): DvsFieldDef => ({
	name,
	label,
	type: 'dropdown',
	required: false,
	filter: false,
	options,
	...extra,
});

/**
 * The field lists of the four registers. Task follows document 3's table; the other
 * registers are this simulator's choice (README). System fields (dvs_document_id,
 * full_number, creator, date_created, date_updated, upload_hash) appear in documents
 * but not in get_fields: they cannot be written.
 */
export function standardFields(options: OrganizationOptions): Record<DvsSection, DvsFieldDef[]> {
	return {
		task: [
			{
				name: 'dvs_project_id',
				label: 'Project',
				type: 'relation',
				required: true,
				filter: true,
				section: 'project_2',
				list_action: 'get_documents',
			},
			text('name', 'Name', { required: true }),
			{ name: 'description', label: 'Description', type: 'html', required: false, filter: false },
			dropdown('dropdown_type', 'Type', options.taskType, { default: null }),
			dropdown('dropdown_priority', 'Priority', options.taskPriority, { default: options.taskPriority[0]?.id ?? null }),
			dropdown('dropdown_status', 'Status', options.taskStatus, {
				filter: true,
				default: options.taskStatus[0]?.id ?? null,
			}),
			{
				name: 'responsible',
				label: 'Responsible',
				type: 'user_id',
				required: false,
				filter: true,
				list_action: 'get_users',
				depends_on: 'dvs_project_id',
			},
			{
				name: 'followers',
				label: 'Followers',
				type: 'user_ids',
				required: false,
				filter: false,
				list_action: 'get_users',
				depends_on: 'dvs_project_id',
			},
			{
				name: 'ext_notif_receiver',
				label: 'External notification receivers',
				type: 'relation_ids',
				required: false,
				filter: false,
				section: 'contact_person',
				list_action: 'get_documents',
			},
			{ name: 'date_due', label: 'Due date', type: 'date', required: false, filter: false },
			text('estimated_hours', 'Estimated hours', { numeric: true }),
			text('spent_hours', 'Spent hours', { numeric: true }),
		],
		project_2: [
			text('name', 'Name', { required: true }),
			{ name: 'description', label: 'Description', type: 'html', required: false, filter: false },
			dropdown('dropdown_status', 'Status', options.projectStatus, {
				filter: true,
				default: options.projectStatus[0]?.id ?? null,
			}),
			{
				name: 'client',
				label: 'Client',
				type: 'relation',
				required: false,
				filter: true,
				section: 'client',
				list_action: 'get_documents',
			},
			{
				name: 'projectmanager',
				label: 'Project manager',
				type: 'user_id',
				required: false,
				filter: true,
				list_action: 'get_users',
			},
			{ name: 'workers', label: 'Workers', type: 'user_ids', required: false, filter: false, list_action: 'get_users' },
			{ name: 'date_start', label: 'Start date', type: 'date', required: false, filter: false },
			{ name: 'date_end', label: 'End date', type: 'date', required: false, filter: false },
		],
		contact_person: [
			text('name', 'Name', { required: true }),
			text('email', 'E-mail'),
			text('phone', 'Phone'),
			text('position', 'Position'),
			{
				name: 'company',
				label: 'Company',
				type: 'relation',
				required: false,
				filter: true,
				section: 'client',
				list_action: 'get_documents',
			},
			{
				name: 'multi_dropdown_group',
				label: 'Groups',
				type: 'dropdown_ids',
				required: false,
				filter: true,
				options: options.contactGroup,
			},
			{ name: 'note', label: 'Note', type: 'html', required: false, filter: false },
		],
		client: [
			text('name', 'Name', { required: true }),
			text('email', 'E-mail'),
			text('phone', 'Phone'),
			text('address', 'Address'),
			dropdown('dropdown_type', 'Client type', options.clientType, { filter: true }),
			dropdown('dropdown_rating', 'Rating', options.clientRating, { filter: true }),
			{
				name: 'multi_dropdown_group',
				label: 'Groups',
				type: 'dropdown_ids',
				required: false,
				filter: true,
				options: options.clientGroup,
			},
			{
				name: 'projectmanager',
				label: 'Account manager',
				type: 'user_id',
				required: false,
				filter: true,
				list_action: 'get_users',
			},
			{ name: 'note', label: 'Note', type: 'html', required: false, filter: false },
		],
	};
}
