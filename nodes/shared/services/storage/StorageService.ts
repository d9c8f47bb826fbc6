import type { IDataObject } from 'n8n-workflow';

import type { StorageDownload, StorageFieldValue, StorageFields } from '../../transport/storageApi';
import type { EntryKind } from '../../adapters/storage/entryFields';
import { StorageReferences, type ReferenceRules } from './references';
import type {
	ImportSource,
	NewFolder,
	RestCall,
	UploadOptions,
	UploadSource,
	WriteResult,
} from '../../adapters/storage/port';
import { StorageSets } from './StorageSets';
import type { StorageCall } from '../../transport/catalogue/storage';
import type { EntryWriteOptions } from './readBack';
import { entryPlan, type EntryWriter, type IfNameExists } from './entryWrites';
import { ListingClock, writeOnce, type Written } from '../exactlyOnce/executor';

/** What an operation gives a call through its catalogue entry: a value for each name the entry takes. */
type CallInputOf<T extends StorageCall> = Record<keyof T['takes'] & string, StorageFieldValue>;

/**
 * Every storage operation the Svc Storage node and trigger use, whichever adapter serves it (the
 * REST API or the MCP endpoint), with the same output fields. The decisions are made here once:
 *
 * - a create, upload or import (no idempotency key) is planned here (entryWrites.ts `entryPlan`: its claim, its
 *   send, its folder's listing) and run exactly once by the executor (exactlyOnce/executor.ts `writeOnce`):
 *   nothing is read before it; after an unknown outcome our entry is told from every other
 *   (exactlyOnce/evidence.ts `writtenEntry`). These methods hand on the executor's promise: no frame of their own;
 * - the sets and sends, the refusal of what a connection does not offer and ROOT's explained 405s: StorageSets.ts.
 */
export class StorageService extends StorageSets {
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

	uploadFile(
		folderHash: string,
		source: UploadSource,
		options: UploadOptions,
		itemIndex: number,
		ifNameExists: IfNameExists = 'keepBoth',
	): Promise<WriteResult> {
		const upload = writeOnce(this.node, this.item(itemIndex), async () => {
			const prepared = await this.adapter.prepareUpload(folderHash, source, options, itemIndex);
			const { folderUploadKey, ...shapedBy } = options;
			const written: EntryWriteOptions = {
				kind: 'file',
				subject: `the file "${source.fileName}"`,
				size: source.size,
				bytes: source,
				sizeMayChange: options.watermarkText !== undefined,
				shapedBy: { ...shapedBy, mimeType: source.mimeType, throughUploadKey: folderUploadKey !== undefined },
				unlistable: folderUploadKey
					? 'the credential may not list the folder (the upload went through its upload key), so the ' +
						'upload cannot be checked'
					: undefined,
			};
			const resultOf = async (hash: string) => await this.adapter.writtenEntry('file', hash, folderHash, itemIndex);
			return entryPlan(this.writer(itemIndex), prepared, written, ifNameExists, resultOf, itemIndex);
		});
		return this.explainingRoot('upload', folderHash, itemIndex, upload);
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
			// Svc stores what the source gave it, which the source may no longer give: bytes that differ prove nothing.
			const written = {
				kind: 'file' as const,
				subject: `the file "${fileName}"`,
				shapedBy: { source },
				bytes: prepared.content,
				sizeMayChange: true,
			};
			const resultOf = async (hash: string) => ({
				...(await this.adapter.writtenEntry('file', hash, folderHash, itemIndex)),
				status: 'created',
			});
			return entryPlan(this.writer(itemIndex), prepared, written, 'keepBoth', resultOf, itemIndex);
		});
	}

	async listSignatures(fields: StorageFields, itemIndex: number): Promise<unknown> {
		return await this.adapterMethod('listSignatures', itemIndex).call(this.adapter, fields, itemIndex);
	}

	async accountScript(call: RestCall, fields: StorageFields, itemIndex: number): Promise<IDataObject> {
		return await this.adapterMethod('accountScript', itemIndex).call(this.adapter, call, fields, itemIndex);
	}
}
