import type {
	DvsComment,
	DvsDocument,
	DvsFieldDef,
	DvsNotification,
	DvsOrganization,
	DvsReadLevel,
	DvsSection,
	DvsValue,
} from './types';

const SECTION_LETTER: Record<DvsSection, string> = { task: 'T', project_2: 'P', contact_person: 'C', client: 'K' };

export interface NewDocument {
	values: Record<string, DvsValue>;
	creatorId: number;
	/** Epoch milliseconds; defaults to the store clock. */
	createdAt?: number;
	id?: number;
}

/**
 * The DVS state of every organization: schemas, documents of all four registers, comments,
 * read permissions below write (write itself is `Account.dvsWriteSections`) and the
 * notifications the service would have sent. Document ids share one sequence across
 * registers and organizations, so no two organizations ever have the same id.
 */
export class DvsStore {
	readonly notifications: DvsNotification[] = [];

	private readonly orgs = new Map<number, DvsOrganization>();

	private readonly docs = new Map<number, DvsDocument>();

	private readonly commentList: DvsComment[] = [];

	private readonly readLevels = new Map<number, Partial<Record<DvsSection, DvsReadLevel>>>();

	private readonly numberCounters = new Map<string, number>();

	private nextDocId = 5001;

	private nextCommentId = 90001;

	private nextNotificationSeq = 1;

	/**
	 * How far the document times the API shows (`date_created`, `date_updated`) run from when things happened:
	 * 0 (UTC, in step with the HTTP `Date` clock) unless a test plays a service in another time zone (3_600_000:
	 * UTC+1) or a listing clock behind the `Date` clock (-120_000). Ordering keeps the true creation time.
	 */
	shownTimeShiftMs = 0;

	constructor(readonly clock: () => number = Date.now) {}

	addOrganization(org: DvsOrganization): DvsOrganization {
		if (this.orgs.has(org.id)) throw new Error(`organization ${org.id} exists`);
		this.orgs.set(org.id, org);
		return org;
	}

	org(id: number | undefined): DvsOrganization | undefined {
		return id === undefined ? undefined : this.orgs.get(id);
	}

	organizations(): DvsOrganization[] {
		return [...this.orgs.values()];
	}

	fieldsOf(orgId: number, section: DvsSection): DvsFieldDef[] {
		const org = this.orgs.get(orgId);
		if (!org) throw new Error(`unknown organization ${orgId}`);
		return org.fields[section];
	}

	/** Grants read or own-records access to a register (a user with write needs nothing here). */
	setReadLevel(accountId: number, section: DvsSection, level: DvsReadLevel | undefined): void {
		const levels = this.readLevels.get(accountId) ?? {};
		if (level) levels[section] = level;
		else delete levels[section];
		this.readLevels.set(accountId, levels);
	}

	readLevel(accountId: number, section: DvsSection): DvsReadLevel | undefined {
		return this.readLevels.get(accountId)?.[section];
	}

	/** Inserts without validation (seeding, tests, handlers after validating). */
	insertDocument(orgId: number, section: DvsSection, doc: NewDocument): DvsDocument {
		const org = this.orgs.get(orgId);
		if (!org) throw new Error(`unknown organization ${orgId}`);
		const id = doc.id ?? this.nextDocId++;
		if (this.docs.has(id)) throw new Error(`document ${id} exists`);
		this.nextDocId = Math.max(this.nextDocId, id + 1);
		const createdAt = doc.createdAt ?? this.clock();
		const counterKey = `${orgId}:${section}`;
		const number = (this.numberCounters.get(counterKey) ?? 0) + 1;
		this.numberCounters.set(counterKey, number);
		const stored: DvsDocument = {
			id,
			orgId,
			section,
			fullNumber: `${org.numberPrefix}-${SECTION_LETTER[section]}-${String(number).padStart(4, '0')}`,
			values: { ...doc.values },
			creatorId: doc.creatorId,
			createdAt,
			updatedAt: createdAt,
			history: [],
		};
		this.docs.set(id, stored);
		return stored;
	}

	/** The document only when it belongs to this organization and register. */
	document(orgId: number, section: DvsSection, id: number): DvsDocument | undefined {
		const doc = this.docs.get(id);
		return doc && doc.orgId === orgId && doc.section === section ? doc : undefined;
	}

	documentById(id: number): DvsDocument | undefined {
		return this.docs.get(id);
	}

	documents(orgId: number, section: DvsSection): DvsDocument[] {
		return [...this.docs.values()].filter((doc) => doc.orgId === orgId && doc.section === section);
	}

	/** Project workers: the `workers` field of a project_2 document. */
	projectWorkers(projectId: number): number[] {
		const workers = this.docs.get(projectId)?.values.workers;
		return Array.isArray(workers) ? workers : [];
	}

	insertComment(comment: Omit<DvsComment, 'id' | 'deleted' | 'createdAt'> & Partial<DvsComment>): DvsComment {
		const stored: DvsComment = {
			deleted: false,
			createdAt: this.clock(),
			...comment,
			id: comment.id ?? this.nextCommentId++,
		};
		this.nextCommentId = Math.max(this.nextCommentId, stored.id + 1);
		const last = this.commentList.at(-1);
		this.commentList.push(stored);
		if (last && last.id > stored.id) this.commentList.sort((a, b) => a.id - b.id);
		return stored;
	}

	/** Ascending by id; deleted comments only when asked for. */
	comments(taskId: number, includeDeleted = false): DvsComment[] {
		return this.commentList.filter((c) => c.taskId === taskId && (includeDeleted || !c.deleted));
	}

	deleteComment(id: number): void {
		const comment = this.commentList.find((c) => c.id === id);
		if (!comment) throw new Error(`unknown comment ${id}`);
		comment.deleted = true;
	}

	notify(notification: Omit<DvsNotification, 'seq' | 'at'> & { at?: number }): DvsNotification {
		const stored: DvsNotification = { at: this.clock(), ...notification, seq: this.nextNotificationSeq++ };
		this.notifications.push(stored);
		return stored;
	}

	/** Account ids a mention e-mail went to for this task. */
	mentionedUsers(taskId: number): number[] {
		return this.notifications.filter((n) => n.kind === 'mention' && n.documentId === taskId).flatMap((n) => n.userIds);
	}
}
