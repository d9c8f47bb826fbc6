import type { Account } from '../accounts';
import type { FieldDescriptor } from '../dvs/domain/fields';

/**
 * What the MCP tools need from the storage and DVS stores. The lead adapts the real
 * simulator stores to these interfaces; `testing/` holds in-memory fakes.
 *
 * Division of work: the MCP layer enforces the connector's own rules (visibility via
 * `canSee`, rights via `canAdd`/`canEdit`/`canDownload`, root protection, same-owner moves,
 * no folder into its own subtree, `unchanged`, upload size and base64, import URL rules).
 * The port enforces the core storage rules (name conflicts without auto-rename, quota,
 * file-size limit, antivirus, locks, mandatory access types, upload-to-ROOT refusal).
 */

export type AccessType = 'PRIVATE' | 'LINK';

export interface StorageFolder {
	type: 'folder';
	hash: string;
	name: string;
	/** null for a ROOT folder. */
	parentHash: string | null;
	ownerId: number;
	accessType: AccessType;
	isRoot: boolean;
	/** End-to-end encrypted folders need the dedicated encryption client. */
	encrypted: boolean;
	createdAt: number;
	modifiedAt: number;
}

export interface StorageFile {
	type: 'file';
	hash: string;
	name: string;
	folderHash: string;
	ownerId: number;
	accessType: AccessType;
	size: number;
	mimeType: string;
	createdAt: number;
	modifiedAt: number;
	description?: string;
	tags?: string[];
}

export type StorageItem = StorageFolder | StorageFile;

/** Codes the core storage can answer a write with (document 2's write error codes). */
export type StorageWriteErrorCode =
	| 'name_conflict'
	| 'permission_denied'
	| 'quota_exceeded'
	| 'file_locked'
	| 'ownership_transfer_denied'
	| 'file_too_large'
	| 'virus_detected'
	| 'not_found';

export type PortResult<T, C extends string> = { ok: true; value: T } | { ok: false; code: C; message: string };

export type StorageResult<T> = PortResult<T, StorageWriteErrorCode>;

export interface StoragePort {
	rootOf(account: Account): StorageFolder | undefined;
	getFolder(hash: string): StorageFolder | undefined;
	getFile(hash: string): StorageFile | undefined;
	/**
	 * Direct children in the folder's raw, stable order, including items `account` cannot
	 * see: `svc_list_folder` offsets address this sequence.
	 */
	listChildrenRaw(folderHash: string): StorageItem[];
	canSee(account: Account, item: StorageItem): boolean;
	/** May add folders/files into this folder (add-only shares included). */
	canAdd(account: Account, folder: StorageFolder): boolean;
	/** May rename the item and remove it from its folder (move source right). */
	canEdit(account: Account, item: StorageItem): boolean;
	canDownload(account: Account, file: StorageFile): boolean;
	/** Creates without auto-rename: an existing sibling name gives `name_conflict`. */
	createFolder(account: Account, parentHash: string, name: string, requested: AccessType): StorageResult<StorageFolder>;
	/** Adds a new file; never replaces: an existing name gives `name_conflict`. */
	addFile(
		account: Account,
		folderHash: string,
		name: string,
		content: Buffer,
		mimeType: string,
	): StorageResult<StorageFile>;
	/** Renames without auto-rename (`name_conflict`); locked files give `file_locked`. */
	rename(account: Account, item: StorageItem, name: string): StorageResult<StorageItem>;
	/** Moves keeping the name (`name_conflict` in the target); effective access may change. */
	move(account: Account, item: StorageItem, targetFolderHash: string): StorageResult<StorageItem>;
	/** The central search (names and indexed metadata) over items the account can see. */
	search(account: Account, query: string, limit: number): StorageItem[];
	fileContent(hash: string): Buffer | undefined;
	/** Where a too-large-to-inline file can be downloaded, relative to the base URL or absolute. */
	downloadUrl(file: StorageFile): string;
}

export type DvsSection = 'task' | 'project_2';

export type DvsErrorCode =
	| 'permission_denied'
	| 'not_found'
	| 'invalid_argument'
	| 'name_conflict'
	| 'quota_exceeded'
	| 'file_too_large'
	| 'virus_detected';

export type DvsResult<T> = PortResult<T, DvsErrorCode>;

/** get_fields' descriptor as the DVS register gives it, with the field types the DVS API names. */
export interface DvsFieldDescriptor extends Omit<FieldDescriptor, 'type'> {
	type: 'text' | 'date' | 'html' | 'dropdown' | 'dropdown_ids' | 'relation' | 'relation_ids' | 'user_id' | 'user_ids';
	/** Generated or read-only fields cannot be set through create_params/update_params. */
	read_only?: boolean;
}

export interface DvsUserRef {
	id: number;
	display_name: string;
}

export type DvsDocument = Record<string, unknown> & { dvs_document_id: number };

export interface DvsComment {
	id: number;
	html: string;
	date_created: string;
	author: { id: number; display_name: string; org_id: number; is_active: boolean } | null;
}

export interface DvsListQuery {
	filters: Record<string, unknown>;
	limit: number;
	offset: number;
	order: 'newest' | 'oldest';
}

/** Mirrors document 3 for the account's own organization (no organization/user arguments). */
export interface DvsPort {
	/**
	 * The organization has every listed register and the user's group may write each of them.
	 * Document 2 requires it for every DVS tool, reads included.
	 */
	checkAccess(account: Account, sections: DvsSection[]): DvsResult<void>;
	getFields(account: Account, section: DvsSection): DvsResult<DvsFieldDescriptor[]>;
	getUsers(account: Account, section: DvsSection, projectId?: number): DvsResult<DvsUserRef[]>;
	getDocument(account: Account, section: DvsSection, id: number): DvsResult<DvsDocument>;
	listDocuments(
		account: Account,
		section: DvsSection,
		query: DvsListQuery,
	): DvsResult<{ items: DvsDocument[]; total: number }>;
	getComments(
		account: Account,
		taskId: number,
		limit: number,
		offset: number,
	): DvsResult<{ items: DvsComment[]; total: number }>;
	searchUsers(
		account: Account,
		pattern: string,
		limit: number,
		taskId?: number,
	): DvsResult<(DvsUserRef & { has_access: boolean })[]>;
	createTask(account: Account, params: Record<string, unknown>): DvsResult<{ id: number }>;
	updateTask(account: Account, id: number, params: Record<string, unknown>): DvsResult<{ id: number }>;
	addComment(account: Account, taskId: number, text: string): DvsResult<{ commentId: number }>;
	/** Attaches a new file; an existing name gives `name_conflict` (never numbered). */
	uploadFile(
		account: Account,
		taskId: number,
		fileName: string,
		content: Buffer,
		mimeType: string,
	): DvsResult<{ fileHash: string; uploadHash: string }>;
}
