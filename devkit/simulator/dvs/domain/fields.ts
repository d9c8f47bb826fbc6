import type { DvsOrganization, DvsSection } from '../types';

export interface FieldDescriptor {
	name: string;
	label: string;
	type: string;
	required: boolean;
	filter: boolean;
	options?: { id: number; display_name: string }[];
	section?: string;
	list_action?: 'get_documents' | 'get_users';
	depends_on?: string;
}

/** get_fields descriptors; keys that only apply to some types are left out where they do not apply (README). */
export function fieldDescriptors(org: DvsOrganization, section: DvsSection): FieldDescriptor[] {
	return org.fields[section].map((field) => {
		const descriptor: FieldDescriptor = {
			name: field.name,
			label: field.label,
			type: field.type,
			required: field.required,
			filter: field.filter,
		};
		if (field.options) descriptor.options = field.options.map((o) => ({ id: o.id, display_name: o.display_name }));
		if (field.section) descriptor.section = field.section;
		if (field.list_action) descriptor.list_action = field.list_action;
		if (field.depends_on) descriptor.depends_on = field.depends_on;
		return descriptor;
	});
}
