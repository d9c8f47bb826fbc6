import type { IDataObject } from 'n8n-workflow';

import type { ItemTimeout } from '../../transport/timeouts';
import type { ServiceContext } from '../../transport/http';
import { streamedFile } from '../../transport/multipart';
import type { DvsCallOptions } from '../../transport/dvsApi';
import {
	DVS_REGISTER_LABELS,
	callDvs,
	downloadDvsAttachment,
	listDvsAttachmentFolder,
	uploadToDvs,
} from '../../transport/dvsApi';
import type { StorageDownload } from '../../transport/storageApi';
import type { RestAction } from '../../transport/restCatalogue';
import { REST } from '../../transport/restCatalogue';
import type { UploadSource } from '../storage/port';
import type {
	DvsFieldDescriptor,
	DvsFieldValues,
	DvsListQuery,
	DvsPage,
	DvsSchema,
	DvsRegister,
	DvsUploadResult,
	DvsUser,
	DvsAdapter,
	DvsWriteResult,
} from './port';
import { actorOf, dvsPageOf } from './answerFields';
import { commentsArguments, listDocumentsArguments, searchUsersArguments } from './requestArguments';

function objects(value: unknown): IDataObject[] {
	return Array.isArray(value) ? (value.filter((entry) => entry && typeof entry === 'object') as IDataObject[]) : [];
}

function asUsers(body: IDataObject): DvsUser[] {
	return objects(body.users) as unknown as DvsUser[];
}

/** A folder listing as entries, whether the service answers with an array or wraps it. */
function folderEntries(body: unknown): IDataObject[] {
	if (Array.isArray(body)) return objects(body);
	if (body && typeof body === 'object') {
		for (const key of ['items', 'content', 'data']) {
			const nested = (body as IDataObject)[key];
			if (Array.isArray(nested)) return objects(nested);
		}
	}
	return [];
}

/** The DVS API as a DvsAdapter: each call one request, its answer in the API's shape. */
export class RestDvsAdapter implements DvsAdapter {
	readonly kind = 'rest' as const;

	readonly registers = Object.keys(DVS_REGISTER_LABELS) as DvsRegister[];

	constructor(
		private readonly ctx: ServiceContext,
		/** The request timeout for an item (each item may set its own). */
		private readonly itemTimeout: ItemTimeout = () => undefined,
	) {}

	async close(): Promise<void> {}

	/** Every DVS write of this adapter is settled by the DVS service. */
	private options(purpose: string, itemIndex: number): DvsCallOptions {
		return { purpose, itemIndex, timeoutMs: this.itemTimeout(itemIndex) };
	}

	/**
	 * One DVS API call for an item. Not async, nor are the writes below: a promise handed on (its answer shaped in
	 * `then`) adds no frame above the request.
	 */
	private call(
		register: DvsRegister,
		name: RestAction,
		params: IDataObject,
		purpose: string,
		itemIndex: number,
	): Promise<IDataObject> {
		return callDvs(this.ctx, register, name, params, this.options(purpose, itemIndex));
	}

	async getFields(register: DvsRegister, itemIndex: number): Promise<DvsSchema> {
		const body = await this.call(register, REST.getFields, {}, 'read the field list', itemIndex);
		return {
			fields: objects(body.fields) as unknown as DvsFieldDescriptor[],
			actions: Array.isArray(body.actions) ? body.actions.map(String) : [],
			...actorOf(body.actor),
		};
	}

	async getUsers(register: DvsRegister, projectId: number | undefined, itemIndex: number): Promise<DvsUser[]> {
		const params = register === 'task' ? { dvs_project_id: projectId } : {};
		const body = await this.call(register, REST.getUsers, params, 'list the assignable users', itemIndex);
		return asUsers(body);
	}

	async searchUsers(
		query: { pattern: string; limit?: number; taskId?: number },
		itemIndex: number,
	): Promise<DvsUser[]> {
		const params = searchUsersArguments(query);
		const body = await this.call('task', REST.searchUsers, params, 'search users', itemIndex);
		return asUsers(body);
	}

	async getDocument(register: DvsRegister, documentId: number, itemIndex: number): Promise<IDataObject> {
		return await this.call(
			register,
			REST.getDocument,
			{ dvs_document_id: documentId },
			`read document ${documentId}`,
			itemIndex,
		);
	}

	async listDocuments(register: DvsRegister, query: DvsListQuery, itemIndex: number): Promise<DvsPage> {
		const params = listDocumentsArguments(query);
		const body = await this.call(register, REST.getDocuments, params, 'list documents', itemIndex);
		return dvsPageOf(body, query);
	}

	async getComments(taskId: number, page: { limit: number; offset: number }, itemIndex: number): Promise<DvsPage> {
		const body = await this.call(
			'task',
			REST.getComments,
			commentsArguments(taskId, page),
			`read the comments of task ${taskId}`,
			itemIndex,
		);
		return dvsPageOf(body, page);
	}

	private writtenId(body: IDataObject, fallback?: number): DvsWriteResult {
		const id =
			typeof body.dvs_document_id === 'number' ? body.dvs_document_id : Number(body.dvs_document_id ?? fallback);
		return { ...body, dvs_document_id: Number.isFinite(id) ? id : (fallback ?? 0) };
	}

	sendCreate(register: DvsRegister, values: DvsFieldValues, itemIndex: number): Promise<DvsWriteResult> {
		const params = { create_params: values };
		return this.call(register, REST.createDocument, params, 'create the document', itemIndex).then((body) =>
			this.writtenId(body),
		);
	}

	sendUpdate(
		register: DvsRegister,
		documentId: number,
		values: DvsFieldValues,
		itemIndex: number,
	): Promise<DvsWriteResult> {
		const params = { dvs_document_id: documentId, update_params: values };
		return this.call(register, REST.updateDocument, params, `update document ${documentId}`, itemIndex).then((body) =>
			this.writtenId(body, documentId),
		);
	}

	sendComment(taskId: number, comment: string, itemIndex: number): Promise<DvsWriteResult> {
		const params = { dvs_document_id: taskId, comment };
		return this.call('task', REST.addComment, params, `comment on task ${taskId}`, itemIndex).then((body) =>
			this.writtenId(body, taskId),
		);
	}

	/** The attachment streams from its source for each attempt. */
	async prepareUpload(
		taskId: number,
		source: UploadSource,
		itemIndex: number,
	): Promise<() => Promise<DvsUploadResult>> {
		return () =>
			uploadToDvs(
				this.ctx,
				taskId,
				() => streamedFile(source.fileName, source.mimeType, source.size, () => source.open()),
				this.options(`attach "${source.fileName}" to task ${taskId}`, itemIndex),
			).then((body) => ({ ...body, file_hash: String(body.file_hash), upload_hash: String(body.upload_hash ?? '') }));
	}

	/** The DVS API: the storage API's folder listing on the task's upload_hash, with the DVS credential. */
	async listAttachmentFolder(uploadHash: string, taskId: number, itemIndex: number): Promise<IDataObject[]> {
		const body = await listDvsAttachmentFolder(
			this.ctx,
			uploadHash,
			this.options(`list the attachments of task ${taskId}`, itemIndex),
		);
		return folderEntries(body);
	}

	/** The storage API's download_file with the DVS credential, as the attachment folder's listing is. */
	async downloadAttachment(fileHash: string, taskId: number, itemIndex: number): Promise<StorageDownload> {
		return await downloadDvsAttachment(
			this.ctx,
			fileHash,
			this.options(`read an attachment of task ${taskId}`, itemIndex),
		);
	}
}
