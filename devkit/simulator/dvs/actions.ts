import type { SimResponse } from '../types';
import { ok, type DvsActionHandler, type DvsContext } from './context';
import {
	addComment,
	assignableUserRefs,
	attachFile,
	createDocument,
	documentView,
	fieldDescriptors,
	listComments,
	listDocuments,
	searchUsers,
	updateDocument,
	type WriteOptions,
} from './domain';
import { badRequest } from './errors';
import { requireDocument } from './lookup';
import { requiredId, requiredObject } from './params';
import { DVS_SECTIONS, type DvsSection } from './types';

/** One action of `/api_dvs/{section}/{action}`: the registers that offer it and what it answers. */
export interface DvsActionDef {
	sections: readonly DvsSection[];
	run: DvsActionHandler;
}

const offeredIn = (...sections: DvsSection[]): readonly DvsSection[] => sections;
const ALL = offeredIn(...DVS_SECTIONS);
const TASK = offeredIn('task');

/** The `partialWrite` fault the shared server attached: part of the write lands, then the request fails. */
function faultOf(ctx: DvsContext): WriteOptions {
	return { partialWrite: ctx.fault?.kind === 'partialWrite' ? { status: ctx.fault.status ?? 500 } : undefined };
}

/**
 * Document 3's actions under their wire names, with the registers its table "Actions" gives
 * each. The rules are `domain/`'s (the MCP tools call the same functions); an action reads its
 * parameters, calls the domain and shapes the answer.
 */
export const DVS_ACTIONS = {
	get_fields: {
		sections: ALL,
		run: (ctx): SimResponse =>
			ok({
				fields: fieldDescriptors(ctx.org, ctx.section),
				actions: [...SECTION_ACTIONS[ctx.section]],
				actor: { id: ctx.account.id, org_id: ctx.org.id },
			}),
	},
	get_users: {
		sections: offeredIn('task', 'project_2', 'client'),
		run: (ctx) => ok({ users: assignableUserRefs(ctx, ctx.section, ctx.params) }),
	},
	search_users: { sections: TASK, run: (ctx) => ok(searchUsers(ctx, ctx.params)) },
	get_document: {
		sections: ALL,
		run: async (ctx) => ok(await documentView(ctx, requireDocument(ctx, requiredId(ctx.params, 'dvs_document_id')))),
	},
	get_documents: { sections: ALL, run: (ctx) => ok(listDocuments(ctx, ctx.section, ctx.params)) },
	get_comments: {
		sections: TASK,
		run: (ctx) => {
			const task = requireDocument(ctx, requiredId(ctx.params, 'dvs_document_id'));
			return ok(listComments(ctx, task, ctx.params));
		},
	},
	create_document: {
		sections: offeredIn('task', 'contact_person'),
		run: (ctx) => {
			const input = requiredObject(ctx.params, 'create_params');
			const doc = createDocument(ctx, ctx.section, input, faultOf(ctx));
			return ok({ dvs_document_id: doc.id });
		},
	},
	update_document: {
		sections: offeredIn('task', 'contact_person'),
		run: (ctx) => {
			const doc = requireDocument(ctx, requiredId(ctx.params, 'dvs_document_id'));
			const input = requiredObject(ctx.params, 'update_params');
			updateDocument(ctx, doc, input, faultOf(ctx));
			return ok({ dvs_document_id: doc.id });
		},
	},
	add_comment: {
		sections: TASK,
		run: (ctx) => {
			const task = requireDocument(ctx, requiredId(ctx.params, 'dvs_document_id'));
			addComment(ctx, task, ctx.params.comment);
			return ok({ dvs_document_id: task.id });
		},
	},
	upload_document_file: {
		sections: TASK,
		run: async (ctx) => {
			const field = ctx.params.dvs_document_id;
			const rawId = typeof field === 'number' ? String(field) : field;
			if (typeof rawId !== 'string' || !/^[1-9]\d{0,15}$/.test(rawId.trim()))
				throw badRequest('dvs_document_id must be a positive integer');
			const task = requireDocument(ctx, Number(rawId.trim()));
			if (ctx.files.length !== 1) throw badRequest(`exactly one file expected, got ${ctx.files.length}`);
			const [file] = ctx.files;
			if (file.field !== 'file') throw badRequest(`the file must be sent in the field "file", not "${file.field}"`);
			const saved = await attachFile(ctx, task, file, { onNameTaken: 'number' });
			if (!saved.ok) return ok({ success: false, error_code: saved.errorCode, error_message: saved.errorMessage });
			return ok({ file_hash: saved.fileHash, upload_hash: saved.uploadHash });
		},
	},
} satisfies Record<string, DvsActionDef>;

export type DvsAction = keyof typeof DVS_ACTIONS;

const offeredBy = (section: DvsSection): readonly DvsAction[] =>
	(Object.keys(DVS_ACTIONS) as DvsAction[]).filter((action) => DVS_ACTIONS[action].sections.includes(section));

/** Which register offers which action (document 3, table "Actions"), in the table's order. */
export const SECTION_ACTIONS: Record<DvsSection, readonly DvsAction[]> = {
	task: offeredBy('task'),
	project_2: offeredBy('project_2'),
	contact_person: offeredBy('contact_person'),
	client: offeredBy('client'),
};
