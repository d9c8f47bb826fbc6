import {
	addComment as addTaskComment,
	attachFile,
	createDocument,
	fieldDescriptors,
	findDocument,
	listComments,
	updateDocument,
	type DvsActor,
} from '../../dvs/domain';
import { normalizeName } from '../../storage/names';
import { fetchImportSource } from '../importSource';
import type { JsonSchema } from '../jsonSchema';
import { checkItemName, decodeContent, mimeTypeFor } from './content';
import {
	DATA_NOTICE,
	documentSchema,
	dvsActor,
	dvsRule,
	dvsUploadEnabled,
	dvsWritesEnabled,
	idArg,
	readDocument,
	sectionsFor,
} from './dvsCommon';
import { writeItem } from './items';
import { nameArg, objectSchema } from './schemas';
import { UPLOAD_MAX_BYTES, UPLOAD_REQUEST_MAX_BYTES } from './storageWrite';
import { ToolError, WRITE_ANNOTATIONS, privateToolKind } from './types';
import type { PrivateTool, PrivateToolContext, ToolSuccess } from './types';

export const COMMENT_MAX_CHARS = 20000;

const UNCERTAIN_MESSAGE = 'The change was submitted but not read back: read the task before retrying.';

const dvsWriteTool = privateToolKind(
	{
		access: 'private',
		scopes: ['files:read', 'dvs:read', 'dvs:write'],
		since: '1.2',
		enabled: dvsWritesEnabled,
		annotations: WRITE_ANNOTATIONS,
		buckets: () => ['writes'],
	},
	`No idempotency key: after an uncertain outcome read the task before retrying. ${DATA_NOTICE}`,
);

const statusResult = (statuses: string[], extra: Record<string, JsonSchema>, required: string[]): JsonSchema => ({
	type: 'object',
	properties: {
		status: { enum: [...statuses, 'uncertain'] },
		dvs_document_id: { type: 'integer' },
		message: { type: 'string' },
		...extra,
	},
	required: ['status', 'dvs_document_id', ...required],
});

/** The `mcpUncertain` fault: the write has committed, the result admits nothing more. */
function uncertain(ctx: PrivateToolContext, id: number): ToolSuccess | undefined {
	if (ctx.fault?.kind !== 'mcpUncertain') return undefined;
	return { structured: { status: 'uncertain', dvs_document_id: id, message: UNCERTAIN_MESSAGE } };
}

/**
 * Unknown field names are rejected here (the REST API ignores them); the system fields
 * (full_number, creator, dates, upload_hash) are not get_fields' and so unknown.
 */
function checkParamNames(actor: DvsActor, params: Record<string, unknown>, argument: string): void {
	const fields = fieldDescriptors(actor.org, 'task');
	for (const key of Object.keys(params)) {
		if (!fields.some((f) => f.name === key))
			throw new ToolError('invalid_argument', `${argument}: unknown field "${key}"`);
	}
}

const createTask = dvsWriteTool({
	name: 'dvs_create_task',
	title: 'DVS: create task',
	description:
		'Creates a task. create_params uses field names and integer IDs from svc_dvs_get_fields and svc_dvs_get_users; dvs_project_id and name are required.',
	inputSchema: objectSchema({ create_params: { type: 'object', description: 'field name to value' } }, [
		'create_params',
	]),
	outputSchema: statusResult(['created'], { document: documentSchema }, []),
	async run(args, ctx) {
		const actor = dvsActor(ctx, sectionsFor('task'));
		const params = args.create_params as Record<string, unknown>;
		checkParamNames(actor, params, 'create_params');
		for (const required of ['dvs_project_id', 'name']) {
			if (params[required] === undefined || params[required] === null || params[required] === '') {
				throw new ToolError('invalid_argument', `create_params.${required} is required`);
			}
		}
		const { id } = await dvsRule(() => createDocument(actor, 'task', params));
		return (
			uncertain(ctx, id) ?? {
				structured: { status: 'created', dvs_document_id: id, document: await readDocument(actor, 'task', id) },
			}
		);
	},
});

const updateTask = dvsWriteTool({
	name: 'dvs_update_task',
	title: 'DVS: update task',
	description:
		'Partial patch of a task: only supplied fields change; user list fields are replaced; the project cannot change.',
	inputSchema: objectSchema(
		{ dvs_document_id: idArg('Task id'), update_params: { type: 'object', description: 'field name to value' } },
		['dvs_document_id', 'update_params'],
	),
	outputSchema: statusResult(['updated'], { document: documentSchema }, []),
	async run(args, ctx) {
		const actor = dvsActor(ctx, sectionsFor('task'));
		const id = args.dvs_document_id as number;
		const params = args.update_params as Record<string, unknown>;
		checkParamNames(actor, params, 'update_params');
		const current = await readDocument(actor, 'task', id);
		if (
			params.dvs_project_id !== undefined &&
			params.dvs_project_id !== (current.dvs_project_id as { id: number } | null)?.id
		) {
			throw new ToolError('invalid_argument', 'The project of a task cannot change');
		}
		await dvsRule(() => updateDocument(actor, findDocument(actor, 'task', id), params));
		return (
			uncertain(ctx, id) ?? {
				structured: { status: 'updated', dvs_document_id: id, document: await readDocument(actor, 'task', id) },
			}
		);
	},
});

const addComment = dvsWriteTool({
	name: 'dvs_add_comment',
	title: 'DVS: add comment',
	description: `Adds a comment (up to ${COMMENT_MAX_CHARS} characters) to a task; @[USER:id] mentions an organization user.`,
	inputSchema: objectSchema(
		{ dvs_document_id: idArg('Task id'), comment: { type: 'string', minLength: 1, maxLength: COMMENT_MAX_CHARS } },
		['dvs_document_id', 'comment'],
	),
	outputSchema: statusResult(
		['created'],
		{
			comment: {
				type: 'object',
				properties: { id: { type: 'integer' }, html: { type: 'string' } },
				required: ['id', 'html'],
			},
		},
		[],
	),
	async run(args, ctx) {
		const actor = dvsActor(ctx, sectionsFor('task'));
		const id = args.dvs_document_id as number;
		const text = args.comment as string;
		if (text.trim() === '') throw new ToolError('invalid_argument', 'comment must not be blank');
		const { id: commentId } = await dvsRule(() => addTaskComment(actor, findDocument(actor, 'task', id), text));
		const early = uncertain(ctx, id);
		if (early) return early;
		for (let offset = 0; ; offset += 200) {
			const page = await dvsRule(() => listComments(actor, findDocument(actor, 'task', id), { limit: 200, offset }));
			const comment = page.items.find((c) => c.id === commentId);
			if (comment) return { structured: { status: 'created', dvs_document_id: id, comment } };
			if (page.items.length === 0 || offset + 200 >= page.total) break;
		}
		return { structured: { status: 'uncertain', dvs_document_id: id, message: UNCERTAIN_MESSAGE } };
	},
});

const uploadFile = dvsWriteTool({
	name: 'dvs_upload_file',
	title: 'DVS: attach file',
	description:
		'Attaches a new file to a task from content + encoding (utf8 or standard padded base64, up to 10 MiB) or source_url (public HTTPS, up to 100 MiB). ' +
		'The attachment folder is created on first use; an existing name returns name_conflict.',
	inputSchema: objectSchema(
		{
			dvs_document_id: idArg('Task id'),
			file_name: nameArg('Attachment name'),
			content: { type: 'string' },
			encoding: { enum: ['utf8', 'base64'] },
			source_url: { type: 'string', minLength: 1 },
		},
		['dvs_document_id', 'file_name'],
	),
	outputSchema: statusResult(
		['created'],
		{
			file: {
				type: 'object',
				properties: {
					type: { enum: ['file'] },
					hash: { type: 'string' },
					name: { type: 'string' },
					size: { type: 'integer' },
					mime_type: { type: 'string' },
				},
				required: ['hash', 'name', 'size'],
			},
			upload_hash: { type: 'string' },
		},
		[],
	),
	scopes: ['files:read', 'files:write', 'dvs:read', 'dvs:write'],
	enabled: dvsUploadEnabled,
	buckets: (args) => (args.source_url !== undefined ? ['writes', 'imports'] : ['writes']),
	maxRequestBytes: UPLOAD_REQUEST_MAX_BYTES,
	async run(args, ctx) {
		const hasContent = args.content !== undefined;
		const hasUrl = args.source_url !== undefined;
		if (hasContent === hasUrl) throw new ToolError('invalid_argument', 'Give either content + encoding or source_url');
		if (hasContent && args.encoding === undefined)
			throw new ToolError('invalid_argument', 'encoding is required with content');
		const actor = dvsActor(ctx, sectionsFor('task'));
		const id = args.dvs_document_id as number;
		await readDocument(actor, 'task', id);
		const name = checkItemName(args.file_name as string, 'file_name');
		let bytes: Buffer;
		if (hasContent) {
			bytes = decodeContent(args.content as string, args.encoding as 'utf8' | 'base64');
			if (bytes.length > UPLOAD_MAX_BYTES)
				throw new ToolError('file_too_large', `Inline content is limited to ${UPLOAD_MAX_BYTES} bytes decoded`);
		} else {
			bytes = await fetchImportSource(args.source_url as string, ctx.state);
		}
		// The stored name is storage's normalized one: name_conflict compares that.
		const attachment = { fileName: normalizeName(name, 'file'), content: bytes, mimeType: mimeTypeFor(name) };
		const saved = await dvsRule(() =>
			attachFile(actor, findDocument(actor, 'task', id), attachment, { onNameTaken: 'fail' }),
		);
		if (!saved.ok) throw new ToolError(saved.errorCode, saved.errorMessage);
		const { fileHash, uploadHash } = saved;
		const early = uncertain(ctx, id);
		if (early) return early;
		const file = ctx.state.deps.storage.getFile(fileHash);
		if (!file) return { structured: { status: 'uncertain', dvs_document_id: id, message: UNCERTAIN_MESSAGE } };
		return { structured: { status: 'created', dvs_document_id: id, file: writeItem(file), upload_hash: uploadHash } };
	},
});

export const dvsWriteTools: PrivateTool[] = [createTask, updateTask, addComment, uploadFile];
