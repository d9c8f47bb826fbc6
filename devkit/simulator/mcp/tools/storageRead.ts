import type { StorageItem } from '../../storage/store';
import { fileSchema, folderSchema, hashArg, itemSchema, objectSchema, searchSchema } from './schemas';
import { fileObject, folderObject, itemObject, visibleChildren, visibleFile, visibleFolder } from './items';
import { canDownload, canSee } from './rights';
import { decodeUtf8, isTextMime } from './content';
import { READ_ANNOTATIONS, ToolError, privateToolKind } from './types';
import type { PrivateTool, PrivateToolContext, ToolSuccess } from './types';

export const LIST_DEFAULT_LIMIT = 50;
export const LIST_MAX_LIMIT = 200;
export const SEARCH_DEFAULT_LIMIT = 20;
export const SEARCH_MAX_LIMIT = 100;
/** 25 MB in document 2's sense (26214400 bytes): default and maximum inline read. */
export const INLINE_READ_MAX = 26_214_400;

const always = () => true;

/** A read tool of the original set: read-only, since 1.0, private, `files:read`, always enabled. */
const readTool = privateToolKind({
	annotations: READ_ANNOTATIONS,
	since: '1.0',
	access: 'private',
	scopes: ['files:read'],
	enabled: always,
});

const getRootFolder = readTool({
	name: 'get_root_folder',
	title: 'Get root folder',
	description: "Metadata of the authenticated user's ROOT folder. Start here to discover folder hashes.",
	inputSchema: objectSchema({}),
	outputSchema: { type: 'object', properties: { folder: folderSchema }, required: ['folder'] },
	buckets: () => ['listing'],
	async run(_args, ctx) {
		const root = ctx.state.deps.storage.getFolder(ctx.principal.account.rootFolderHash);
		if (!root) throw new ToolError('not_found', 'The account has no ROOT folder');
		return { structured: { folder: folderObject(ctx, root) } };
	},
});

const listFolder = readTool({
	name: 'list_folder',
	title: 'List folder',
	description:
		'Visible files and direct child folders of a folder. offset addresses the raw folder sequence, not the visible count: ' +
		'a page may be short (even empty) after access filtering.',
	inputSchema: objectSchema(
		{
			folder_hash: hashArg('Folder hash from svc_get_root_folder or svc_list_folder'),
			limit: {
				type: 'integer',
				minimum: 1,
				maximum: LIST_MAX_LIMIT,
				default: LIST_DEFAULT_LIMIT,
				description: 'Raw entries to scan',
			},
			offset: { type: 'integer', minimum: 0, default: 0, description: 'Raw position to start at' },
		},
		['folder_hash'],
	),
	outputSchema: {
		type: 'object',
		properties: {
			folder: folderSchema,
			items: { type: 'array', items: itemSchema },
			offset: { type: 'integer' },
			limit: { type: 'integer' },
		},
		required: ['folder', 'items', 'offset', 'limit'],
	},
	buckets: () => ['listing'],
	async run(args, ctx) {
		const { storage, settings } = ctx.state.deps;
		const folder = visibleFolder(ctx, args.folder_hash as string);
		const limit = Math.min((args.limit as number | undefined) ?? LIST_DEFAULT_LIMIT, settings.listMaxLimit);
		const offset = (args.offset as number | undefined) ?? 0;
		// The raw sequence is the store's order (folders, then files, by creation), REST's listing order.
		const raw = storage.listChildren(folder.hash);
		const items = visibleChildren(ctx, raw.slice(offset, offset + limit));
		const page = { folder: folderObject(ctx, folder), items, offset, limit };
		if (settings.listPaging === 'document') return { structured: page };
		const nextOffset = offset + limit < raw.length ? offset + limit : null;
		return { structured: { ...page, next_offset: nextOffset, has_more: nextOffset !== null } };
	},
});

const getFolderInfo = readTool({
	name: 'get_folder_info',
	title: 'Get folder info',
	description: 'Metadata of one visible folder, with access.can_add and access.can_edit.',
	inputSchema: objectSchema({ folder_hash: hashArg('Folder hash') }, ['folder_hash']),
	outputSchema: { type: 'object', properties: { folder: folderSchema }, required: ['folder'] },
	buckets: () => ['listing'],
	async run(args, ctx) {
		const folder = visibleFolder(ctx, args.folder_hash as string);
		return { structured: { folder: folderObject(ctx, folder) } };
	},
});

const getFileInfo = readTool({
	name: 'get_file_info',
	title: 'Get file info',
	description: 'Metadata of one visible file, with access.can_add and access.can_edit.',
	inputSchema: objectSchema({ file_hash: hashArg('File hash') }, ['file_hash']),
	outputSchema: { type: 'object', properties: { file: fileSchema }, required: ['file'] },
	buckets: () => ['fileRead'],
	async run(args, ctx) {
		const file = visibleFile(ctx, args.file_hash as string);
		return { structured: { file: fileObject(ctx, file) } };
	},
});

const readFile = readTool({
	name: 'read_file',
	title: 'Read file',
	description:
		'Content of a file the connection may download. Text files come inline as UTF-8 text; binary files up to max_bytes ' +
		'as an embedded resource with base64 blob; larger files as metadata plus a download URL. ' +
		`max_bytes defaults to and is capped at ${INLINE_READ_MAX} (25 MB).`,
	inputSchema: objectSchema(
		{
			file_hash: hashArg('File hash'),
			max_bytes: {
				type: 'integer',
				minimum: 1,
				default: INLINE_READ_MAX,
				description: 'Largest size to return inline (capped at 25 MB)',
			},
		},
		['file_hash'],
	),
	buckets: () => ['fileRead'],
	async run(args, ctx): Promise<ToolSuccess> {
		const file = visibleFile(ctx, args.file_hash as string);
		if (!canDownload(ctx, file))
			throw new ToolError('permission_denied', 'This connection has no download right on the file');
		const maxBytes = Math.min((args.max_bytes as number | undefined) ?? INLINE_READ_MAX, INLINE_READ_MAX);
		const meta = fileObject(ctx, file);
		if (file.size > maxBytes) {
			const url = new URL(ctx.state.deps.downloadLinks.urlFor(file.hash), `${ctx.baseUrl}/`).toString();
			const structured = {
				file: meta,
				delivery: 'url',
				download_url: url,
				reason: `The file is larger than max_bytes (${maxBytes})`,
			};
			return { structured };
		}
		const bytes = file.content;
		const text = isTextMime(file.mimeType) ? decodeUtf8(bytes) : undefined;
		const resource = { uri: `svc-file://${file.hash}`, mimeType: file.mimeType };
		if (text !== undefined) {
			const content =
				ctx.state.deps.settings.readFileDelivery === 'resource'
					? { type: 'resource' as const, resource: { ...resource, text } }
					: { type: 'text' as const, text };
			return { structured: { file: meta, delivery: 'text' }, content: [content] };
		}
		return {
			structured: { file: meta, delivery: 'blob' },
			content: [{ type: 'resource', resource: { ...resource, blob: bytes.toString('base64') } }],
		};
	},
});

/** The store's search over the caller's own items first, then other accounts' items the caller can see. */
function searched(ctx: PrivateToolContext, query: string): StorageItem[] {
	const { storage, accounts } = ctx.state.deps;
	const caller = ctx.principal.account.id;
	const owners = [
		caller,
		...accounts
			.all()
			.map((account) => account.id)
			.filter((id) => id !== caller),
	];
	return owners.flatMap((owner) => storage.search(owner, query)).filter((item) => canSee(ctx, item));
}

const searchFiles = readTool({
	name: 'search_files',
	title: 'Search files',
	description:
		'The central search of the web UI: matches names and indexed metadata (descriptions, tags, image text, object labels).',
	inputSchema: searchSchema(SEARCH_MAX_LIMIT, SEARCH_DEFAULT_LIMIT),
	outputSchema: {
		type: 'object',
		properties: { query: { type: 'string' }, items: { type: 'array', items: itemSchema }, count: { type: 'integer' } },
		required: ['query', 'items', 'count'],
	},
	buckets: () => ['search'],
	async run(args, ctx) {
		const query = (args.query as string).trim();
		if (query === '') throw new ToolError('invalid_argument', 'query must not be blank');
		const limit = (args.limit as number | undefined) ?? SEARCH_DEFAULT_LIMIT;
		const items = searched(ctx, query)
			.slice(0, limit)
			.map((item) => itemObject(ctx, item));
		return { structured: { query, items, count: items.length } };
	},
});

export const storageReadTools: PrivateTool[] = [
	getRootFolder,
	listFolder,
	getFolderInfo,
	getFileInfo,
	readFile,
	searchFiles,
];
