import type { IDataObject } from 'n8n-workflow';

import type { EntryKind } from '../../adapters/storage/entryFields';
import type { ImportSource, WriteResult } from '../../adapters/storage/port';
import type { StorageService } from '../storage/StorageService';
import { decodeBase64 } from '../../transport/base64';
import { isToolOf, MCP_TOOLS } from '../../transport/mcp/toolCatalogue';
import type { McpTool } from '../../transport/mcp/toolCatalogue';

/**
 * What a Tool → Call of a documented storage write tool is, so that it runs as that write (DESIGN: "Tool → Call of a
 * known `svc_` write tool runs as the write it is"): svc_create_folder, svc_upload_file and svc_import_file creates,
 * through the create path of Folder → Create, File → Upload and Import From URL; the renames and moves sets, settled
 * by reading the item. Any other tool that may write is a send.
 */
export type ToolWrite =
	| { kind: 'createFolder'; parent: string; name: string }
	| { kind: 'upload'; folder: string; name: string; bytes: Buffer }
	| { kind: 'import'; folder: string; name: string; source: ImportSource }
	| { kind: 'rename'; entry: EntryKind; hash: string; name: string }
	| { kind: 'move'; entry: EntryKind; hash: string; target: string }
	| { kind: 'send' };

const text = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);

/** The tool's write, when its name is a documented one and its arguments are what the MCP endpoint documents. */
export function toolWriteOf(name: string, args: IDataObject): ToolWrite {
	const is = (tool: McpTool) => isToolOf(name, tool);
	const parent = text(args.parent_folder_hash);
	const folderName = typeof args.folder_name === 'string' ? args.folder_name : undefined;
	if (is(MCP_TOOLS.createFolder) && parent && folderName !== undefined)
		return { kind: 'createFolder', parent, name: folderName };
	const folder = text(args.folder_hash);
	const fileName = text(args.file_name);
	const bytes = contentOf(args);
	if (is(MCP_TOOLS.uploadFile) && folder && fileName && bytes) return { kind: 'upload', folder, name: fileName, bytes };
	const source = importSourceOf(args);
	if (is(MCP_TOOLS.importFile) && folder && fileName && source)
		return { kind: 'import', folder, name: fileName, source };
	for (const [tool, entry, hash, named] of [
		[MCP_TOOLS.renameFile, 'file', args.file_hash, args.file_name],
		[MCP_TOOLS.renameFolder, 'folder', args.folder_hash, args.folder_name],
	] as const)
		if (is(tool) && text(hash) && typeof named === 'string')
			return { kind: 'rename', entry, hash: hash as string, name: named };
	for (const [tool, entry, hash] of [
		[MCP_TOOLS.moveFile, 'file', args.file_hash],
		[MCP_TOOLS.moveFolder, 'folder', args.folder_hash],
	] as const)
		if (is(tool) && text(hash) && text(args.target_folder_hash))
			return { kind: 'move', entry, hash: hash as string, target: args.target_folder_hash as string };
	return { kind: 'send' };
}

/** svc_upload_file's content as bytes (`utf8` or standard base64), or undefined for anything the endpoint refuses. */
function contentOf(args: IDataObject): Buffer | undefined {
	if (typeof args.content !== 'string') return undefined;
	if (args.encoding === 'utf8') return Buffer.from(args.content, 'utf8');
	return args.encoding === 'base64' ? decodeBase64(args.content) : undefined;
}

/** svc_import_file's source: exactly one of `source_url` or `file` (the MCP endpoint's rule 9). */
function importSourceOf(args: IDataObject): ImportSource | undefined {
	const url = text(args.source_url);
	const file = args.file;
	const isFile = typeof file === 'object' && file !== null && !Array.isArray(file);
	if (url && !isFile) return { sourceUrl: url };
	if (isFile && !url && text((file as IDataObject).download_url) && text((file as IDataObject).file_id))
		return { file: file as Extract<ImportSource, { file: unknown }>['file'] };
	return undefined;
}

/** A storage item as a write tool's result gives it (`status`, `item`), from the REST fields the service uses. */
export function toolResultOf(status: string, entry: EntryKind, fields: IDataObject, parent?: string): IDataObject {
	const hash = fields[`${entry}_hash`] ?? fields.hash ?? null;
	const name = fields[`${entry}_name`] ?? fields.name ?? null;
	const parentHash = parent ?? fields[entry === 'file' ? 'folder_hash' : 'parent_folder_hash'] ?? null;
	return {
		status,
		item: { type: entry, hash, name, parent_folder_hash: parentHash, access_type: fields.access_type ?? null },
	};
}

/** Names of fields a tool result's record never keeps: keys, tokens, secrets. */
const SECRET = /key|token|secret|pass|session|auth|cookie/i;

/** What of a tool's answer a record keeps (exactlyOnce/sends.ts `kept`): its JSON without any key, token or secret. */
export function keptOfToolResult(json: IDataObject): IDataObject {
	const keep = (value: unknown): unknown => {
		if (Array.isArray(value)) return value.map(keep);
		if (value && typeof value === 'object')
			return Object.fromEntries(
				Object.entries(value as IDataObject)
					.filter(([field]) => !SECRET.test(field))
					.map(([field, inner]) => [field, keep(inner)]),
			);
		return value;
	};
	return JSON.parse(JSON.stringify(keep(json)) ?? '{}') as IDataObject;
}

/** A create by Tool → Call, as its operation makes it (Folder → Create, File → Upload, Import From URL). */
type CreateByTool = Extract<ToolWrite, { kind: 'createFolder' | 'upload' | 'import' }>;

/**
 * A create by Tool → Call through the create path its operation takes (the executor's: settled by what it wrote),
 * output as the tool's result (`status`, `item`) with the executor's marks.
 */
export async function createdByTool(service: StorageService, write: CreateByTool, itemIndex: number) {
	let result: WriteResult;
	if (write.kind === 'createFolder')
		result = await service.createFolder({ parentHash: write.parent, name: write.name }, itemIndex);
	else if (write.kind === 'import')
		result = await service.importFile(write.folder, write.name, write.source, itemIndex);
	else {
		const { bytes } = write;
		const source = {
			fileName: write.name,
			mimeType: 'application/octet-stream',
			size: bytes.length,
			open: async function* () {
				yield bytes;
			},
		};
		result = await service.uploadFile(write.folder, source, {}, itemIndex);
	}
	const { reconciled, reconciledWhy, earlierWrite, status, ...fields } = result;
	const entry = write.kind === 'createFolder' ? 'folder' : 'file';
	const into = write.kind === 'createFolder' ? write.parent : write.folder;
	const marks = Object.entries({ reconciled, reconciledWhy, earlierWrite }).filter(([, value]) => value !== undefined);
	const json = toolResultOf(typeof status === 'string' ? status : 'created', entry, fields, into);
	return { ...json, ...Object.fromEntries(marks) } as IDataObject;
}
