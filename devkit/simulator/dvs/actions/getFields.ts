import { ok, type DvsActionHandler } from '../context';
import { fieldDescriptors } from '../domain/fields';
import { SECTION_ACTIONS } from '../types';

export const getFields: DvsActionHandler = (ctx) =>
	ok({
		fields: fieldDescriptors(ctx.org, ctx.section),
		actions: [...SECTION_ACTIONS[ctx.section]],
		actor: { id: ctx.account.id, org_id: ctx.org.id },
	});
