import type { IDataObject } from 'n8n-workflow';

import type { ItemWriteRecords } from '../exactlyOnce/writeRecords';
import { writeOnce } from '../exactlyOnce/executor';
import { nameClaim } from '../storage/entries';
import type { UploadSource } from '../../adapters/storage/port';
import type { StorageDownload } from '../../transport/storageApi';
import type { DvsReader, ReadBackScope } from './readBack';
import { addCommentWrite, commentCount, createDocumentWrite, newestDocuments, updateDocumentWrite } from './readBack';
import { uploadAttachmentWrite } from './attachmentWrite';
import { completePartialCreate } from './sentValues';
import { refId, trimmed } from './createdDocuments';
import { commentKey, refuseLongComment } from './commentText';
import { CreatedOutputs } from './createdOutput';
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
} from '../../adapters/dvs/port';
import { TASK_PROJECT_FIELD } from '../../adapters/dvs/port';
import { ServiceOverAdapter } from '../ServiceOverAdapter';
import { DvsReferences } from './references';
import { asId } from '../mappedValues';

/** The project a task is created in (its register's newest documents are those of the project). */
function projectOf(register: DvsRegister, values: DvsFieldValues): number | undefined {
	const project = register === 'task' ? values[TASK_PROJECT_FIELD] : undefined;
	return typeof project === 'number' ? project : undefined;
}

/** Where a create goes: the run's look at it and the creates' claim are named by it. */
function createPlace(register: DvsRegister, values: DvsFieldValues): string {
	return `create:${register}:${projectOf(register, values) ?? ''}`;
}

/**
 * Every DVS action the Svc DVS node and trigger use, whichever adapter serves it (the DVS API
 * or the MCP endpoint's DVS tools), with the same results. Each write is planned here (its claim, the
 * look its run takes once, its send) and run exactly once by the executor (exactlyOnce/executor.ts
 * `writeOnce`) with the reads of readBack.ts; a create written in part is completed by an update. The
 * write methods hand on the executor's promise: no frame of their own (a create's output, createdOutput.ts, is built in
 * the promise's `then`), nor have the adapters' sends.
 */
export class DvsService extends ServiceOverAdapter<DvsAdapter> implements DvsReader {
	private readonly references = new DvsReferences(this.node, this);

	/** Whether the adapter reaches a register (the MCP endpoint reaches tasks and projects only). */
	reaches(register: DvsRegister): boolean {
		return this.adapter.registers.includes(register);
	}

	/** A document's ID from its ID, visible number or exact name (references.ts). */
	async documentIdOf(register: DvsRegister, reference: string, itemIndex: number): Promise<number> {
		if (asId(reference) === undefined) await this.afterEarlierWrites(itemIndex);
		return await this.references.documentIdOf(register, reference, itemIndex);
	}

	/** A user's ID from its ID or name, among the users the register (and the task's project) accepts. */
	async userIdOf(
		register: DvsRegister,
		projectId: number | undefined,
		reference: string,
		itemIndex: number,
	): Promise<number> {
		return await this.references.userIdOf(register, projectId, reference, itemIndex);
	}

	/** The project a task belongs to (get_document): whose users its user fields accept. */
	async projectOfTask(taskId: number, itemIndex: number): Promise<number | undefined> {
		const project = (await this.getDocument('task', taskId, itemIndex))[TASK_PROJECT_FIELD];
		return asId(project && typeof project === 'object' ? (project as { id?: unknown }).id : project);
	}

	/** A dropdown option's ID from its ID or name; undefined when the field has none such. */
	optionIdOf(field: DvsFieldDescriptor, reference: unknown): number | undefined {
		return this.references.optionIdOf(field, reference);
	}

	private scope(itemIndex: number, records: ItemWriteRecords | undefined): ReadBackScope {
		return { node: this.node, reader: this, itemIndex, records, clock: this.clock };
	}

	/** Looks taken once per destination, for executions whose runs record nothing (the run's records keep them). */
	private readonly looks = new Map<string, Promise<unknown>>();

	/**
	 * What a destination held before this run's first write to it (a register's newest documents, a task's comment
	 * count), taken once per run and kept with the run's records so that a retry settles against the same look.
	 */
	private async lookOnce<T>(key: string, take: () => Promise<T>, records: ItemWriteRecords | undefined): Promise<T> {
		if (records) return await records.look(key, take);
		if (!this.looks.has(key)) this.looks.set(key, take());
		return (await this.looks.get(key)) as T;
	}

	/** get_fields per register, asked once per execution (a failed read is asked again). */
	private readonly schemas = new Map<DvsRegister, Promise<DvsSchema>>();

	async getFields(register: DvsRegister, itemIndex: number): Promise<DvsSchema> {
		let schema = this.schemas.get(register);
		if (!schema) {
			schema = (async () => {
				let read = false;
				try {
					const fields = await this.adapter.getFields(register, itemIndex);
					read = true;
					return fields;
				} finally {
					if (!read) this.schemas.delete(register);
				}
			})();
			this.schemas.set(register, schema);
		}
		return await schema;
	}

	async getUsers(register: DvsRegister, projectId: number | undefined, itemIndex: number): Promise<DvsUser[]> {
		return await this.adapter.getUsers(register, projectId, itemIndex);
	}

	async searchUsers(
		query: { pattern: string; limit?: number; taskId?: number },
		itemIndex: number,
	): Promise<DvsUser[]> {
		return await this.adapter.searchUsers(query, itemIndex);
	}

	async getDocument(register: DvsRegister, documentId: number, itemIndex: number): Promise<IDataObject> {
		return await this.adapter.getDocument(register, documentId, itemIndex);
	}

	async listDocuments(register: DvsRegister, query: DvsListQuery, itemIndex: number): Promise<DvsPage> {
		return await this.adapter.listDocuments(register, query, itemIndex);
	}

	async getComments(taskId: number, page: { limit: number; offset: number }, itemIndex: number): Promise<DvsPage> {
		return await this.adapter.getComments(taskId, page, itemIndex);
	}

	/** The task's attachment folder (the DVS API: `upload_hash`, null when it has none or it is not viewable). */
	async attachmentFolder(
		taskId: number,
		itemIndex: number,
	): Promise<{ uploadHash: string | null; entries: IDataObject[] }> {
		const task = await this.getDocument('task', taskId, itemIndex);
		const uploadHash = typeof task.upload_hash === 'string' && task.upload_hash ? task.upload_hash : null;
		if (uploadHash === null) return { uploadHash, entries: [] };
		return { uploadHash, entries: await this.adapter.listAttachmentFolder(uploadHash, taskId, itemIndex) };
	}

	/** A file of the task's attachment folder, its bytes as a stream. */
	async downloadAttachment(fileHash: string, taskId: number, itemIndex: number): Promise<StorageDownload> {
		return await this.adapter.downloadAttachment(fileHash, taskId, itemIndex);
	}

	/** The files in the task's attachment folder (storage folder entries); [] when it has none. */
	async listAttachments(taskId: number, itemIndex: number): Promise<IDataObject[]> {
		return (await this.attachmentFolder(taskId, itemIndex)).entries;
	}

	/** What creates output where the answer is the ID alone: the documents, from few reads (createdOutput.ts). */
	private readonly createdOutputs = new CreatedOutputs(this, this.everyItemBegun());

	/**
	 * create_document, run exactly once; a create whose own answer came is output as get_document shows it, built
	 * from a listing that serves the run's other creates too where it can (createdOutput.ts). A create settled by
	 * reading back is left to the caller's get_document.
	 */
	createDocument(register: DvsRegister, values: DvsFieldValues, itemIndex: number): Promise<DvsWriteResult> {
		const project = projectOf(register, values);
		const filters = project === undefined ? undefined : { [TASK_PROJECT_FIELD]: [project] };
		const place = { key: createPlace(register, values), register, filters };
		return this.createdOutputs.withDocument(place, values, itemIndex, () =>
			this.createOnce(register, values, itemIndex),
		);
	}

	private createOnce(register: DvsRegister, values: DvsFieldValues, itemIndex: number): Promise<DvsWriteResult> {
		const item = this.item(itemIndex);
		const project = projectOf(register, values);
		const filters = project === undefined ? undefined : { [TASK_PROJECT_FIELD]: [project] };
		const place = createPlace(register, values);
		return writeOnce(this.node, item, () => ({
			// A read-back tells a created document by its name (readBack.ts createDocumentWrite).
			claim: { place, key: trimmed(values.name) },
			describe: async () => {
				const before = await this.lookOnce(
					place,
					async () =>
						(await newestDocuments(this, register, filters, itemIndex))
							.map((doc) => refId(doc.dvs_document_id))
							.filter((id): id is number => id !== undefined),
					item.records,
				);
				const send = (leaving?: () => void) => this.adapter.sendCreate(register, values, itemIndex, leaving);
				const target = { register, filters, before };
				return createDocumentWrite(this.scope(itemIndex, item.records), target, values, send);
			},
			settled: async (created) => {
				if (!created.reconciled) return;
				const update = async (missing: DvsFieldValues) =>
					void (await this.updateDocument(register, created.dvs_document_id, missing, itemIndex, false));
				const document = { register, documentId: created.dvs_document_id, values, update };
				await completePartialCreate(this, this.node, document, itemIndex);
			},
		}));
	}

	/** `recorded: false` for the completion of a recorded create, which that create's record stands for. */
	updateDocument(
		register: DvsRegister,
		documentId: number,
		values: DvsFieldValues,
		itemIndex: number,
		recorded = true,
	): Promise<DvsWriteResult> {
		const item = recorded ? this.item(itemIndex) : { itemIndex };
		const send = () => this.adapter.sendUpdate(register, documentId, values, itemIndex);
		return writeOnce(this.node, item, () => ({
			claim: { place: `${register} ${documentId}` },
			describe: () => updateDocumentWrite(this.scope(itemIndex, item.records), register, documentId, values, send),
		}));
	}

	/**
	 * `inItemOrder`: the comment waits for every earlier item's comment on the task, so the thread shows them in item
	 * order; else only for those a read-back could take for it (the same text, commentText.ts `commentKey`).
	 */
	addComment(taskId: number, comment: string, itemIndex: number, inItemOrder: boolean): Promise<DvsWriteResult> {
		const item = this.item(itemIndex);
		return writeOnce(this.node, item, () => {
			refuseLongComment(this.node, comment, this.adapter.maxCommentLength, itemIndex);
			return {
				claim: { place: `comment:${taskId}`, ...(inItemOrder ? {} : { key: commentKey(comment) }) },
				describe: async () => {
					const take = async () => await commentCount(this, taskId, itemIndex);
					const before = await this.lookOnce(`comment:${taskId}`, take, item.records);
					const send = (leaving?: () => void) => this.adapter.sendComment(taskId, comment, itemIndex, leaving);
					return addCommentWrite(this.scope(itemIndex, item.records), { taskId, before }, comment, send);
				},
			};
		});
	}

	uploadAttachment(taskId: number, source: UploadSource, itemIndex: number): Promise<DvsUploadResult> {
		const item = this.item(itemIndex);
		return writeOnce(this.node, item, async () => {
			const send = await this.adapter.prepareUpload(taskId, source, itemIndex);
			return {
				claim: { place: `attachment:${taskId}`, ...nameClaim(source.fileName) },
				describe: () => uploadAttachmentWrite(this.scope(itemIndex, item.records), taskId, source, send),
			};
		});
	}
}
