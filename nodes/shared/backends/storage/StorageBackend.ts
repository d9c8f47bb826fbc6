import type { IDataObject } from 'n8n-workflow';

import type { StorageDownload } from '../../transport/storage';

/** A file to upload: its bytes are opened as a stream for each attempt, never held whole. */
export interface UploadSource {
	fileName: string;
	mimeType: string;
	size: number;
	open(): AsyncIterable<Uint8Array>;
}

export interface UploadOptions {
	folderUploadKey?: string;
	watermarkText?: string;
	watermarkPosition?: string;
	watermarkColor?: string;
}

/** A write's result, with `reconciled: true` when it was found by reading the destination back. */
export type WriteResult = IDataObject & { reconciled?: boolean };

/**
 * The storage operations every kind of connection offers (REST API or MCP endpoint), with the
 * same output fields whichever kind serves them. Operations only one API offers live with that
 * API's operations, not here.
 */
export interface StorageBackend {
	readonly kind: 'rest' | 'mcp';
	rootFolderHash(itemIndex: number): Promise<string>;
	createFolder(
		input: { parentHash?: string; name?: string; accessType?: string },
		itemIndex: number,
	): Promise<WriteResult>;
	listFolder(folderHash: string, options: { accessRights?: boolean }, itemIndex: number): Promise<IDataObject[]>;
	getFolderInfo(folderHash: string, options: { accessRights?: boolean }, itemIndex: number): Promise<IDataObject>;
	renameFolder(folderHash: string, name: string, itemIndex: number): Promise<IDataObject>;
	uploadFile(folderHash: string, source: UploadSource, options: UploadOptions, itemIndex: number): Promise<WriteResult>;
	downloadFile(fileHash: string, itemIndex: number): Promise<StorageDownload>;
	getFileInfo(fileHash: string, options: { accessRights?: boolean }, itemIndex: number): Promise<IDataObject>;
	renameFile(fileHash: string, name: string, itemIndex: number): Promise<IDataObject>;
	moveFile(fileHash: string, targetFolderHash: string, itemIndex: number): Promise<IDataObject>;
}
