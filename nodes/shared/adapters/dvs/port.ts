import type { IDataObject } from 'n8n-workflow';

import type { DvsRegister } from '../../transport/dvsApi';
import type { StorageDownload } from '../../transport/storageApi';
import type { UploadSource } from '../storage/port';
import type { Adapter } from '../adapter';

export type { DvsRegister } from '../../transport/dvsApi';

export type DvsFieldType =
	| 'text'
	| 'date'
	| 'html'
	| 'dropdown'
	| 'dropdown_ids'
	| 'relation'
	| 'relation_ids'
	| 'user_id'
	| 'user_ids';

/** One entry of get_fields' `fields` (the DVS API, "Field descriptor"). */
export interface DvsFieldDescriptor {
	name: string;
	label: string;
	/** One of DvsFieldType; a newer server may report a type this package does not know yet. */
	type: string;
	required: boolean;
	filter: boolean;
	options?: DvsReference[];
	section?: string;
	list_action?: string;
	depends_on?: string;
}

export interface DvsReference {
	id: number;
	display_name: string;
}

/** get_fields: the register's schema, the actions the server offers, and who is calling. */
export interface DvsSchema {
	fields: DvsFieldDescriptor[];
	actions: string[];
	/** The authenticated account; absent when the server does not report it. */
	actor?: { id: number; org_id: number };
}

/** get_users items ({id, display_name}); search_users items also carry has_access. */
export type DvsUser = DvsReference & { has_access?: boolean };

export type DvsOrder = 'newest' | 'oldest';

/** get_documents filters: several values of one field are OR, different fields AND. */
export type DvsFilters = Record<string, Array<number | string>>;

export interface DvsListQuery {
	limit: number;
	offset: number;
	filters?: DvsFilters;
	order?: DvsOrder;
}

/** One page of a document or comment listing, as the API answers it. */
export interface DvsPage {
	items: IDataObject[];
	total: number;
	limit: number;
	offset: number;
	/** get_documents only: the order the service applied. */
	order?: DvsOrder;
}

/** Values for create_document / update_document, keyed by field name, as the API takes them. */
export type DvsFieldValues = Record<string, string | number | number[] | null>;

/** A write's answer, with `reconciled: true` when it was found by reading back after a lost answer. */
export interface DvsWriteResult extends IDataObject {
	dvs_document_id: number;
	reconciled?: boolean;
	/** Why the write is not this run's own (the services' executor, `writeOnce`). */
	reconciledWhy?: string;
	/** What an earlier try wrote for this item before the node was edited (earlierRuns.ts). */
	earlierWrite?: IDataObject;
	/** The document as the write's own answer shows it, where the API reads it back itself (the MCP endpoint). */
	document?: IDataObject;
}

export interface DvsUploadResult extends IDataObject {
	file_hash: string;
	upload_hash: string;
	reconciled?: boolean;
}

/**
 * One kind of connection to the DVS (the DVS API, or the MCP endpoint's DVS tools): each
 * method is one request (or one tool call) with its answer in the DVS API's shape. Whether a
 * write happened, and what to do when that is unknown, is the DVS service's decision.
 */
export interface DvsAdapter extends Adapter {
	/** The registers the adapter reaches (the MCP endpoint's DVS tools: tasks and projects only). */
	readonly registers: readonly DvsRegister[];
	/** The longest comment the adapter takes, in characters (the MCP endpoint's tool: 20000; the DVS API sets none). */
	readonly maxCommentLength?: number;
	/** The register's fields (the DVS service keeps them for the execution). */
	getFields(register: DvsRegister, itemIndex: number): Promise<DvsSchema>;
	/** Assignable users; `projectId` is required for tasks and ignored elsewhere. */
	getUsers(register: DvsRegister, projectId: number | undefined, itemIndex: number): Promise<DvsUser[]>;
	searchUsers(query: { pattern: string; limit?: number; taskId?: number }, itemIndex: number): Promise<DvsUser[]>;
	getDocument(register: DvsRegister, documentId: number, itemIndex: number): Promise<IDataObject>;
	listDocuments(register: DvsRegister, query: DvsListQuery, itemIndex: number): Promise<DvsPage>;
	getComments(taskId: number, page: { limit: number; offset: number }, itemIndex: number): Promise<DvsPage>;
	/** The entries of a task's attachment folder (its `upload_hash`). */
	listAttachmentFolder(uploadHash: string, taskId: number, itemIndex: number): Promise<IDataObject[]>;
	/** A file of a task's attachment folder, its bytes as a stream (what a lost upload's own file must hold). */
	downloadAttachment(fileHash: string, taskId: number, itemIndex: number): Promise<StorageDownload>;
	/** The creates' `leaving` is called as the request goes (exactlyOnce/uncertainWrite.ts `UncertainWrite.write`). */
	sendCreate(
		register: DvsRegister,
		values: DvsFieldValues,
		itemIndex: number,
		leaving?: () => void,
	): Promise<DvsWriteResult>;
	sendUpdate(
		register: DvsRegister,
		documentId: number,
		values: DvsFieldValues,
		itemIndex: number,
	): Promise<DvsWriteResult>;
	sendComment(taskId: number, comment: string, itemIndex: number, leaving?: () => void): Promise<DvsWriteResult>;
	/** Checks an attachment (MCP: reads it whole, within its limit) and returns the request that sends it. */
	prepareUpload(
		taskId: number,
		source: UploadSource,
		itemIndex: number,
	): Promise<(leaving?: () => void) => Promise<DvsUploadResult>>;
}

/**
 * The task register's field naming a task's project (get_fields, create_params, filters): set on create,
 * never changed.
 */
export const TASK_PROJECT_FIELD = 'dvs_project_id';
