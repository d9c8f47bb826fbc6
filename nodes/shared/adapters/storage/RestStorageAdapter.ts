import type { IDataObject } from 'n8n-workflow';

import type { ItemTimeout } from '../../transport/timeouts';
import type { ServiceContext } from '../../transport/http';
import { streamedFile } from '../../transport/multipart';
import type { StorageDownload, StorageFields } from '../../transport/storageApi';
import type { StorageCall } from '../../transport/catalogue/storage';
import type { RestAction } from '../../transport/restCatalogue';
import { REST } from '../../transport/restCatalogue';
import { asObject, callStorageAction, downloadFromStorage, uploadToStorage } from '../../transport/storageApi';
import { lackedBy, requestOf, type CallInput } from './calls';
import { accountIdOf, rootHashOf, namedRootHash } from './entryFields';
import { createdFolderFromInfo, listedEntries, uploadedFileFromInfo } from './restEntries';
import type { EntryKind } from './entryFields';
import type {
	NewFolder,
	PreparedWrite,
	RestCall,
	StorageAdapter,
	UploadOptions,
	UploadSource,
	WriteResult,
} from './port';
import { runningNodeOf } from '../../transport/runningNode';

/** The storage REST API as a StorageAdapter. */
export class RestStorageAdapter implements StorageAdapter {
	readonly kind = 'rest' as const;

	private account?: Promise<IDataObject>;

	constructor(
		private readonly ctx: ServiceContext,
		/** The request timeout for an item (each item may set its own). */
		private readonly itemTimeout: ItemTimeout = () => undefined,
	) {}

	async close(): Promise<void> {}

	/**
	 * One storage API action (its row) for an item, with that item's timeout. Not async, here and in the write paths
	 * below: a promise handed on (its answer shaped in `then`) adds no frame above the request.
	 */
	private send(row: RestAction, fields: StorageFields, purpose: string, itemIndex: number): Promise<unknown> {
		const options = { purpose, itemIndex, timeoutMs: this.itemTimeout(itemIndex) };
		return callStorageAction(this.ctx, row, fields, options).then(({ body }) => body);
	}

	async rootFolderHash(itemIndex: number): Promise<string> {
		const data = await this.accountData(itemIndex);
		return namedRootHash(runningNodeOf(this.ctx), rootHashOf(data), 'account data', itemIndex);
	}

	async accountId(itemIndex: number): Promise<string | undefined> {
		return accountIdOf(await this.accountData(itemIndex));
	}

	/** The account data (/api/authenticate_user.php), read once per execution (again after a failed read). */
	private async accountData(itemIndex: number): Promise<IDataObject> {
		// Awaited, not chained: the request's stack keeps the frames that asked for it.
		return await (this.account ??= this.readAccountData(itemIndex));
	}

	private async readAccountData(itemIndex: number): Promise<IDataObject> {
		let read = false;
		try {
			const { body } = await callStorageAction(
				this.ctx,
				REST.authenticateUser,
				{},
				{ purpose: 'read the account data', itemIndex, timeoutMs: this.itemTimeout(itemIndex) },
			);
			read = true;
			return asObject(body);
		} finally {
			if (!read) this.account = undefined;
		}
	}

	/** Create Folder takes no parent for ROOT and makes up a name when none is given (the storage API). */
	async prepareCreateFolder(input: NewFolder, itemIndex: number): Promise<PreparedWrite> {
		const folderHash = input.parentHash || (await this.rootFolderHash(itemIndex));
		const name = input.name ?? '';
		return {
			folderHash,
			name,
			send: async () => {
				const fields = { parent_folder_hash: input.parentHash, folder_name: input.name, access_type: input.accessType };
				const purpose = `create ${name ? `the folder "${name}"` : 'the new folder'}`;
				return asObject(await this.send(REST.createFolder, fields, purpose, itemIndex));
			},
		};
	}

	async writtenEntry(kind: EntryKind, hash: string, folderHash: string, itemIndex: number): Promise<WriteResult> {
		if (kind === 'folder') return createdFolderFromInfo(hash, await this.getFolderInfo(hash, {}, itemIndex));
		return uploadedFileFromInfo(hash, folderHash, await this.getFileInfo(hash, {}, itemIndex));
	}

	async call(action: StorageCall, input: CallInput, itemIndex: number): Promise<IDataObject> {
		if (!action.rest) throw lackedBy(this.ctx.getNode(), action, this.kind, itemIndex);
		const fields = requestOf(action, input, this.kind) as StorageFields;
		const answer = asObject(await this.send(action.rest, fields, action.purpose, itemIndex));
		return action.gives?.rest === 'asked' ? (fields as IDataObject) : answer;
	}

	async listFolder(folderHash: string, options: { accessRights?: boolean }, itemIndex: number): Promise<IDataObject[]> {
		const body = await this.send(
			REST.getFolderContent,
			{ folder_hash: folderHash, get_access_rights: options.accessRights ? true : undefined },
			'list the folder',
			itemIndex,
		);
		return listedEntries(body);
	}

	/** File and folder info: the same call for either kind. */
	private async info(
		kind: 'file' | 'folder',
		hash: string,
		options: { accessRights?: boolean },
		itemIndex: number,
	): Promise<IDataObject> {
		const fields = { [`${kind}_hash`]: hash, get_access_rights: options.accessRights ? true : undefined };
		return asObject(
			await this.send(kind === 'file' ? REST.getFileInfo : REST.getFolderInfo, fields, `read the ${kind}`, itemIndex),
		);
	}

	async getFolderInfo(
		folderHash: string,
		options: { accessRights?: boolean },
		itemIndex: number,
	): Promise<IDataObject> {
		return await this.info('folder', folderHash, options, itemIndex);
	}

	renameFolder(folderHash: string, name: string, itemIndex: number): Promise<IDataObject> {
		const fields = { folder_hash: folderHash, folder_name: name };
		return this.send(REST.renameFolder, fields, 'rename the folder', itemIndex).then(asObject);
	}

	/** An upload streams the file part from its source, a new form for each attempt. */
	async prepareUpload(
		folderHash: string,
		source: UploadSource,
		options: UploadOptions,
		itemIndex: number,
	): Promise<PreparedWrite> {
		return {
			folderHash,
			name: source.fileName,
			send: () =>
				uploadToStorage(
					this.ctx,
					{
						folder_hash: folderHash,
						folder_upload_key: options.folderUploadKey,
						watermark_text: options.watermarkText,
						watermark_position: options.watermarkPosition,
						watermark_color: options.watermarkColor,
					},
					() => streamedFile(source.fileName, source.mimeType, source.size, () => source.open()),
					{
						purpose: `upload the file "${source.fileName}"`,
						itemIndex,
						timeoutMs: this.itemTimeout(itemIndex),
					},
				).then(({ body }) => asObject(body)),
		};
	}

	async downloadFile(fileHash: string, itemIndex: number): Promise<StorageDownload> {
		return await downloadFromStorage(this.ctx, fileHash, {
			purpose: 'download the file',
			itemIndex,
			timeoutMs: this.itemTimeout(itemIndex),
		});
	}

	async getFileInfo(fileHash: string, options: { accessRights?: boolean }, itemIndex: number): Promise<IDataObject> {
		return await this.info('file', fileHash, options, itemIndex);
	}

	/** The storage API shows no data in a delete's answer, so the output says what was deleted. */
	deleteEntry(kind: EntryKind, hash: string, itemIndex: number): Promise<IDataObject> {
		const row = kind === 'file' ? REST.deleteFile : REST.deleteFolder;
		const deleted = { [`${kind}_hash`]: hash, deleted: true };
		return this.send(row, { [`${kind}_hash`]: hash }, `delete the ${kind}`, itemIndex).then(() => deleted);
	}

	/** The legacy undelete scripts (paid plans; the storage API shows no answer). */
	restoreEntry(kind: EntryKind, hash: string, itemIndex: number): Promise<IDataObject> {
		const row = kind === 'file' ? REST.undeleteFile : REST.undeleteFolder;
		const restored = { [`${kind}_hash`]: hash, restored: true };
		return this.send(row, { [`${kind}_hash`]: hash }, `restore the ${kind}`, itemIndex).then(() => restored);
	}

	encryptionKeyAction(call: RestCall, fields: StorageFields, itemIndex: number): Promise<IDataObject> {
		return this.named(call, fields, itemIndex);
	}

	async listSignatures(fields: StorageFields, itemIndex: number): Promise<unknown> {
		return await this.send(REST.getEsignatures, fields, 'list the signatures', itemIndex);
	}

	shareForSigning(fields: StorageFields, itemIndex: number): Promise<IDataObject> {
		return this.send(REST.esignatureShare, fields, 'share the file for signing', itemIndex).then(asObject);
	}

	accountScript(call: RestCall, fields: StorageFields, itemIndex: number): Promise<IDataObject> {
		return this.named(call, fields, itemIndex);
	}

	/** An action a node's operation names by its row, with what it is for and what its statuses mean there. */
	private named(call: RestCall, fields: StorageFields, itemIndex: number): Promise<IDataObject> {
		const options = { purpose: call.purpose, itemIndex, timeoutMs: this.itemTimeout(itemIndex), hints: call.hints };
		return callStorageAction(this.ctx, call.row, fields, options).then(({ body }) => asObject(body));
	}
}
