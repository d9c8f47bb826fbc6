import type { IDataObject, INode } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import type { UncertainWrite } from '../exactlyOnce/reconcile';
import { markedReconciled, writeExactlyOnce } from '../exactlyOnce/reconcile';
import type { ItemWriteRecords } from '../exactlyOnce/writeRecords';
import type { UploadSource } from '../../adapters/storage/port';
import type { DvsReader, ReadBackScope } from './readBack';
import {
	addCommentWrite,
	commentCount,
	createDocumentWrite,
	newestDocuments,
	updateDocumentWrite,
	uploadAttachmentWrite,
} from './readBack';
import { refId } from './sentValues';
import { missingValues } from './sentValues';
import type {
	DvsFieldDescriptor,
	DvsFieldValues,
	DvsListQuery,
	DvsPage,
	DvsSchema,
	DvsSection,
	DvsUploadResult,
	DvsUser,
	DvsAdapter,
	DvsWriteResult,
} from '../../adapters/dvs/port';
import { TASK_PROJECT_FIELD } from '../../adapters/dvs/port';
import { ServiceOverAdapter } from '../ServiceOverAdapter';
import { DvsReferences } from './references';
import { asId } from '../mappedValues';
import { OUTCOME_UNCERTAIN } from '../../transport/errors';

/**
 * A create whose lost answer was settled by finding the document, whose fields could then not be
 * read or completed (a read that timed out on a busy machine, say): the document exists, whether
 * it holds every value sent is not known.
 */
function partialCreateUnchecked(node: INode, documentId: number, cause: unknown, itemIndex: number): NodeApiError {
	const reason = cause instanceof Error ? cause.message : String(cause);
	return new NodeApiError(
		node,
		{ message: reason },
		{
			message:
				`${OUTCOME_UNCERTAIN}: document ${documentId} was created, but whether it holds every value ` +
				`sent could not be checked`,
			description:
				`The service's answer to the create was lost; reading back found document ${documentId}, ` +
				`but checking its fields failed (${reason}). Do not create it again: open document ${documentId} ` +
				`and check its fields, or update it with the same values.`,
			itemIndex,
		},
	);
}

/**
 * Every DVS action the Svc DVS node and trigger use, whichever adapter serves it (the DVS JSON API
 * or the MCP endpoint's DVS tools), with the same results. The decisions about writes are made
 * here once: each write is settled by reconcile.ts with the read-backs of readBack.ts (what
 * counts as our document, comment or attachment), and a create written in part is
 * completed by an update.
 */
export class DvsService extends ServiceOverAdapter<DvsAdapter> implements DvsReader {
	private readonly references = new DvsReferences(this.node, this);

	/** Whether the adapter reaches a register (the MCP endpoint reaches tasks and projects only). */
	reaches(section: DvsSection): boolean {
		return this.adapter.sections.includes(section);
	}

	/** A document's ID from its ID, visible number or exact name (references.ts). */
	async documentIdOf(section: DvsSection, reference: string, itemIndex: number): Promise<number> {
		return await this.references.documentIdOf(section, reference, itemIndex);
	}

	/** A user's ID from its ID or name, among the users the register (and the task's project) accepts. */
	async userIdOf(
		section: DvsSection,
		projectId: number | undefined,
		reference: string,
		itemIndex: number,
	): Promise<number> {
		return await this.references.userIdOf(section, projectId, reference, itemIndex);
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
	private readonly schemas = new Map<DvsSection, Promise<DvsSchema>>();

	async getFields(section: DvsSection, itemIndex: number): Promise<DvsSchema> {
		let schema = this.schemas.get(section);
		if (!schema) {
			schema = (async () => {
				let read = false;
				try {
					const fields = await this.adapter.getFields(section, itemIndex);
					read = true;
					return fields;
				} finally {
					if (!read) this.schemas.delete(section);
				}
			})();
			this.schemas.set(section, schema);
		}
		return await schema;
	}

	async getUsers(section: DvsSection, projectId: number | undefined, itemIndex: number): Promise<DvsUser[]> {
		return await this.adapter.getUsers(section, projectId, itemIndex);
	}

	async searchUsers(
		query: { pattern: string; limit?: number; taskId?: number },
		itemIndex: number,
	): Promise<DvsUser[]> {
		return await this.adapter.searchUsers(query, itemIndex);
	}

	async getDocument(section: DvsSection, documentId: number, itemIndex: number): Promise<IDataObject> {
		return await this.adapter.getDocument(section, documentId, itemIndex);
	}

	async listDocuments(section: DvsSection, query: DvsListQuery, itemIndex: number): Promise<DvsPage> {
		return await this.adapter.listDocuments(section, query, itemIndex);
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

	/** The files in the task's attachment folder (storage folder entries); [] when it has none. */
	async listAttachments(taskId: number, itemIndex: number): Promise<IDataObject[]> {
		return (await this.attachmentFolder(taskId, itemIndex)).entries;
	}

	private async settle<TResult extends IDataObject>(
		write: UncertainWrite<TResult>,
		records: ItemWriteRecords | undefined,
		itemIndex: number,
	): Promise<TResult & { reconciled?: boolean }> {
		return markedReconciled(await writeExactlyOnce(this.node, write, itemIndex, records));
	}

	async createDocument(section: DvsSection, values: DvsFieldValues, itemIndex: number): Promise<DvsWriteResult> {
		const records = this.recordsFor(itemIndex);
		const project = section === 'task' ? values[TASK_PROJECT_FIELD] : undefined;
		const filters = typeof project === 'number' ? { [TASK_PROJECT_FIELD]: [project] } : undefined;
		const before = await this.lookOnce(
			`create:${section}:${typeof project === 'number' ? project : ''}`,
			async () =>
				(await newestDocuments(this, section, filters, itemIndex))
					.map((doc) => refId(doc.dvs_document_id))
					.filter((id): id is number => id !== undefined),
			records,
		);
		const send = async () => await this.adapter.sendCreate(section, values, itemIndex);
		const write = createDocumentWrite(this.scope(itemIndex, records), { section, filters, before }, values, send);
		const created = await this.settle(write, records, itemIndex);
		if (!created.reconciled) return created;
		try {
			await this.completePartialCreate(section, created.dvs_document_id, values, itemIndex);
		} catch (error) {
			throw partialCreateUnchecked(this.node, created.dvs_document_id, error, itemIndex);
		}
		return created;
	}

	/**
	 * A create whose answer was lost may have written in part (the DVS API: no rollback, e.g. the
	 * relation rows missing); what did not land is written by an update, which is safe to repeat.
	 */
	private async completePartialCreate(
		section: DvsSection,
		documentId: number,
		values: DvsFieldValues,
		itemIndex: number,
	): Promise<void> {
		const changeable = { ...values };
		delete changeable[TASK_PROJECT_FIELD];
		const missing = await missingValues(this, section, documentId, changeable, itemIndex);
		if (Object.keys(missing).length > 0) await this.updateDocument(section, documentId, missing, itemIndex, false);
	}

	/** `recorded: false` for the completion of a recorded create, which that create's record stands for. */
	async updateDocument(
		section: DvsSection,
		documentId: number,
		values: DvsFieldValues,
		itemIndex: number,
		recorded = true,
	): Promise<DvsWriteResult> {
		const records = recorded ? this.recordsFor(itemIndex) : undefined;
		const send = async () => await this.adapter.sendUpdate(section, documentId, values, itemIndex);
		const write = updateDocumentWrite(this.scope(itemIndex, records), section, documentId, values, send);
		return await this.settle(write, records, itemIndex);
	}

	async addComment(taskId: number, comment: string, itemIndex: number): Promise<DvsWriteResult> {
		const length = [...comment].length;
		const max = this.adapter.maxCommentLength;
		if (max !== undefined && length > max) {
			throw new NodeOperationError(
				this.node,
				`The parameter "Comment" is too long for Svc's MCP endpoint (${length} characters with mentions)`,
				{
					itemIndex,
					description:
						`The MCP endpoint takes at most ${max} characters. Shorten the comment, or use the Svc DVS ` +
						`API credential, which has no such limit.`,
				},
			);
		}
		const records = this.recordsFor(itemIndex);
		const before = await this.lookOnce(
			`comment:${taskId}`,
			async () => await commentCount(this, taskId, itemIndex),
			records,
		);
		const send = async () => await this.adapter.sendComment(taskId, comment, itemIndex);
		const write = addCommentWrite(this.scope(itemIndex, records), { taskId, before }, comment, send);
		return await this.settle(write, records, itemIndex);
	}

	async uploadAttachment(taskId: number, source: UploadSource, itemIndex: number): Promise<DvsUploadResult> {
		const records = this.recordsFor(itemIndex);
		const send = await this.adapter.prepareUpload(taskId, source, itemIndex);
		const write = uploadAttachmentWrite(this.scope(itemIndex, records), taskId, source, send);
		return await this.settle(write, records, itemIndex);
	}
}
