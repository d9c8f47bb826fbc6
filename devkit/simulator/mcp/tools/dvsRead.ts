import {
	assignableUserRefs,
	fieldDescriptors,
	findDocument,
	listComments,
	listDocuments as documentPage,
	searchUsers as usersMatching,
} from '../../dvs/domain';
import { objectSchema } from './schemas';
import {
	DATA_NOTICE,
	documentSchema,
	dvsActor,
	dvsReadsEnabled,
	dvsRule,
	idArg,
	readDocument,
	sectionArg,
	sectionsFor,
	userRefSchema,
	type McpDvsSection,
} from './dvsCommon';
import { READ_ANNOTATIONS, ToolError, privateToolKind } from './types';
import type { PrivateTool } from './types';

export const DVS_LIST_DEFAULT_LIMIT = 50;
export const DVS_LIST_MAX_LIMIT = 200;

const dvsReadTool = privateToolKind(
	{
		access: 'private',
		scopes: ['files:read', 'dvs:read'],
		since: '1.2',
		enabled: dvsReadsEnabled,
		annotations: READ_ANNOTATIONS,
		buckets: () => ['dvsRead'],
	},
	DATA_NOTICE,
);

const getFields = dvsReadTool({
	name: 'dvs_get_fields',
	title: 'DVS: get fields',
	description: 'Field names, types, filter flags and dropdown option IDs of the task or project register.',
	inputSchema: objectSchema({ section: sectionArg }, ['section']),
	outputSchema: {
		type: 'object',
		properties: {
			section: { type: 'string' },
			fields: {
				type: 'array',
				items: {
					type: 'object',
					properties: { name: { type: 'string' }, type: { type: 'string' }, filter: { type: 'boolean' } },
					required: ['name', 'type', 'filter'],
				},
			},
			actor: {
				type: 'object',
				properties: { id: { type: 'integer' }, org_id: { type: ['integer', 'null'] } },
				required: ['id'],
			},
		},
		required: ['section', 'fields', 'actor'],
	},
	async run(args, ctx) {
		const section = args.section as McpDvsSection;
		const fields = fieldDescriptors(dvsActor(ctx, sectionsFor(section)).org, section);
		const account = ctx.principal.account;
		return { structured: { section, fields, actor: { id: account.id, org_id: account.orgId ?? null } } };
	},
});

const getUsers = dvsReadTool({
	name: 'dvs_get_users',
	title: 'DVS: get assignable users',
	description:
		'Users assignable in a project (dvs_project_id is required for tasks); not an organization-wide directory.',
	inputSchema: objectSchema({ section: sectionArg, dvs_project_id: idArg('Project id (tasks)') }, ['section']),
	outputSchema: {
		type: 'object',
		properties: { section: { type: 'string' }, users: { type: 'array', items: userRefSchema } },
		required: ['section', 'users'],
	},
	async run(args, ctx) {
		const section = args.section as McpDvsSection;
		const projectId = args.dvs_project_id as number | undefined;
		if (section === 'task' && projectId === undefined)
			throw new ToolError('invalid_argument', 'dvs_project_id is required for section task');
		const actor = dvsActor(ctx, sectionsFor(section));
		const users = await dvsRule(() => assignableUserRefs(actor, section, { dvs_project_id: projectId }));
		return { structured: { section, users } };
	},
});

const getDocument = dvsReadTool({
	name: 'dvs_get_document',
	title: 'DVS: get document',
	description: 'One task or project with all fields (tasks include description and upload_hash).',
	inputSchema: objectSchema({ section: sectionArg, dvs_document_id: idArg('Task or project id') }, [
		'section',
		'dvs_document_id',
	]),
	outputSchema: {
		type: 'object',
		properties: { section: { type: 'string' }, document: documentSchema },
		required: ['section', 'document'],
	},
	async run(args, ctx) {
		const section = args.section as McpDvsSection;
		const actor = dvsActor(ctx, sectionsFor(section));
		return { structured: { section, document: await readDocument(actor, section, args.dvs_document_id as number) } };
	},
});

const listDocuments = dvsReadTool({
	name: 'dvs_list_documents',
	title: 'DVS: list documents',
	description:
		'Tasks or projects, newest or oldest first. filters keys must be fields with filter true (unknown keys are rejected); ' +
		'an array value means any of. Page with offset until offset reaches total.',
	inputSchema: objectSchema(
		{
			section: sectionArg,
			filters: { type: 'object', description: 'field name to value or array of values' },
			limit: { type: 'integer', minimum: 1, maximum: DVS_LIST_MAX_LIMIT, default: DVS_LIST_DEFAULT_LIMIT },
			offset: { type: 'integer', minimum: 0, default: 0 },
			order: { enum: ['newest', 'oldest'], default: 'newest' },
		},
		['section'],
	),
	outputSchema: {
		type: 'object',
		properties: {
			section: { type: 'string' },
			items: { type: 'array', items: documentSchema },
			total: { type: 'integer' },
			limit: { type: 'integer' },
			offset: { type: 'integer' },
			order: { enum: ['newest', 'oldest'] },
		},
		required: ['section', 'items', 'total', 'limit', 'offset', 'order'],
	},
	async run(args, ctx) {
		const section = args.section as McpDvsSection;
		const actor = dvsActor(ctx, sectionsFor(section));
		const filters = (args.filters as Record<string, unknown> | undefined) ?? {};
		const fields = fieldDescriptors(actor.org, section);
		for (const key of Object.keys(filters)) {
			const field = fields.find((f) => f.name === key);
			if (!field) throw new ToolError('invalid_argument', `Unknown filter field "${key}"`);
			if (!field.filter)
				throw new ToolError('invalid_argument', `Field "${key}" cannot be used as a filter (filter is false)`);
		}
		const limit = (args.limit as number | undefined) ?? DVS_LIST_DEFAULT_LIMIT;
		const offset = (args.offset as number | undefined) ?? 0;
		const order = (args.order as 'newest' | 'oldest' | undefined) ?? 'newest';
		const page = await dvsRule(() => documentPage(actor, section, { filters, limit, offset, order }));
		return { structured: { section, items: page.items, total: page.total, limit, offset, order } };
	},
});

const getComments = dvsReadTool({
	name: 'dvs_get_comments',
	title: 'DVS: get comments',
	description: 'Comments of a task, oldest first.',
	inputSchema: objectSchema(
		{
			dvs_document_id: idArg('Task id'),
			limit: { type: 'integer', minimum: 1, maximum: 200, default: 50 },
			offset: { type: 'integer', minimum: 0, default: 0 },
		},
		['dvs_document_id'],
	),
	outputSchema: {
		type: 'object',
		properties: {
			dvs_document_id: { type: 'integer' },
			items: {
				type: 'array',
				items: {
					type: 'object',
					properties: { id: { type: 'integer' }, html: { type: 'string' } },
					required: ['id', 'html'],
				},
			},
			total: { type: 'integer' },
			limit: { type: 'integer' },
			offset: { type: 'integer' },
		},
		required: ['dvs_document_id', 'items', 'total', 'limit', 'offset'],
	},
	async run(args, ctx) {
		const actor = dvsActor(ctx, sectionsFor('task'));
		const id = args.dvs_document_id as number;
		const limit = (args.limit as number | undefined) ?? 50;
		const offset = (args.offset as number | undefined) ?? 0;
		const page = await dvsRule(() => listComments(actor, findDocument(actor, 'task', id), { limit, offset }));
		return { structured: { dvs_document_id: id, items: page.items, total: page.total, limit, offset } };
	},
});

const searchUsers = dvsReadTool({
	name: 'dvs_search_users',
	title: 'DVS: search users',
	description:
		'Organization users by name, for @[USER:id] mentions; has_access tells whether the user can read tasks (or the given task).',
	inputSchema: objectSchema(
		{
			pattern: { type: 'string', minLength: 2, maxLength: 100 },
			limit: { type: 'integer', minimum: 1, maximum: 20, default: 10 },
			dvs_document_id: idArg('Task id that makes has_access task-specific'),
		},
		['pattern'],
	),
	outputSchema: {
		type: 'object',
		properties: { users: { type: 'array', items: userRefSchema }, limit: { type: 'integer' } },
		required: ['users', 'limit'],
	},
	async run(args, ctx) {
		const pattern = (args.pattern as string).trim();
		if ([...pattern].length < 2 || [...pattern].length > 100)
			throw new ToolError('invalid_argument', 'pattern must have 2 to 100 characters after trimming');
		const limit = (args.limit as number | undefined) ?? 10;
		const actor = dvsActor(ctx, sectionsFor('task'));
		const taskId = args.dvs_document_id as number | undefined;
		const { users } = await dvsRule(() => usersMatching(actor, { pattern, limit, dvs_document_id: taskId }));
		return { structured: { users, limit } };
	},
});

export const dvsReadTools: PrivateTool[] = [getFields, getUsers, getDocument, listDocuments, getComments, searchUsers];
