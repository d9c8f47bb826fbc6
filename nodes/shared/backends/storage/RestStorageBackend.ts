import type { IDataObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { writeExactlyOnce } from '../../reconcile';
import type { ServiceContext } from '../../transport/http';
import { streamedFile } from '../../transport/multipart';
import type { StorageDownload } from '../../transport/storage';
import {
	asObject,
	callStorageAction,
	callStorageScript,
	downloadFromStorage,
	uploadToStorage,
} from '../../transport/storage';
import { explainingRoot, type RootRefusal } from './rootFolder';
import type { DestinationSnapshot } from './entries';
import { entryHash, entryName, entrySize, rootHashOf, snapshotOf, writtenEntries } from './entries';
import type { StorageBackend, UploadOptions, UploadSource, WriteResult } from './StorageBackend';

function asList(value: unknown): IDataObject[] {
	if (Array.isArray(value)) return value.filter((entry) => entry && typeof entry === 'object') as IDataObject[];
	const object = asObject(value);
	for (const key of ['items', 'content', 'data']) {
		if (Array.isArray(object[key])) return asList(object[key]);
	}
	return [];
}

/** The storage REST API (document 1) behind the StorageBackend interface. */
export class RestStorageBackend implements StorageBackend {
	readonly kind = 'rest' as const;

	private rootHash?: string;

	constructor(
		private readonly ctx: ServiceContext,
		/** The request timeout for an item (each item may set its own). */
		private readonly timeoutFor: (itemIndex: number) => number | undefined = () => undefined,
	) {}

	async rootFolderHash(itemIndex: number): Promise<string> {
		if (this.rootHash) return this.rootHash;
		const { body } = await callStorageScript(this.ctx, 'authenticate_user', {}, {
			action: 'read the account data',
			itemIndex,
			timeoutMs: this.timeoutFor(itemIndex),
		});
		const hash = rootHashOf(asObject(body));
		if (!hash) {
			throw new NodeApiError(this.ctx.getNode(), { message: 'no ROOT folder in the user data' }, {
				message: "Svc's account data names no ROOT folder",
				description: 'Choose the folder by hash instead of leaving it to the ROOT default.',
				itemIndex,
			});
		}
		this.rootHash = hash;
		return hash;
	}

	private async snapshot(folderHash: string, itemIndex: number): Promise<DestinationSnapshot> {
		return snapshotOf(await this.listFolder(folderHash, {}, itemIndex));
	}

	async createFolder(
		input: { parentHash?: string; name?: string; accessType?: string },
		itemIndex: number,
	): Promise<WriteResult> {
		const parentHash = input.parentHash || (await this.rootFolderHash(itemIndex));
		const subject = input.name ? `the folder "${input.name}"` : 'the new folder';
		const outcome = await writeExactlyOnce(
			this.ctx.getNode(),
			{
				subject,
				snapshot: async () => await this.snapshot(parentHash, itemIndex),
				write: async () =>
					asObject(
						await callStorageAction(
							this.ctx,
							'create_folder',
							{ parent_folder_hash: input.parentHash, folder_name: input.name, access_type: input.accessType },
							{ action: `create ${subject}`, itemIndex, timeoutMs: this.timeoutFor(itemIndex), reconciled: true },
						),
					),
				findLanded: async (before) => {
					const entries = await this.listFolder(parentHash, {}, itemIndex);
					const created = writtenEntries(entries, { kind: 'folder', name: input.name ?? '' }, before);
					if (created.length === 0) return undefined;
					if (created.length > 1) throw new Error(`${created.length} new folders match ${subject}`);
					const hash = entryHash(created[0]) as string;
					const info = await this.getFolderInfo(hash, {}, itemIndex);
					return {
						folder_hash: hash,
						folder_name: entryName(info) ?? entryName(created[0]),
						...(info.folder_edit_key ? { folder_edit_key: info.folder_edit_key } : {}),
						...(info.folder_upload_key ? { folder_upload_key: info.folder_upload_key } : {}),
						...(info.access_type !== undefined ? { access_type: info.access_type } : {}),
					};
				},
			},
			itemIndex,
		);
		return outcome.reconciled ? { ...outcome.result, reconciled: true } : outcome.result;
	}

	async listFolder(folderHash: string, options: { accessRights?: boolean }, itemIndex: number): Promise<IDataObject[]> {
		const body = await callStorageAction(
			this.ctx,
			'get_folder_content',
			{ folder_hash: folderHash, get_access_rights: options.accessRights ? true : undefined },
			{ action: 'list the folder', itemIndex, timeoutMs: this.timeoutFor(itemIndex) },
		);
		return asList(body);
	}

	async getFolderInfo(folderHash: string, options: { accessRights?: boolean }, itemIndex: number): Promise<IDataObject> {
		return asObject(
			await callStorageAction(
				this.ctx,
				'get_folder_info',
				{ folder_hash: folderHash, get_access_rights: options.accessRights ? true : undefined },
				{ action: 'read the folder', itemIndex, timeoutMs: this.timeoutFor(itemIndex) },
			),
		);
	}

	async renameFolder(folderHash: string, name: string, itemIndex: number): Promise<IDataObject> {
		return await this.explainingRoot('rename', folderHash, itemIndex, async () =>
			asObject(
				await callStorageAction(
					this.ctx,
					'rename_folder',
					{ folder_hash: folderHash, folder_name: name },
					{ action: 'rename the folder', itemIndex, timeoutMs: this.timeoutFor(itemIndex) },
				),
			),
		);
	}

	/** Runs an operation ROOT refuses, saying so when the service's 405 is about ROOT. */
	async explainingRoot<T>(refusal: RootRefusal, folderHash: string, itemIndex: number, operation: () => Promise<T>): Promise<T> {
		return await explainingRoot(
			this.ctx.getNode(),
			refusal,
			folderHash,
			async () => await this.rootFolderHash(itemIndex),
			itemIndex,
			operation,
		);
	}

	async uploadFile(
		folderHash: string,
		source: UploadSource,
		options: UploadOptions,
		itemIndex: number,
	): Promise<WriteResult> {
		const subject = `the file "${source.fileName}"`;
		const outcome = await this.explainingRoot('upload', folderHash, itemIndex, async () =>
			await writeExactlyOnce(
				this.ctx.getNode(),
				{
					subject,
					snapshot: async () => await this.uploadSnapshot(folderHash, options, itemIndex),
					write: async () =>
						asObject(
							await uploadToStorage(
								this.ctx,
								{
									folder_hash: folderHash,
									folder_upload_key: options.folderUploadKey,
									watermark_text: options.watermarkText,
									watermark_position: options.watermarkPosition,
									watermark_color: options.watermarkColor,
								},
								() => streamedFile(source.fileName, source.mimeType, source.size, () => source.open()),
								{ action: `upload ${subject}`, itemIndex, timeoutMs: this.timeoutFor(itemIndex), reconciled: true },
							),
						),
					findLanded: async (before) => {
						if (before === undefined) {
							throw new Error(
								'the credential may not list the folder (the upload went through its upload key), so the upload cannot be checked',
							);
						}
						const entries = await this.listFolder(folderHash, {}, itemIndex);
						const landed = writtenEntries(entries, { kind: 'file', name: source.fileName, size: source.size }, before);
						if (landed.length === 0) return undefined;
						if (landed.length > 1) throw new Error(`${landed.length} new files match ${subject}`);
						const hash = entryHash(landed[0]) as string;
						const info = await this.getFileInfo(hash, {}, itemIndex);
						return {
							file_hash: hash,
							file_name: entryName(info) ?? entryName(landed[0]),
							...(info.file_delete_key ? { file_delete_key: info.file_delete_key } : {}),
							...(info.timestamp_uploaded !== undefined ? { timestamp_uploaded: info.timestamp_uploaded } : {}),
							...(info.timestamp_last_modified !== undefined
								? { timestamp_last_modified: info.timestamp_last_modified }
								: {}),
							folder_hash: folderHash,
							...(entrySize(info) !== undefined ? { size: entrySize(info) } : {}),
						};
					},
				},
				itemIndex,
			),
		);
		return outcome.reconciled ? { ...outcome.result, reconciled: true } : outcome.result;
	}

	/**
	 * The folder's files before an upload, for telling ours from older ones. An upload through a
	 * folder upload key may target a folder the credential cannot list (another account's): then
	 * there is no snapshot, and an uncertain outcome cannot be settled (never resent).
	 */
	private async uploadSnapshot(folderHash: string, options: UploadOptions, itemIndex: number): Promise<DestinationSnapshot | undefined> {
		if (!options.folderUploadKey) return await this.snapshot(folderHash, itemIndex);
		let failure: unknown;
		try {
			return await this.snapshot(folderHash, itemIndex);
		} catch (error) {
			failure = error;
		}
		if (failure instanceof NodeApiError && ['401', '403', '405'].includes(String(failure.httpCode))) return undefined;
		throw failure;
	}

	async downloadFile(fileHash: string, itemIndex: number): Promise<StorageDownload> {
		return await downloadFromStorage(this.ctx, fileHash, {
			action: 'download the file',
			itemIndex,
			timeoutMs: this.timeoutFor(itemIndex),
		});
	}

	async getFileInfo(fileHash: string, options: { accessRights?: boolean }, itemIndex: number): Promise<IDataObject> {
		return asObject(
			await callStorageAction(
				this.ctx,
				'get_file_info',
				{ file_hash: fileHash, get_access_rights: options.accessRights ? true : undefined },
				{ action: 'read the file', itemIndex, timeoutMs: this.timeoutFor(itemIndex) },
			),
		);
	}

	async renameFile(fileHash: string, name: string, itemIndex: number): Promise<IDataObject> {
		return asObject(
			await callStorageAction(
				this.ctx,
				'rename_file',
				{ file_hash: fileHash, file_name: name },
				{ action: 'rename the file', itemIndex, timeoutMs: this.timeoutFor(itemIndex) },
			),
		);
	}

	/** Document 1: move_file answers 200 "with no documented data", so the output is what the node asked for. */
	async moveFile(fileHash: string, targetFolderHash: string, itemIndex: number): Promise<IDataObject> {
		await callStorageAction(
			this.ctx,
			'move_file',
			{ file_hash: fileHash, folder_hash: targetFolderHash },
			{ action: 'move the file', itemIndex, timeoutMs: this.timeoutFor(itemIndex) },
		);
		return { file_hash: fileHash, folder_hash: targetFolderHash };
	}
}
