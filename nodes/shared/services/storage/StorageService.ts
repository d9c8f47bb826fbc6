import type { IDataObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { mcpOnlyOperation } from '../availability';
import { writeExactlyOnce } from '../../reconcile';
import type { StorageDownload } from '../../transport/storage';
import type { DestinationSnapshot } from './entries';
import { entryHash, snapshotOf, writtenEntry } from './entries';
import { explainingRoot, type RootRefusal } from './rootFolder';
import type { ImportSource, NewFolder, PreparedWrite, StorageAdapter, UploadOptions, UploadSource, WriteResult } from './types';
import { ServiceOverAdapter } from '../ServiceOverAdapter';

/** The operations only Svc's MCP endpoint offers, by the name the node shows. */
const MCP_ONLY = {
	searchFiles: 'Search Files',
	prepareImport: 'Import From URL',
	moveFolder: 'Move Folder',
} as const;

/**
 * Every storage operation the Svc Storage node and trigger use, whichever adapter serves it (the
 * REST API or the MCP endpoint), with the same output fields. The decisions are made here once:
 *
 * - a create, upload or import (no idempotency key) runs through reconcile.ts: the destination
 *   is listed before, and after an unknown outcome our item is told from every other by
 *   entries.ts (`writtenEntry`);
 * - an operation the connection does not offer is refused the same way for every operation;
 * - ROOT's refusals (405) are explained.
 */
export class StorageService extends ServiceOverAdapter<StorageAdapter> {
	async rootFolderHash(itemIndex: number): Promise<string> {
		return await this.adapter.rootFolderHash(itemIndex);
	}

	async listFolder(folderHash: string, options: { accessRights?: boolean }, itemIndex: number): Promise<IDataObject[]> {
		return await this.adapter.listFolder(folderHash, options, itemIndex);
	}

	async getFolderInfo(folderHash: string, options: { accessRights?: boolean }, itemIndex: number): Promise<IDataObject> {
		return await this.adapter.getFolderInfo(folderHash, options, itemIndex);
	}

	async renameFolder(folderHash: string, name: string, itemIndex: number): Promise<IDataObject> {
		return await this.explainingRoot('rename', folderHash, itemIndex, async () => await this.adapter.renameFolder(folderHash, name, itemIndex));
	}

	async downloadFile(fileHash: string, itemIndex: number): Promise<StorageDownload> {
		return await this.adapter.downloadFile(fileHash, itemIndex);
	}

	async getFileInfo(fileHash: string, options: { accessRights?: boolean }, itemIndex: number): Promise<IDataObject> {
		return await this.adapter.getFileInfo(fileHash, options, itemIndex);
	}

	async renameFile(fileHash: string, name: string, itemIndex: number): Promise<IDataObject> {
		return await this.adapter.renameFile(fileHash, name, itemIndex);
	}

	async moveFile(fileHash: string, targetFolderHash: string, itemIndex: number): Promise<IDataObject> {
		return await this.adapter.moveFile(fileHash, targetFolderHash, itemIndex);
	}

	/** Runs an operation ROOT refuses, saying so when the service's 405 is about ROOT. */
	async explainingRoot<T>(refusal: RootRefusal, folderHash: string, itemIndex: number, operation: () => Promise<T>): Promise<T> {
		return await explainingRoot(this.node, refusal, folderHash, async () => await this.rootFolderHash(itemIndex), itemIndex, operation);
	}

	async createFolder(input: NewFolder, itemIndex: number): Promise<WriteResult> {
		const prepared = await this.adapter.prepareCreateFolder(input, itemIndex);
		const subject = prepared.name ? `the folder "${prepared.name}"` : 'the new folder';
		return await this.writeOnce(prepared, { kind: 'folder', subject }, itemIndex, async () => await this.snapshot(prepared.folderHash, itemIndex), async (hash) =>
			await this.adapter.createdFolder(hash, itemIndex),
		);
	}

	async uploadFile(folderHash: string, source: UploadSource, options: UploadOptions, itemIndex: number): Promise<WriteResult> {
		return await this.explainingRoot('upload', folderHash, itemIndex, async () => {
			const prepared = await this.adapter.prepareUpload(folderHash, source, options, itemIndex);
			return await this.writeOnce(
				prepared,
				{ kind: 'file', subject: `the file "${source.fileName}"`, size: source.size },
				itemIndex,
				async () => await this.uploadSnapshot(folderHash, options, itemIndex),
				async (hash) => await this.adapter.uploadedFile(hash, folderHash, itemIndex),
			);
		});
	}

	async searchFiles(query: string, limit: number, itemIndex: number): Promise<IDataObject[]> {
		const search = this.mcpOnly('searchFiles', itemIndex);
		return await search.call(this.adapter, query, limit, itemIndex);
	}

	async importFile(folderHash: string, fileName: string, source: ImportSource, itemIndex: number): Promise<WriteResult> {
		const prepare = this.mcpOnly('prepareImport', itemIndex);
		const prepared = await prepare.call(this.adapter, folderHash, fileName, source, itemIndex);
		return await this.writeOnce(
			prepared,
			{ kind: 'file', subject: `the file "${fileName}"` },
			itemIndex,
			async () => await this.snapshot(folderHash, itemIndex),
			async (hash) => ({ ...(await this.adapter.uploadedFile(hash, folderHash, itemIndex)), status: 'created' }),
		);
	}

	async moveFolder(folderHash: string, targetFolderHash: string, itemIndex: number): Promise<IDataObject> {
		const move = this.mcpOnly('moveFolder', itemIndex);
		return await move.call(this.adapter, folderHash, targetFolderHash, itemIndex);
	}

	/** The adapter's method for an operation only the MCP endpoint offers, or the one refusal for all of them. */
	private mcpOnly<K extends keyof typeof MCP_ONLY>(operation: K, itemIndex: number): NonNullable<StorageAdapter[K]> {
		const method = this.adapter[operation];
		if (method) return method as NonNullable<StorageAdapter[K]>;
		throw mcpOnlyOperation(this.node, MCP_ONLY[operation], itemIndex);
	}

	private async snapshot(folderHash: string, itemIndex: number): Promise<DestinationSnapshot> {
		return snapshotOf(await this.adapter.listFolder(folderHash, {}, itemIndex));
	}

	/**
	 * The folder's items before an upload. An upload through a folder upload key may target a
	 * folder the credential cannot list (another account's): then there is no snapshot, and an
	 * unknown outcome cannot be settled (never resent).
	 */
	private async uploadSnapshot(folderHash: string, options: UploadOptions, itemIndex: number): Promise<DestinationSnapshot | undefined> {
		let failure: unknown;
		try {
			return await this.snapshot(folderHash, itemIndex);
		} catch (error) {
			failure = error;
		}
		const cannotList = failure instanceof NodeApiError && ['401', '403', '405'].includes(String(failure.httpCode));
		if (options.folderUploadKey && cannotList) return undefined;
		throw failure;
	}

	/**
	 * A write without idempotency key, exactly once: after an unknown outcome the destination is
	 * read back and our item (entries.ts) is the result, marked `reconciled: true`.
	 */
	private async writeOnce(
		prepared: PreparedWrite,
		written: { kind: 'folder' | 'file'; subject: string; size?: number },
		itemIndex: number,
		snapshot: () => Promise<DestinationSnapshot | undefined>,
		resultOf: (hash: string) => Promise<WriteResult>,
	): Promise<WriteResult> {
		const outcome = await writeExactlyOnce(
			this.node,
			{
				subject: written.subject,
				snapshot,
				write: async () => await prepared.send(),
				findWritten: async (before) => {
					if (before === undefined) {
						throw new Error('the credential may not list the folder (the upload went through its upload key), so the upload cannot be checked');
					}
					const entries = await this.adapter.listFolder(prepared.folderHash, {}, itemIndex);
					const found = writtenEntry(entries, { kind: written.kind, name: prepared.name, size: written.size }, before);
					return found === undefined ? undefined : await resultOf(entryHash(found) as string);
				},
			},
			itemIndex,
		);
		return outcome.reconciled ? { ...outcome.result, reconciled: true } : outcome.result;
	}
}
