import type { IDataObject } from 'n8n-workflow';

import type { StorageCall } from '../../transport/catalogue/storage';
import type { RestAction } from '../../transport/restCatalogue';
import type { StatusHints, StorageDownload, StorageFields } from '../../transport/storageApi';
import type { Adapter } from '../adapter';
import type { CallInput } from './calls';
import type { EntryKind } from './entryFields';

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
export type WriteResult = IDataObject & { reconciled?: boolean; reconciledWhy?: string };

/** Import From URL: exactly one of a public HTTPS URL or a file object (the MCP endpoint's rule 9). */
export type ImportSource =
	| { sourceUrl: string }
	| { file: { download_url: string; file_id: string; mime_type?: string; file_name?: string } };

export interface NewFolder {
	parentHash?: string;
	name?: string;
	accessType?: string;
}

/** A write an adapter has checked and is ready to send: where it goes, under what name, and the request. */
export interface PreparedWrite {
	/** The folder the new item goes into. */
	folderHash: string;
	/** The name asked for ('' lets the service pick one). */
	name: string;
	/** The request; `leaving` is called as it goes (exactlyOnce/uncertainWrite.ts `UncertainWrite.write`). */
	send(leaving?: () => void): Promise<WriteResult>;
	/**
	 * What the new file holds where the request carries no bytes (an import: its source), read only after an
	 * unknown outcome; bytes that differ prove nothing, as the source may have changed since.
	 */
	content?: Pick<UploadSource, 'open'>;
}

/**
 * The storage port: one kind of connection to the storage (its REST API, or the MCP endpoint's storage
 * tools), each method one request (or tool call) with its answer in the REST API's output fields.
 * Checks that only one kind of connection needs (MCP's size limit, its PRIVATE folders) happen in
 * `prepare…`, before anything is sent. Whether a write happened, and what to do when that is unknown,
 * is the storage service's decision.
 */
export interface StorageAdapter extends Adapter {
	rootFolderHash(itemIndex: number): Promise<string>;
	/** The connected account's ID as listings name creators; absent where the API does not show it. */
	accountId?(itemIndex: number): Promise<string | undefined>;
	listFolder(folderHash: string, options: { accessRights?: boolean }, itemIndex: number): Promise<IDataObject[]>;
	getFolderInfo(folderHash: string, options: { accessRights?: boolean }, itemIndex: number): Promise<IDataObject>;
	renameFolder(folderHash: string, name: string, itemIndex: number): Promise<IDataObject>;
	downloadFile(fileHash: string, itemIndex: number): Promise<StorageDownload>;
	getFileInfo(fileHash: string, options: { accessRights?: boolean }, itemIndex: number): Promise<IDataObject>;
	prepareCreateFolder(input: NewFolder, itemIndex: number): Promise<PreparedWrite>;
	prepareUpload(
		folderHash: string,
		source: UploadSource,
		options: UploadOptions,
		itemIndex: number,
	): Promise<PreparedWrite>;
	/**
	 * A folder or file our write made (in `folderHash`), found by reading back: the fields of a create's or an
	 * upload's answer.
	 */
	writtenEntry(kind: EntryKind, hash: string, folderHash: string, itemIndex: number): Promise<WriteResult>;
	/**
	 * An action through its catalogue entry (calls.ts): the request in this API's names, the answer in the REST
	 * API's fields; a write's unknown outcome is reported as such (transport/errors.ts `asWriteFailure`).
	 */
	call(action: StorageCall, input: CallInput, itemIndex: number): Promise<IDataObject>;
	/** What only the MCP endpoint offers: absent on the REST adapter. */
	searchFiles?(query: string, limit: number, itemIndex: number): Promise<IDataObject[]>;
	prepareImport?(folderHash: string, fileName: string, source: ImportSource, itemIndex: number): Promise<PreparedWrite>;
	moveFolder?(folderHash: string, targetFolderHash: string, itemIndex: number): Promise<IDataObject>;
	/** What only the storage REST API offers: absent on the MCP adapter. */
	deleteEntry?(kind: EntryKind, hash: string, itemIndex: number): Promise<IDataObject>;
	restoreEntry?(kind: EntryKind, hash: string, itemIndex: number): Promise<IDataObject>;
	encryptionKeyAction?(call: RestCall, fields: StorageFields, itemIndex: number): Promise<IDataObject>;
	listSignatures?(fields: StorageFields, itemIndex: number): Promise<unknown>;
	shareForSigning?(fields: StorageFields, itemIndex: number): Promise<IDataObject>;
	accountScript?(call: RestCall, fields: StorageFields, itemIndex: number): Promise<IDataObject>;
}

/**
 * One REST action or script (its catalogue row), with what it is for (the end of "while trying to …") and what its
 * statuses mean here.
 */
export interface RestCall {
	row: RestAction;
	purpose: string;
	hints?: StatusHints;
}
