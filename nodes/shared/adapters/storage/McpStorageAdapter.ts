import type { IDataObject } from 'n8n-workflow';

import { publicSourceBytes } from '../../transport/publicSource';
import type { ServiceContext } from '../../transport/http';
import { callTimeout, type ItemTimeout } from '../../transport/timeouts';
import type { McpClient, McpCredentialType } from '../../transport/mcp';
import type { StorageDownload } from '../../transport/storageApi';
import type { StorageCall } from '../../transport/catalogue/storage';
import type { McpTool } from '../../transport/mcp/toolCatalogue';
import { MCP_TOOLS } from '../../transport/mcp/toolCatalogue';
import { listField, McpTools, objectField, type McpCallContext } from '../mcpTools';
import { fileFromReadResult, MCP_UPLOAD_MAX_BYTES, mib, readWhole } from './mcpFileContent';
import {
	createdFolderFromMcp,
	entryFromMcp,
	fileInfoFromMcp,
	folderInfoFromMcp,
	foundFileFromMcp,
	MCP_ANSWERS,
	movedFolderFromMcp,
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
} from './port';
import { lackedBy, requestOf, type CallInput } from './calls';
import { namedRootHash, type EntryKind } from './entryFields';
import { listFolderItems } from './mcpListing';
import {
	refuseFolderOverMcp,
	refuseRootOverMcp,
	refuseTooLargeOverMcp,
	refuseUploadOptionsOverMcp,
} from './mcpRefusals';
import { runningNodeOf } from '../../transport/runningNode';

/**
 * The MCP endpoint's storage tools as a StorageAdapter, with the REST API's output
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
		itemTimeout: ItemTimeout = () => undefined,
	) {
		this.tools = new McpTools(client, credentialType, itemTimeout);
	}

	async close(): Promise<void> {
		await this.client.close();
	}

	/**
	 * A create, upload or import, settled by the storage service: the item it wrote. Not async, nor is `write`: a
	 * write's request stands on no frame of theirs.
	 */
	private created(tool: McpTool, args: IDataObject, context: McpCallContext): Promise<IDataObject> {
		return this.tools.structured(tool, args, context).then(writtenItem);
	}

	/** A write whose unknown outcome is reported as such (mcpTools.ts): its structured result. */
	private write(tool: McpTool, args: IDataObject, purpose: string, itemIndex: number): Promise<IDataObject> {
		return this.tools.structured(tool, args, { purpose, itemIndex });
	}

	async rootFolderHash(itemIndex: number): Promise<string> {
		if (this.rootHash) return this.rootHash;
		const outcome = await this.tools.call(MCP_TOOLS.getRootFolder, {}, { purpose: 'read the ROOT folder', itemIndex });
		const hash = namedRootHash(
			this.ctx.getNode(),
			objectField(outcome.structured ?? {}, 'folder').hash,
			'MCP endpoint (svc_get_root_folder)',
			itemIndex,
		);
		this.rootHash = hash;
		return hash;
	}

	async listFolder(folderHash: string, options: { accessRights?: boolean }, itemIndex: number): Promise<IDataObject[]> {
		const items = await listFolderItems(this.tools, runningNodeOf(this.ctx), folderHash, itemIndex);
		return items.map((item) => entryFromMcp(item, options.accessRights === true));
	}

	async getFolderInfo(
		folderHash: string,
		options: { accessRights?: boolean },
		itemIndex: number,
	): Promise<IDataObject> {
		return folderInfoFromMcp(await this.info('folder', folderHash, itemIndex), options.accessRights === true);
	}

	async getFileInfo(fileHash: string, options: { accessRights?: boolean }, itemIndex: number): Promise<IDataObject> {
		return fileInfoFromMcp(await this.info('file', fileHash, itemIndex), options.accessRights === true);
	}

	/** The MCP endpoint's rules for a new folder (mcpRefusals.ts) before its snapshot. */
	async prepareCreateFolder(input: NewFolder, itemIndex: number): Promise<PreparedWrite> {
		const name = input.name?.trim() ?? '';
		refuseFolderOverMcp(runningNodeOf(this.ctx), input, itemIndex);
		const folderHash = input.parentHash || (await this.rootFolderHash(itemIndex));
		return {
			folderHash,
			name,
			send: async (leaving) => {
				const args = { parent_folder_hash: folderHash, folder_name: name };
				const purpose = `create the folder "${name}"`;
				return createdFolderFromMcp(await this.created(MCP_TOOLS.createFolder, args, { purpose, itemIndex, leaving }));
			},
		};
	}

	async writtenEntry(kind: EntryKind, hash: string, _folderHash: string, itemIndex: number): Promise<WriteResult> {
		const item = await this.info(kind, hash, itemIndex);
		return kind === 'folder' ? createdFolderFromMcp(item) : uploadedFileFromMcp(item);
	}

	/** An action through its catalogue entry: `unchanged: true` when the service reports the item already was as asked. */
	async call(action: StorageCall, input: CallInput, itemIndex: number): Promise<IDataObject> {
		if (!action.mcp) throw lackedBy(this.ctx.getNode(), action, this.kind, itemIndex);
		const context = { purpose: action.purpose, itemIndex };
		const structured = await this.tools.structured(action.mcp, requestOf(action, input, this.kind), context);
		const answer = action.gives?.mcp ? MCP_ANSWERS[action.gives.mcp](structured) : structured;
		return structured.status === 'unchanged' ? { ...answer, unchanged: true } : answer;
	}

	/** svc_get_folder_info or svc_get_file_info: the item's object. */
	private async info(kind: 'file' | 'folder', hash: string, itemIndex: number): Promise<IDataObject> {
		const tool = kind === 'file' ? MCP_TOOLS.getFileInfo : MCP_TOOLS.getFolderInfo;
		const outcome = await this.tools.call(tool, { [`${kind}_hash`]: hash }, { purpose: `read the ${kind}`, itemIndex });
		return objectField(outcome.structured ?? {}, kind);
	}

	/**
	 * A rename or move, its output as REST gives it; `unchanged: true` when the service reports the item
	 * already was as asked (the MCP endpoint's rule 5).
	 */
	private change(
		tool: McpTool,
		args: IDataObject,
		purpose: string,
		itemIndex: number,
		output: (item: IDataObject) => IDataObject,
	): Promise<IDataObject> {
		return this.write(tool, args, purpose, itemIndex).then((structured) => {
			const result = output(writtenItem(structured));
			return structured.status === 'unchanged' ? { ...result, unchanged: true } : result;
		});
	}

	async renameFolder(folderHash: string, name: string, itemIndex: number): Promise<IDataObject> {
		refuseRootOverMcp(runningNodeOf(this.ctx), folderHash, this.rootHash, 'renamed', itemIndex);
		const args = { folder_hash: folderHash, folder_name: name };
		return await this.change(MCP_TOOLS.renameFolder, args, 'rename the folder', itemIndex, renamedFolderFromMcp);
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
		refuseUploadOptionsOverMcp(runningNodeOf(this.ctx), options, itemIndex);
		const tooLarge = (size: number): never => refuseTooLargeOverMcp(this.ctx.getNode(), mib(size), itemIndex);
		const content = (await readWhole(source, MCP_UPLOAD_MAX_BYTES, tooLarge)).toString('base64');
		return {
			folderHash,
			name: source.fileName,
			send: async (leaving) => {
				const args = { folder_hash: folderHash, file_name: source.fileName, content, encoding: 'base64' };
				const purpose = `upload the file "${source.fileName}"`;
				return uploadedFileFromMcp(await this.created(MCP_TOOLS.uploadFile, args, { purpose, itemIndex, leaving }));
			},
		};
	}

	async downloadFile(fileHash: string, itemIndex: number): Promise<StorageDownload> {
		const outcome = await this.tools.call(
			MCP_TOOLS.downloadFile,
			{ file_hash: fileHash },
			{ purpose: 'download the file', itemIndex },
		);
		return await fileFromReadResult(
			this.ctx,
			outcome,
			callTimeout(this.ctx, this.tools.itemTimeout(itemIndex)),
			itemIndex,
		);
	}

	// MCP-only operations

	async searchFiles(query: string, limit: number, itemIndex: number): Promise<IDataObject[]> {
		const found = await this.tools.structured(
			MCP_TOOLS.searchFiles,
			{ query, limit },
			{ purpose: 'search files', itemIndex },
		);
		return listField(found, 'items').map(foundFileFromMcp);
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
		const sourceUrl = 'sourceUrl' in source ? source.sourceUrl : source.file.download_url;
		return {
			folderHash,
			name: fileName,
			content: { open: () => publicSourceBytes(this.ctx, sourceUrl) },
			send: async (leaving) => {
				const purpose = `import the file "${fileName}"`;
				const context = { purpose, itemIndex, leaving };
				const structured = await this.tools.structured(MCP_TOOLS.importFile, args, context);
				return { ...uploadedFileFromMcp(writtenItem(structured)), status: String(structured.status ?? 'created') };
			},
		};
	}

	async moveFolder(folderHash: string, targetFolderHash: string, itemIndex: number): Promise<IDataObject> {
		refuseRootOverMcp(runningNodeOf(this.ctx), folderHash, this.rootHash, 'moved', itemIndex);
		const structured = await this.write(
			MCP_TOOLS.moveFolder,
			{ folder_hash: folderHash, target_folder_hash: targetFolderHash },
			'move the folder',
			itemIndex,
		);
		return movedFolderFromMcp(writtenItem(structured), String(structured.status ?? 'updated'));
	}
}
