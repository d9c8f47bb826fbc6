import { ok, type DvsActionHandler } from '../context';
import { SECTION_ACTIONS } from '../types';

/** Descriptor keys that only apply to some types are left out where they do not apply (README). */
export const getFields: DvsActionHandler = (ctx) =>
	ok({
		fields: ctx.org.fields[ctx.section].map((field) => {
			const descriptor: Record<string, unknown> = {
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
		}),
		actions: [...SECTION_ACTIONS[ctx.section]],
		actor: { id: ctx.account.id, org_id: ctx.org.id },
	});
