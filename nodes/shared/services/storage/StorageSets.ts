import type { IDataObject } from 'n8n-workflow';

import { STORAGE_UNAVAILABILITY, unavailable } from '../../adapters/availability';
import type { StorageFields } from '../../transport/storageApi';
import type { EntryKind } from '../../adapters/storage/entryFields';
import type { RestCall, StorageAdapter } from '../../adapters/storage/port';
import { STORAGE } from '../../transport/catalogue/storage';
import { ServiceOverAdapter } from '../ServiceOverAdapter';
import type { Written } from '../exactlyOnce/executor';
import { setOnce, type SetWrite } from '../exactlyOnce/sets';
import { sendOnce } from '../exactlyOnce/sends';
import { explainedRootRefusal, type RootRefusal } from './rootFolder';
import { deletion, keySaving, moving, renaming, restoration, signingRequest, type InfoRead } from './setWrites';

/** The adapter methods only one API has, by what the refusal names. */
const ONE_API_ONLY = {
	searchFiles: 'Searching files',
	prepareImport: 'Importing from a URL',
	moveFolder: 'Moving a folder',
	deleteEntry: 'Deleting',
	restoreEntry: 'Restoring',
	encryptionKeyAction: 'Encryption keys',
	listSignatures: 'E-signatures',
	shareForSigning: 'E-signatures',
	accountScript: 'Account scripts',
} as const;

/**
 * The storage's sets (rename, move, delete, restore, a key saved: exactlyOnce/sets.ts, settled after a lost answer by
 * reading the object) and its send (Share for Signing: exactlyOnce/sends.ts, at most once), each its send and its
 * reads handed to the executor as data (setWrites.ts); and what every storage operation shares: the one refusal of
 * what a connection does not offer, ROOT's 405s explained. StorageService (creates, reads) builds on it.
 */
export abstract class StorageSets extends ServiceOverAdapter<StorageAdapter> {
	async rootFolderHash(itemIndex: number): Promise<string> {
		return await this.adapter.rootFolderHash(itemIndex);
	}

	/**
	 * An operation ROOT refuses, handed on with its failure explained when the service's 405 is about ROOT
	 * (rootFolder.ts): not async, so the request stands on no frame of it.
	 */
	explainingRoot<T>(refusal: RootRefusal, folderHash: string, itemIndex: number, operation: Promise<T>): Promise<T> {
		const rootHash = () => this.rootFolderHash(itemIndex);
		return operation.catch((failure: unknown) =>
			explainedRootRefusal(this.node, refusal, folderHash, rootHash, itemIndex, failure),
		);
	}

	/* The sets (exactlyOnce/sets.ts): each settled after a lost answer by reading the object (setWrites.ts). */

	/** File → Rename, Folder → Rename; ROOT's refusal is explained. */
	renameEntry(kind: EntryKind, hash: string, name: string, itemIndex: number): Promise<Written<IDataObject>> {
		const send =
			kind === 'file'
				? () => this.adapter.call(STORAGE.renameFile, { fileHash: hash, name }, itemIndex)
				: this.rootExplained('rename', hash, itemIndex, () => this.adapter.renameFolder(hash, name, itemIndex));
		return this.set(itemIndex, (read) => renaming(kind, hash, name, send, read));
	}

	moveFile(fileHash: string, targetFolderHash: string, itemIndex: number): Promise<Written<IDataObject>> {
		const send = () => this.adapter.call(STORAGE.moveFile, { fileHash, targetFolderHash }, itemIndex);
		return this.set(itemIndex, (read) => moving('file', fileHash, targetFolderHash, send, read));
	}

	/** A set of this service, its object read through the adapter as the REST API gives it. */
	private set(itemIndex: number, set: (read: InfoRead) => SetWrite<IDataObject>): Promise<Written<IDataObject>> {
		const read: InfoRead = async (kind, hash) =>
			kind === 'file'
				? await this.adapter.getFileInfo(hash, {}, itemIndex)
				: await this.adapter.getFolderInfo(hash, {}, itemIndex);
		return setOnce(this.node, this.item(itemIndex), set(read));
	}

	/** A send of an operation ROOT refuses, its 405 about ROOT explained. */
	private rootExplained(refusal: RootRefusal, hash: string, itemIndex: number, send: () => Promise<IDataObject>) {
		return () => this.explainingRoot(refusal, hash, itemIndex, send());
	}

	/** Folder → Move (MCP only). */
	moveFolder(folderHash: string, targetFolderHash: string, itemIndex: number): Promise<Written<IDataObject>> {
		const move = this.adapterMethod('moveFolder', itemIndex);
		const send = () => move.call(this.adapter, folderHash, targetFolderHash, itemIndex);
		return this.set(itemIndex, (read) => moving('folder', folderHash, targetFolderHash, send, read));
	}

	/** Deletes a folder (with everything in it) or a file: done when it is gone or in the trash, never a second 405. */
	deleteEntry(kind: EntryKind, hash: string, itemIndex: number): Promise<Written<IDataObject>> {
		const remove = this.adapterMethod('deleteEntry', itemIndex);
		const sent = () => remove.call(this.adapter, kind, hash, itemIndex);
		const send = kind === 'file' ? sent : this.rootExplained('delete', hash, itemIndex, sent);
		return this.set(itemIndex, (read) => deletion(kind, hash, send, read));
	}

	restoreEntry(kind: EntryKind, hash: string, itemIndex: number): Promise<Written<IDataObject>> {
		const restore = this.adapterMethod('restoreEntry', itemIndex);
		const send = () => restore.call(this.adapter, kind, hash, itemIndex);
		return this.set(itemIndex, (read) => restoration(kind, hash, send, read));
	}

	/** A key action that only reads (Get File Key, Get Upload Key, Get Share Key). */
	async encryptionKeyAction(call: RestCall, fields: StorageFields, itemIndex: number): Promise<IDataObject> {
		return await this.adapterMethod('encryptionKeyAction', itemIndex).call(this.adapter, call, fields, itemIndex);
	}

	/** A key saved, a set: `readBack` shows the stored key (none for Save User Keys: sent again after a lost answer). */
	saveEncryptionKey(
		call: RestCall,
		fields: StorageFields,
		readBack: { call: RestCall; fields: StorageFields; target: { kind: 'file' | 'upload'; hash: string } } | undefined,
		itemIndex: number,
	): Promise<Written<IDataObject>> {
		const action = this.adapterMethod('encryptionKeyAction', itemIndex);
		const send = () => action.call(this.adapter, call, fields, itemIndex);
		const readKey =
			readBack && (async () => await action.call(this.adapter, readBack.call, readBack.fields, itemIndex));
		return setOnce(this.node, this.item(itemIndex), keySaving(readBack?.target, fields as IDataObject, send, readKey));
	}

	/** Share for Signing: a send (exactlyOnce/sends.ts), its e-mails sent at most once whatever n8n repeats. */
	shareForSigning(fields: StorageFields, itemIndex: number): Promise<Written<IDataObject>> {
		const share = this.adapterMethod('shareForSigning', itemIndex);
		const send = () => share.call(this.adapter, fields, itemIndex);
		return sendOnce(this.node, this.item(itemIndex), signingRequest(fields as IDataObject, send));
	}

	/** The adapter's method for what only one API offers, or the one refusal (adapters/availability.ts). */
	protected adapterMethod<K extends keyof typeof ONE_API_ONLY>(
		method: K,
		itemIndex: number,
	): NonNullable<StorageAdapter[K]> {
		const found = this.adapter[method];
		if (found) return found as NonNullable<StorageAdapter[K]>;
		throw unavailable(this.node, ONE_API_ONLY[method], this.adapter.kind, STORAGE_UNAVAILABILITY, itemIndex);
	}
}
