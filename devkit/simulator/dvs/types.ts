/** The registers document 3 names; every other `dvs_section` answers 400. */
export const DVS_SECTIONS = ['task', 'project_2', 'contact_person', 'client'] as const;
export type DvsSection = (typeof DVS_SECTIONS)[number];

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

export interface DvsOption {
	id: number;
	display_name: string;
}

export interface DvsFieldDef {
	name: string;
	label: string;
	type: DvsFieldType;
	required: boolean;
	filter: boolean;
	/** dropdown and dropdown_ids: the organization's own option ids. */
	options?: DvsOption[];
	/** relation and relation_ids: the register the ids belong to. */
	section?: DvsSection;
	list_action?: 'get_documents' | 'get_users';
	depends_on?: string;
	/** `text` holding a number (estimated_hours, spent_hours). */
	numeric?: boolean;
	/** Value a create gets when the field is omitted. */
	default?: DvsValue;
}

/** Stored field values: raw ids and strings, exactly what create/update accept. */
export type DvsValue = string | number | number[] | null;

/** Access below write: `read` sees the register, `own` only records the user is involved in. */
export type DvsReadLevel = 'read' | 'own';
export type DvsPermission = 'write' | DvsReadLevel;

export interface DvsOrganization {
	id: number;
	name: string;
	/** Prefix of generated full numbers, e.g. `ACME` gives `ACME-T-0001`. */
	numberPrefix: string;
	/** Registers enabled for the organization; the others answer 405. */
	enabledSections: DvsSection[];
	fields: Record<DvsSection, DvsFieldDef[]>;
	/** Storage account that owns the task attachment folders. */
	attachmentOwnerId: number;
}

export interface DvsHistoryEntry {
	kind: 'create' | 'update' | 'upload' | 'comment';
	at: number;
	actorId: number;
	fields?: string[];
	fileName?: string;
	fileHash?: string;
	commentId?: number;
}

export interface DvsDocument {
	id: number;
	orgId: number;
	section: DvsSection;
	fullNumber: string;
	values: Record<string, DvsValue>;
	creatorId: number;
	createdAt: number;
	updatedAt: number;
	/** Tasks: hash of the attachment folder once the first upload created it. */
	uploadHash?: string;
	history: DvsHistoryEntry[];
}

export interface DvsComment {
	id: number;
	taskId: number;
	/** May be an id of another organization or of no account at all (shown as a null author). */
	authorId: number;
	/** As stored: HTML-escaped API text, or rich HTML written in the web interface. */
	storedHtml: string;
	createdAt: number;
	deleted: boolean;
}

export type DvsNotificationKind = 'create' | 'update' | 'comment' | 'upload' | 'mention';

/** One e-mail batch the service would send; tests assert side effects on these. */
export interface DvsNotification {
	seq: number;
	kind: DvsNotificationKind;
	orgId: number;
	section: DvsSection;
	documentId: number;
	actorId: number;
	/** Account ids that get the e-mail. */
	userIds: number[];
	/** contact_person document ids (a task's ext_notif_receiver) that get the e-mail. */
	contactIds: number[];
	at: number;
	commentId?: number;
	fileHash?: string;
}
