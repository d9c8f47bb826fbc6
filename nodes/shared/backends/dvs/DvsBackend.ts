import type { IDataObject } from 'n8n-workflow';

import type { DvsSection } from '../../transport/dvs';
import type { UploadSource } from '../storage/StorageBackend';

export type { DvsSection } from '../../transport/dvs';

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

/** One entry of get_fields' `fields` (document 3, "Field descriptor"). */
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

/** One page of get_documents or get_comments, as the API answers it. */
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
}

export interface DvsUploadResult extends IDataObject {
	file_hash: string;
	upload_hash: string;
	reconciled?: boolean;
}

/**
 * Every DVS action the Svc DVS node and trigger use, with API-shaped results whichever kind of
 * connection serves them (the DVS JSON API, or the MCP endpoint's DVS tools). Writes take
 * effect exactly once: after an uncertain outcome they read back before any retry.
 */
export interface DvsBackend {
	readonly kind: 'rest' | 'mcp';
	getFields(section: DvsSection, itemIndex: number): Promise<DvsSchema>;
	/** Assignable users; `projectId` is required for tasks and ignored elsewhere. */
	getUsers(section: DvsSection, projectId: number | undefined, itemIndex: number): Promise<DvsUser[]>;
	searchUsers(query: { pattern: string; limit?: number; taskId?: number }, itemIndex: number): Promise<DvsUser[]>;
	getDocument(section: DvsSection, documentId: number, itemIndex: number): Promise<IDataObject>;
	listDocuments(section: DvsSection, query: DvsListQuery, itemIndex: number): Promise<DvsPage>;
	getComments(taskId: number, page: { limit: number; offset: number }, itemIndex: number): Promise<DvsPage>;
	createDocument(section: DvsSection, values: DvsFieldValues, itemIndex: number): Promise<DvsWriteResult>;
	updateDocument(
		section: DvsSection,
		documentId: number,
		values: DvsFieldValues,
		itemIndex: number,
	): Promise<DvsWriteResult>;
	addComment(taskId: number, comment: string, itemIndex: number): Promise<DvsWriteResult>;
	uploadAttachment(taskId: number, source: UploadSource, itemIndex: number): Promise<DvsUploadResult>;
	/** The files in the task's attachment folder (storage folder entries); [] when it has none. */
	listAttachments(taskId: number, itemIndex: number): Promise<IDataObject[]>;
}
