import type { IDataObject } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import type { ServiceContext } from '../../transport/http';
import { timeoutFor } from '../../transport/http';
import type { McpClient, McpCredentialType, McpToolOutcome } from '../../transport/mcp';
import type { StorageDownload } from '../../transport/storage';
import type { McpTool } from '../../transport/mcp/toolCatalogue';
import { MCP_TOOLS } from '../../transport/mcp/toolCatalogue';
import type { McpCallContext } from '../mcpTools';
import { listField, McpTools, objectField } from '../mcpTools';
import { fileFromReadResult, MCP_UPLOAD_MAX_BYTES, mib, readWhole } from './mcpFileContent';
import {
	createdFolderFromMcp,
	entryFromMcp,
	fileInfoFromMcp,
	folderInfoFromMcp,
	movedFileFromMcp,
	movedFolderFromMcp,
	renamedFileFromMcp,
	renamedFolderFromMcp,
	uploadedFileFromMcp,
	writtenItem,
} from './mcpEntries';
import type {
	ImportSource,
	NewFolder,
	PreparedWrite,
	StorageAdapter,
	UploadOptions,
	UploadSource,
	WriteResult,
} from './types';
import { namedRootHash } from './entryFields';

/** Raw entries asked for per svc_list_folder page (the simulator's maximum; larger values are capped). */
const LIST_PAGE = 200;
/** A listing that never ends is a service fault, not a folder: stop after this many pages. */
const MAX_LIST_PAGES = 10_000;

/**
 * The MCP endpoint's storage tools (the MCP endpoint) as a StorageAdapter, with the REST API's output
 * fields (mcpEntries.ts). Differences a user sees:
 *
 * - Name conflicts are errors (`name_conflict`): MCP never adds a number to a taken name.
 * - Create Folder always requests PRIVATE (the service's answer is authoritative) and needs a name.
 * - Uploads are sent inline as base64, at most 10 MiB; larger files need the REST credential.
 * - Downloads come inline (text or base64) up to 25 MB, larger ones from the URL the service
 *   gives, fetched as a stream through n8n's request helper without credentials.
 * - Create Folder, Upload and Import have no idempotency key: the storage service settles an
 *   unknown outcome by listing the destination, never by writing again blindly.
 */
export class McpStorageAdapter implements StorageAdapter {
	readonly kind = 'mcp' as const;

	private rootHash?: string;

	readonly tools: McpTools;

	constructor(
		private readonly ctx: ServiceContext,
		readonly client: McpClient,
		credentialType: McpCredentialType,
		/** The request timeout for an item (each item may set its own). */
		private readonly timeoutFor: (itemIndex: number) => number | undefined = () => undefined,
	) {
		this.tools = new McpTools(client, credentialType);
	}

	async close(): Promise<void> {
		await this.client.close();
	}

	private async call(
		tool: McpTool,
		args: IDataObject,
		context: Omit<McpCallContext, 'timeoutMs'>,
	): Promise<McpToolOutcome> {
		return await this.tools.call(tool, args, { ...context, timeoutMs: this.timeoutFor(context.itemIndex) });
	}

	private async write(
		tool: McpTool,
		args: IDataObject,
		action: string,
		itemIndex: number,
		reconciled = false,
	): Promise<IDataObject> {
		const outcome = await this.call(tool, args, { action, itemIndex, reconciled });
		return outcome.structured ?? {};
	}

	async rootFolderHash(itemIndex: number): Promise<string> {
		if (this.rootHash) return this.rootHash;
		const outcome = await this.call(MCP_TOOLS.getRootFolder, {}, { action: 'read the ROOT folder', itemIndex });
		const hash = namedRootHash(
			this.ctx.getNode(),
			objectField(outcome.structured ?? {}, 'folder').hash,
			'MCP endpoint (svc_get_root_folder)',
			itemIndex,
		);
		this.rootHash = hash;
		return hash;
	}

	/**
	 * Every visible item of a folder, as MCP objects, paged as the MCP endpoint defines it: `limit` and
	 * `offset`, where offsets address the raw sequence and a page may be short after access
	 * filtering. The next offset is the raw window the server says it scanned (its `limit`), or
	 * the visible count when it does not say (never skipping an entry; repeats are dropped by
	 * hash); an empty page ends the listing. A server's own `has_more` / `next_offset` are
	 * followed when present. A listing that does not end within MAX_LIST_PAGES is an error.
	 */
	async listRaw(folderHash: string, itemIndex: number): Promise<IDataObject[]> {
		const items: IDataObject[] = [];
		const seen = new Set<string>();
		let offset = 0;
		for (let page = 0; page < MAX_LIST_PAGES; page++) {
			const outcome = await this.call(
				MCP_TOOLS.listFolder,
				{ folder_hash: folderHash, limit: LIST_PAGE, offset },
				{ action: 'list the folder', itemIndex },
			);
			const structured = outcome.structured ?? {};
			const pageItems = listField(structured, 'items');
			for (const item of pageItems) {
				const hash = String(item.hash);
				if (seen.has(hash)) continue;
				seen.add(hash);
				items.push(item);
			}
			const scanned =
				typeof structured.limit === 'number' && structured.limit > 0 ? structured.limit : pageItems.length;
			if (typeof structured.has_more === 'boolean') {
				if (!structured.has_more) return items;
				const next =
					typeof structured.next_offset === 'number' ? structured.next_offset : offset + Math.max(scanned, 1);
				offset = next > offset ? next : offset + Math.max(scanned, 1);
				continue;
			}
			if (pageItems.length === 0) return items;
			offset += scanned;
		}
		throw new NodeApiError(
			this.ctx.getNode(),
			{ message: 'listing did not end' },
			{
				message: `Svc's MCP endpoint kept listing the folder past ${MAX_LIST_PAGES} pages`,
				description:
					'The listing was stopped rather than returned incomplete. Try again; if it persists, list ' +
					'the folder with the Svc Storage API credential.',
				itemIndex,
			},
		);
	}

	async listFolder(folderHash: string, options: { accessRights?: boolean }, itemIndex: number): Promise<IDataObject[]> {
		return (await this.listRaw(folderHash, itemIndex)).map((item) => entryFromMcp(item, options.accessRights === true));
	}

	async getFolderInfo(
		folderHash: string,
		options: { accessRights?: boolean },
		itemIndex: number,
	): Promise<IDataObject> {
		const outcome = await this.call(
			MCP_TOOLS.getFolderInfo,
			{ folder_hash: folderHash },
			{ action: 'read the folder', itemIndex },
		);
		return folderInfoFromMcp(objectField(outcome.structured ?? {}, 'folder'), options.accessRights === true);
	}

	async getFileInfo(fileHash: string, options: { accessRights?: boolean }, itemIndex: number): Promise<IDataObject> {
		const outcome = await this.call(
			MCP_TOOLS.getFileInfo,
			{ file_hash: fileHash },
			{ action: 'read the file', itemIndex },
		);
		return fileInfoFromMcp(objectField(outcome.structured ?? {}, 'file'), options.accessRights === true);
	}

	private refuse(message: string, description: string, itemIndex: number): never {
		throw new NodeOperationError(this.ctx.getNode(), message, { itemIndex, description });
	}

	/** svc_create_folder needs a name and requests PRIVATE access (the MCP endpoint's rule 2). */
	async prepareCreateFolder(input: NewFolder, itemIndex: number): Promise<PreparedWrite> {
		const name = input.name?.trim() ?? '';
		if (!name) {
			this.refuse(
				'The parameter "Folder Name" is empty',
				"Svc's MCP endpoint needs a name for a new folder (only the Svc Storage API credential picks a random one).",
				itemIndex,
			);
		}
		if (input.accessType && input.accessType !== 'PRIVATE') {
			this.refuse(
				`The access type ${input.accessType} cannot be requested over Svc's MCP endpoint`,
				"Folders created over MCP request PRIVATE access (the folder's settings may override it). " +
					'Use the Svc Storage API credential to create LINK folders.',
				itemIndex,
			);
		}
		const folderHash = input.parentHash || (await this.rootFolderHash(itemIndex));
		return {
			folderHash,
			name,
			send: async () =>
				createdFolderFromMcp(
					writtenItem(
						await this.write(
							MCP_TOOLS.createFolder,
							{ parent_folder_hash: folderHash, folder_name: name },
							`create the folder "${name}"`,
							itemIndex,
							true,
						),
					),
				),
		};
	}

	async createdFolder(folderHash: string, itemIndex: number): Promise<WriteResult> {
		const outcome = await this.call(
			MCP_TOOLS.getFolderInfo,
			{ folder_hash: folderHash },
			{ action: 'read the folder', itemIndex },
		);
		return createdFolderFromMcp(objectField(outcome.structured ?? {}, 'folder'));
	}

	/** `unchanged: true` when the service reports the item already was as asked (the MCP endpoint's rule 5). */
	private withStatus(result: IDataObject, structured: IDataObject): IDataObject {
		return structured.status === 'unchanged' ? { ...result, unchanged: true } : result;
	}

	async renameFolder(folderHash: string, name: string, itemIndex: number): Promise<IDataObject> {
		await this.refuseRoot(folderHash, 'renamed', itemIndex);
		const structured = await this.write(
			MCP_TOOLS.renameFolder,
			{ folder_hash: folderHash, folder_name: name },
			'rename the folder',
			itemIndex,
		);
		return this.withStatus(renamedFolderFromMcp(writtenItem(structured)), structured);
	}

	private async refuseRoot(folderHash: string, what: 'renamed' | 'moved', itemIndex: number): Promise<void> {
		if (this.rootHash === undefined || folderHash !== this.rootHash) return;
		this.refuse(
			`The ROOT folder cannot be ${what}`,
			`Svc does not allow that. Choose a folder inside ROOT.`,
			itemIndex,
		);
	}

	/**
	 * svc_upload_file sends the file inline (the MCP endpoint: at most 10 MiB), read whole once before the
	 * first attempt.
	 */
	async prepareUpload(
		folderHash: string,
		source: UploadSource,
		options: UploadOptions,
		itemIndex: number,
	): Promise<PreparedWrite> {
		const restOnly = [
			options.folderUploadKey ? 'Folder Upload Key' : '',
			options.watermarkText ? 'Watermark Text' : '',
		].filter(Boolean);
		if (restOnly.length > 0) {
			this.refuse(
				`The option "${restOnly[0]}" is not available over Svc's MCP endpoint`,
				'Upload keys and watermarks belong to the storage REST API. Use the Svc Storage API credential, ' +
					'or remove the option.',
				itemIndex,
			);
		}
		const tooLarge = (size: number): never =>
			this.refuse(
				`The file is too large for Svc's MCP endpoint (${mib(size)}; the limit is 10 MiB)`,
				'The MCP endpoint accepts uploads of at most 10 MiB (sent inline). Use the Svc Storage API ' +
					'credential for larger files, or Import From URL when the file is at a public HTTPS address.',
				itemIndex,
			);
		const content = (await readWhole(source, MCP_UPLOAD_MAX_BYTES, tooLarge)).toString('base64');
		return {
			folderHash,
			name: source.fileName,
			send: async () =>
				uploadedFileFromMcp(
					writtenItem(
						await this.write(
							MCP_TOOLS.uploadFile,
							{ folder_hash: folderHash, file_name: source.fileName, content, encoding: 'base64' },
							`upload the file "${source.fileName}"`,
							itemIndex,
							true,
						),
					),
				),
		};
	}

	async uploadedFile(fileHash: string, _folderHash: string, itemIndex: number): Promise<WriteResult> {
		const outcome = await this.call(
			MCP_TOOLS.getFileInfo,
			{ file_hash: fileHash },
			{ action: 'read the file', itemIndex },
		);
		return uploadedFileFromMcp(objectField(outcome.structured ?? {}, 'file'));
	}

	async downloadFile(fileHash: string, itemIndex: number): Promise<StorageDownload> {
		const outcome = await this.call(
			MCP_TOOLS.readFile,
			{ file_hash: fileHash },
			{ action: 'download the file', itemIndex },
		);
		return await fileFromReadResult(this.ctx, outcome, timeoutFor(this.ctx, this.timeoutFor(itemIndex)), itemIndex);
	}

	async renameFile(fileHash: string, name: string, itemIndex: number): Promise<IDataObject> {
		const structured = await this.write(
			MCP_TOOLS.renameFile,
			{ file_hash: fileHash, file_name: name },
			'rename the file',
			itemIndex,
		);
		return this.withStatus(renamedFileFromMcp(writtenItem(structured)), structured);
	}

	async moveFile(fileHash: string, targetFolderHash: string, itemIndex: number): Promise<IDataObject> {
		const structured = await this.write(
			MCP_TOOLS.moveFile,
			{ file_hash: fileHash, target_folder_hash: targetFolderHash },
			'move the file',
			itemIndex,
		);
		return this.withStatus(movedFileFromMcp(writtenItem(structured)), structured);
	}

	// MCP-only operations

	async searchFiles(query: string, limit: number, itemIndex: number): Promise<IDataObject[]> {
		const outcome = await this.call(MCP_TOOLS.searchFiles, { query, limit }, { action: 'search files', itemIndex });
		return listField(outcome.structured ?? {}, 'items').map((item) => ({
			...entryFromMcp(item),
			...(typeof item.description === 'string' ? { description: item.description } : {}),
			...(Array.isArray(item.tags) ? { tags: item.tags } : {}),
		}));
	}

	async prepareImport(
		folderHash: string,
		fileName: string,
		source: ImportSource,
		itemIndex: number,
	): Promise<PreparedWrite> {
		const args: IDataObject = { folder_hash: folderHash, file_name: fileName };
		if ('sourceUrl' in source) args.source_url = source.sourceUrl;
		else args.file = source.file as unknown as IDataObject;
		return {
			folderHash,
			name: fileName,
			send: async () => {
				const structured = await this.write(
					MCP_TOOLS.importFile,
					args,
					`import the file "${fileName}"`,
					itemIndex,
					true,
				);
				return { ...uploadedFileFromMcp(writtenItem(structured)), status: String(structured.status ?? 'created') };
			},
		};
	}

	async moveFolder(folderHash: string, targetFolderHash: string, itemIndex: number): Promise<IDataObject> {
		await this.refuseRoot(folderHash, 'moved', itemIndex);
		const structured = await this.write(
			MCP_TOOLS.moveFolder,
			{ folder_hash: folderHash, target_folder_hash: targetFolderHash },
			'move the folder',
			itemIndex,
		);
		return movedFolderFromMcp(writtenItem(structured), String(structured.status ?? 'updated'));
	}
}
