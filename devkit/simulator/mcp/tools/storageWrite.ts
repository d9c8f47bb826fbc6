import type { StorageItem } from '../../storage/store';
import type { McpSettings } from '../deps';
import { checkItemName, decodeContent, mimeTypeFor } from './content';
import { visibleFile, visibleFolder } from './items';
import { canAdd, canEdit } from './rights';
import { hashArg, nameArg, writeResultSchema, objectSchema } from './schemas';
import { MiB, ToolError, WRITE_ANNOTATIONS, privateToolKind } from './types';
import type { PrivateTool, PrivateToolContext, ToolSuccess } from './types';
import { destinationFolder, newFile, stored, writeResult } from './writeHelpers';

export const UPLOAD_MAX_BYTES = 10 * MiB;
/** The whole JSON-RPC request of an upload tool may be this large (document 2's wire limit). */
export const UPLOAD_REQUEST_MAX_BYTES = 16 * MiB;

export const writesEnabled = (s: McpSettings) => s.writesEnabled;

export const writeTool = privateToolKind(
	{
		access: 'private',
		scopes: ['files:read', 'files:write'],
		since: '1.2',
		enabled: writesEnabled,
		annotations: WRITE_ANNOTATIONS,
		outputSchema: writeResultSchema,
		buckets: () => ['writes'],
	},
	'(v1.2 write tool)',
);

const createFolder = writeTool({
	name: 'create_folder',
	title: 'Create folder',
	description:
		'Creates a folder. PRIVATE access is requested; a mandatory parent setting can override it, so the returned access_type is authoritative. ' +
		'An existing name returns name_conflict. No idempotency key: after a timeout, list the parent before retrying.',
	inputSchema: objectSchema(
		{ parent_folder_hash: hashArg('Parent folder hash'), folder_name: nameArg('New folder name') },
		['parent_folder_hash', 'folder_name'],
	),
	async run(args, ctx) {
		const parent = destinationFolder(ctx, args.parent_folder_hash as string);
		const name = checkItemName(args.folder_name as string, 'folder_name');
		// Document 2: "mandatory parent settings can override" the PRIVATE request: a LINK parent's does.
		const accessType = parent.accessType === 'LINK' ? 'LINK' : 'PRIVATE';
		const actorId = ctx.principal.account.id;
		const folder = stored(() =>
			ctx.state.deps.storage.createFolder(actorId, parent.hash, name, accessType, { onConflict: 'fail' }),
		);
		return writeResult('created', folder);
	},
});

const uploadFile = writeTool({
	name: 'upload_file',
	title: 'Upload file',
	description:
		'Adds a new file from inline content (utf8 text, or standard padded base64 without whitespace or data: prefix; up to 10 MiB decoded). ' +
		'Never replaces: an existing name returns name_conflict.',
	inputSchema: objectSchema(
		{
			folder_hash: hashArg('Destination folder hash'),
			file_name: nameArg('Destination file name'),
			content: { type: 'string' },
			encoding: { enum: ['utf8', 'base64'] },
		},
		['folder_hash', 'file_name', 'content', 'encoding'],
	),
	maxRequestBytes: UPLOAD_REQUEST_MAX_BYTES,
	async run(args, ctx) {
		const folder = destinationFolder(ctx, args.folder_hash as string);
		const name = checkItemName(args.file_name as string, 'file_name');
		const bytes = decodeContent(args.content as string, args.encoding as 'utf8' | 'base64');
		if (bytes.length > UPLOAD_MAX_BYTES)
			throw new ToolError('file_too_large', `Inline content is limited to ${UPLOAD_MAX_BYTES} bytes decoded`);
		return writeResult('created', newFile(ctx, folder, name, bytes, mimeTypeFor(name)));
	},
});

/** A locked file is neither renamed nor moved (the REST API ignores locks: document 1 names none). */
function notLocked(ctx: PrivateToolContext, item: StorageItem): void {
	if (item.type === 'file' && ctx.state.deps.storage.isFileLocked(item.hash))
		throw new ToolError('file_locked', 'The file is locked');
}

function renameItem(ctx: PrivateToolContext, item: StorageItem, rawName: string, argument: string): ToolSuccess {
	const { storage } = ctx.state.deps;
	if (item.type === 'folder' && item.isRoot)
		throw new ToolError('permission_denied', 'The ROOT folder cannot be renamed');
	if (!canEdit(ctx, item)) throw new ToolError('permission_denied', 'This connection may not rename the item');
	const name = checkItemName(rawName, argument);
	if (name === item.name) return writeResult('unchanged', item);
	notLocked(ctx, item);
	const renamed = stored(() =>
		item.type === 'file'
			? storage.renameFile(item.hash, name, { onConflict: 'fail' })
			: storage.renameFolder(item.hash, name, { onConflict: 'fail' }),
	);
	return writeResult('updated', renamed);
}

/** rename_file and rename_folder: the same tool for either kind of item. */
function renameTool(kind: 'file' | 'folder', notRoot: string): PrivateTool {
	const [hash, name] = [`${kind}_hash`, `${kind}_name`];
	return writeTool({
		name: `rename_${kind}`,
		title: `Rename ${kind}`,
		description: `Renames a ${kind}${notRoot}. The current name returns unchanged; an existing sibling name returns name_conflict.`,
		inputSchema: objectSchema(
			{ [hash]: hashArg(`${kind === 'file' ? 'File' : 'Folder'} hash`), [name]: nameArg('New name') },
			[hash, name],
		),
		async run(args, ctx) {
			const item = kind === 'file' ? visibleFile(ctx, args[hash] as string) : visibleFolder(ctx, args[hash] as string);
			return renameItem(ctx, item, args[name] as string, name);
		},
	});
}

const renameFile = renameTool('file', '');
const renameFolder = renameTool('folder', ' (not ROOT)');

function moveItem(ctx: PrivateToolContext, item: StorageItem, targetHash: string): ToolSuccess {
	const { storage } = ctx.state.deps;
	if (item.type === 'folder' && item.isRoot)
		throw new ToolError('permission_denied', 'The ROOT folder cannot be moved');
	const target = visibleFolder(ctx, targetHash);
	if (!canEdit(ctx, item))
		throw new ToolError('permission_denied', 'This connection may not remove the item from its folder');
	const currentParent = item.type === 'folder' ? item.parentHash : item.folderHash;
	if (currentParent === target.hash) return writeResult('unchanged', item);
	if (target.ownerId !== item.ownerId) {
		throw new ToolError(
			'ownership_transfer_denied',
			'Moves stay within one owner account: the target folder belongs to another owner',
		);
	}
	if (storage.isEncrypted(target.hash))
		throw new ToolError('permission_denied', 'Encrypted folders need the dedicated encryption client');
	if (!canAdd(ctx, target))
		throw new ToolError('permission_denied', 'This connection may not add items to the target folder');
	if (item.type === 'folder' && storage.isSameOrInside(target.hash, item.hash)) {
		throw new ToolError('invalid_argument', 'A folder cannot move into itself or its descendants');
	}
	notLocked(ctx, item);
	// A moved file takes the target folder's access type (the store's rule); a folder keeps its own.
	const moved = stored(() =>
		item.type === 'file'
			? storage.moveFile(item.hash, target.hash, { onConflict: 'fail' })
			: storage.moveFolder(item.hash, target.hash, { onConflict: 'fail' }),
	);
	return writeResult('updated', moved);
}

const moveFile = writeTool({
	name: 'move_file',
	title: 'Move file',
	description:
		'Moves a file keeping its name, within one owner account; needs removal and addition rights. The current parent returns unchanged. ' +
		'Destination sharing may change effective access.',
	inputSchema: objectSchema({ file_hash: hashArg('File hash'), target_folder_hash: hashArg('Target folder hash') }, [
		'file_hash',
		'target_folder_hash',
	]),
	async run(args, ctx) {
		return moveItem(ctx, visibleFile(ctx, args.file_hash as string), args.target_folder_hash as string);
	},
});

const moveFolder = writeTool({
	name: 'move_folder',
	title: 'Move folder',
	description:
		'Moves a folder keeping its name, within one owner account; not ROOT, not into itself or its descendants. The current parent returns unchanged.',
	inputSchema: objectSchema(
		{ folder_hash: hashArg('Folder hash'), target_folder_hash: hashArg('Target folder hash') },
		['folder_hash', 'target_folder_hash'],
	),
	async run(args, ctx) {
		return moveItem(ctx, visibleFolder(ctx, args.folder_hash as string), args.target_folder_hash as string);
	},
});

export const storageWriteToolsBeforeImport: PrivateTool[] = [createFolder, uploadFile];
export const storageWriteToolsAfterImport: PrivateTool[] = [renameFile, renameFolder, moveFile, moveFolder];
