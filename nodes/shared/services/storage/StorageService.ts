import type { IDataObject } from 'n8n-workflow';

import { STORAGE_UNAVAILABILITY, unavailable } from '../../adapters/availability';
import type { StorageDownload, StorageFieldValue, StorageFields } from '../../transport/storageApi';
import type { EntryKind } from '../../adapters/storage/entryFields';
import { explainingRoot, type RootRefusal } from './rootFolder';
import { StorageReferences, type ReferenceRules } from './references';
import type {
	ImportSource,
	NewFolder,
	RestCall,
	StorageAdapter,
	UploadOptions,
	UploadSource,
	WriteResult,
} from '../../adapters/storage/port';
import { ServiceOverAdapter } from '../ServiceOverAdapter';
import { STORAGE, type StorageCall } from '../../transport/catalogue/storage';
import type { EntryWriteOptions } from './readBack';
import { entryPlan, type EntryWriter, type IfNameExists } from './entryWrites';
import { ListingClock, writeOnce, type Written } from '../exactlyOnce/executor';
import { setOnce } from '../exactlyOnce/sets';
import { sendOnce } from '../exactlyOnce/sends';
import { deletion, keySaving, moving, renaming, restoration, signingRequest, type InfoRead } from './setWrites';

/** What an operation gives a call through its catalogue entry: a value for each name the entry takes. */
type CallInputOf<T extends StorageCall> = Record<keyof T['takes'] & string, StorageFieldValue>;

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
 * Every storage operation the Svc Storage node and trigger use, whichever adapter serves it (the
 * REST API or the MCP endpoint), with the same output fields. The decisions are made here once:
 *
 * - a create, upload or import (no idempotency key) is planned here (entryWrites.ts `entryPlan`: its claim, its
 *   send, its folder's listing) and run exactly once by the executor (exactlyOnce/executor.ts `writeOnce`):
 *   nothing is read before it; after an unknown outcome our entry is told from every other
 *   (exactlyOnce/evidence.ts `writtenEntry`). These methods hand on the executor's promise: no frame of their own;
 * - an operation the connection does not offer is refused the same way for every operation;
 * - ROOT's refusals (405) are explained.
 */
export class StorageService extends ServiceOverAdapter<StorageAdapter> {
	private readonly references = new StorageReferences(
		this.node,
		this.adapter,
		async (itemIndex) => await this.rootFolderHash(itemIndex),
	);

	/** The listing's clock as this execution's answers showed it (exactlyOnce/executor.ts). */
	private readonly listing = new ListingClock();

	/** A folder's hash from a reference: a hash, a path from ROOT, or (`byName`) a unique name. */
	async folderHashOf(reference: string, rules: ReferenceRules, itemIndex: number): Promise<string> {
		return await this.hashOf('folder', reference, rules, itemIndex);
	}

	/** A file's hash from a reference: a hash, a path from ROOT, or (`byName`) a unique name. */
	async fileHashOf(reference: string, rules: ReferenceRules, itemIndex: number): Promise<string> {
		return await this.hashOf('file', reference, rules, itemIndex);
	}

	private async hashOf(kind: EntryKind, reference: string, rules: ReferenceRules, itemIndex: number): Promise<string> {
		// A path or name may lead to what an earlier item of the run is writing.
		if (reference.startsWith('/') || rules.byName) await this.afterEarlierWrites(itemIndex);
		return await this.references.hashOf(kind, reference, rules, itemIndex);
	}

	async rootFolderHash(itemIndex: number): Promise<string> {
		return await this.adapter.rootFolderHash(itemIndex);
	}

	async listFolder(folderHash: string, options: { accessRights?: boolean }, itemIndex: number): Promise<IDataObject[]> {
		return await this.adapter.listFolder(folderHash, options, itemIndex);
	}

	async getFolderInfo(
		folderHash: string,
		options: { accessRights?: boolean },
		itemIndex: number,
	): Promise<IDataObject> {
		return await this.adapter.getFolderInfo(folderHash, options, itemIndex);
	}

	/**
	 * File → Rename, Folder → Rename: a set (exactlyOnce/sets.ts), settled after a lost answer by reading the object's
	 * name; ROOT's refusal is explained.
	 */
	renameEntry(kind: EntryKind, hash: string, name: string, itemIndex: number): Promise<Written<IDataObject>> {
		const send =
			kind === 'file'
				? async () => await this.adapter.call(STORAGE.renameFile, { fileHash: hash, name }, itemIndex)
				: async () =>
						await this.explainingRoot(
							'rename',
							hash,
							itemIndex,
							async () => await this.adapter.renameFolder(hash, name, itemIndex),
						);
		return setOnce(this.node, this.item(itemIndex), renaming(kind, hash, name, send, this.infoRead(itemIndex)));
	}

	/** File → Move: a set, settled after a lost answer by reading the file's folder. */
	moveFile(fileHash: string, targetFolderHash: string, itemIndex: number): Promise<Written<IDataObject>> {
		const send = async () => await this.adapter.call(STORAGE.moveFile, { fileHash, targetFolderHash }, itemIndex);
		const set = moving('file', fileHash, targetFolderHash, send, this.infoRead(itemIndex));
		return setOnce(this.node, this.item(itemIndex), set);
	}

	/** How a set reads the object it changes: its info, as the REST API gives it. */
	private infoRead(itemIndex: number): InfoRead {
		return async (kind, hash) =>
			kind === 'file'
				? await this.adapter.getFileInfo(hash, {}, itemIndex)
				: await this.adapter.getFolderInfo(hash, {}, itemIndex);
	}

	async downloadFile(fileHash: string, itemIndex: number): Promise<StorageDownload> {
		return await this.adapter.downloadFile(fileHash, itemIndex);
	}

	async getFileInfo(fileHash: string, options: { accessRights?: boolean }, itemIndex: number): Promise<IDataObject> {
		return await this.adapter.getFileInfo(fileHash, options, itemIndex);
	}

	/**
	 * An action through its catalogue entry (transport/catalogue/storage.ts): one request, its answer in the REST
	 * API's fields; a write whose outcome is unknown says "Outcome uncertain".
	 */
	async call<T extends StorageCall>(action: T, input: CallInputOf<T>, itemIndex: number): Promise<IDataObject> {
		return await this.adapter.call(action, input, itemIndex);
	}

	/**
	 * A write that makes a folder or a file, through its catalogue entry, run exactly once (entryWrites.ts): it goes
	 * `into` a folder and asks for a name, `named`, by which reading back finds it after an unknown outcome.
	 */
	writeEntry<T extends StorageCall>(
		action: T,
		input: CallInputOf<T>,
		entry: { kind: EntryKind; into: string; named: string },
		itemIndex: number,
	): Promise<Written<WriteResult>> {
		const { kind, into, named } = entry;
		const send = async () => await this.adapter.call(action, input, itemIndex);
		const resultOf = async (hash: string) => await this.adapter.writtenEntry(kind, hash, into, itemIndex);
		const written = { kind, subject: `the ${kind} "${named}"`, shapedBy: { ...input } };
		const prepared = { folderHash: into, name: named, send };
		const plan = () => entryPlan(this.writer(itemIndex), prepared, written, 'keepBoth', resultOf, itemIndex);
		return writeOnce(this.node, this.item(itemIndex), plan);
	}

	/** Runs an operation ROOT refuses, saying so when the service's 405 is about ROOT. */
	async explainingRoot<T>(
		refusal: RootRefusal,
		folderHash: string,
		itemIndex: number,
		operation: () => Promise<T>,
	): Promise<T> {
		return await explainingRoot(
			this.node,
			refusal,
			folderHash,
			async () => await this.rootFolderHash(itemIndex),
			itemIndex,
			operation,
		);
	}

	createFolder(input: NewFolder, itemIndex: number, ifNameExists: IfNameExists = 'keepBoth'): Promise<WriteResult> {
		return writeOnce(this.node, this.item(itemIndex), async () => {
			const prepared = await this.adapter.prepareCreateFolder(input, itemIndex);
			const subject = prepared.name ? `the folder "${prepared.name}"` : 'the new folder';
			const resultOf = async (hash: string) =>
				await this.adapter.writtenEntry('folder', hash, prepared.folderHash, itemIndex);
			const written = { kind: 'folder' as const, subject, shapedBy: { accessType: input.accessType ?? null } };
			return entryPlan(this.writer(itemIndex), prepared, written, ifNameExists, resultOf, itemIndex);
		});
	}

	async uploadFile(
		folderHash: string,
		source: UploadSource,
		options: UploadOptions,
		itemIndex: number,
		ifNameExists: IfNameExists = 'keepBoth',
	): Promise<WriteResult> {
		return await this.explainingRoot('upload', folderHash, itemIndex, async () => {
			const prepared = await this.adapter.prepareUpload(folderHash, source, options, itemIndex);
			const { folderUploadKey, ...shapedBy } = options;
			const written: EntryWriteOptions = {
				kind: 'file',
				subject: `the file "${source.fileName}"`,
				size: source.size,
				sizeMayChange: options.watermarkText !== undefined,
				shapedBy: { ...shapedBy, mimeType: source.mimeType, throughUploadKey: folderUploadKey !== undefined },
				unlistable: folderUploadKey
					? 'the credential may not list the folder (the upload went through its upload key), so the ' +
						'upload cannot be checked'
					: undefined,
			};
			const resultOf = async (hash: string) => await this.adapter.writtenEntry('file', hash, folderHash, itemIndex);
			const plan = () => entryPlan(this.writer(itemIndex), prepared, written, ifNameExists, resultOf, itemIndex);
			return await writeOnce(this.node, this.item(itemIndex), plan);
		});
	}

	/** What a write that makes an entry needs of the service (entryWrites.ts `entryPlan`). */
	private writer(itemIndex: number): EntryWriter {
		const { node, adapter, clock, listing } = this;
		return { node, adapter, clock, listing, records: this.recordsFor(itemIndex) };
	}

	async searchFiles(query: string, limit: number, itemIndex: number): Promise<IDataObject[]> {
		const search = this.adapterMethod('searchFiles', itemIndex);
		return await search.call(this.adapter, query, limit, itemIndex);
	}

	importFile(folderHash: string, fileName: string, source: ImportSource, itemIndex: number): Promise<WriteResult> {
		return writeOnce(this.node, this.item(itemIndex), async () => {
			const prepare = this.adapterMethod('prepareImport', itemIndex);
			const prepared = await prepare.call(this.adapter, folderHash, fileName, source, itemIndex);
			const written = { kind: 'file' as const, subject: `the file "${fileName}"`, shapedBy: { source } };
			const resultOf = async (hash: string) => ({
				...(await this.adapter.writtenEntry('file', hash, folderHash, itemIndex)),
				status: 'created',
			});
			return entryPlan(this.writer(itemIndex), prepared, written, 'keepBoth', resultOf, itemIndex);
		});
	}

	/** Folder → Move (MCP only): a set, settled after a lost answer by reading the folder's parent. */
	moveFolder(folderHash: string, targetFolderHash: string, itemIndex: number): Promise<Written<IDataObject>> {
		const move = this.adapterMethod('moveFolder', itemIndex);
		const send = async () => await move.call(this.adapter, folderHash, targetFolderHash, itemIndex);
		const set = moving('folder', folderHash, targetFolderHash, send, this.infoRead(itemIndex));
		return setOnce(this.node, this.item(itemIndex), set);
	}

	/**
	 * Deletes a folder (with everything in it) or a file: a set, done when the object is gone or in the trash, so a
	 * delete that happened is never the 405 a second one gets. ROOT's refusal is explained.
	 */
	deleteEntry(kind: EntryKind, hash: string, itemIndex: number): Promise<Written<IDataObject>> {
		const remove = this.adapterMethod('deleteEntry', itemIndex);
		const send =
			kind === 'file'
				? async () => await remove.call(this.adapter, kind, hash, itemIndex)
				: async () =>
						await this.explainingRoot(
							'delete',
							hash,
							itemIndex,
							async () => await remove.call(this.adapter, kind, hash, itemIndex),
						);
		return setOnce(this.node, this.item(itemIndex), deletion(kind, hash, send, this.infoRead(itemIndex)));
	}

	/** File → Restore, Folder → Restore: a set, done when the object can be read again. */
	restoreEntry(kind: EntryKind, hash: string, itemIndex: number): Promise<Written<IDataObject>> {
		const restore = this.adapterMethod('restoreEntry', itemIndex);
		const send = async () => await restore.call(this.adapter, kind, hash, itemIndex);
		return setOnce(this.node, this.item(itemIndex), restoration(kind, hash, send, this.infoRead(itemIndex)));
	}

	/** A key action that only reads (Get File Key, Get Upload Key, Get Share Key). */
	async encryptionKeyAction(call: RestCall, fields: StorageFields, itemIndex: number): Promise<IDataObject> {
		return await this.adapterMethod('encryptionKeyAction', itemIndex).call(this.adapter, call, fields, itemIndex);
	}

	/**
	 * A key saved (Save File Key, Save Upload Key, Save User Keys): a set. `readBack` is the key action that shows the
	 * stored key (Get File Key for Save File Key); none for the public keys, whose save is sent again after a lost
	 * answer (it stores what the first stored).
	 */
	saveEncryptionKey(
		call: RestCall,
		fields: StorageFields,
		readBack: { call: RestCall; fields: StorageFields; target: { kind: 'file' | 'upload'; hash: string } } | undefined,
		itemIndex: number,
	): Promise<Written<IDataObject>> {
		const action = this.adapterMethod('encryptionKeyAction', itemIndex);
		const send = async () => await action.call(this.adapter, call, fields, itemIndex);
		const readKey =
			readBack && (async () => await action.call(this.adapter, readBack.call, readBack.fields, itemIndex));
		const set = keySaving(readBack?.target, fields as IDataObject, send, readKey);
		return setOnce(this.node, this.item(itemIndex), set);
	}

	async listSignatures(fields: StorageFields, itemIndex: number): Promise<unknown> {
		return await this.adapterMethod('listSignatures', itemIndex).call(this.adapter, fields, itemIndex);
	}

	/** Share for Signing: a send (exactlyOnce/sends.ts), its e-mails sent at most once whatever n8n repeats. */
	shareForSigning(fields: StorageFields, itemIndex: number): Promise<Written<IDataObject>> {
		const share = this.adapterMethod('shareForSigning', itemIndex);
		const send = async () => await share.call(this.adapter, fields, itemIndex);
		return sendOnce(this.node, this.item(itemIndex), signingRequest(fields as IDataObject, send));
	}

	async accountScript(call: RestCall, fields: StorageFields, itemIndex: number): Promise<IDataObject> {
		return await this.adapterMethod('accountScript', itemIndex).call(this.adapter, call, fields, itemIndex);
	}

	/** The adapter's method for what only one API offers, or the one refusal (adapters/availability.ts). */
	private adapterMethod<K extends keyof typeof ONE_API_ONLY>(
		method: K,
		itemIndex: number,
	): NonNullable<StorageAdapter[K]> {
		const found = this.adapter[method];
		if (found) return found as NonNullable<StorageAdapter[K]>;
		throw unavailable(this.node, ONE_API_ONLY[method], this.adapter.kind, STORAGE_UNAVAILABILITY, itemIndex);
	}
}
