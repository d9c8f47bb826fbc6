import type { Account, AccountStore } from '../../accounts';
import type {
	DvsComment,
	DvsDocument,
	DvsErrorCode,
	DvsFieldDescriptor,
	DvsListQuery,
	DvsPort,
	DvsResult,
	DvsSection,
	DvsUserRef,
} from '../ports';
import type { FakeStorage } from './fakeStorage';

type Option = { id: number; display_name: string };

interface Org {
	id: number;
	registers: Set<string>;
	statuses: Option[];
	types: Option[];
	priorities: Option[];
}

interface Project {
	id: number;
	orgId: number;
	name: string;
	workers: number[];
	status: number | null;
	managerId: number | null;
	created: number;
}

interface Task {
	id: number;
	orgId: number;
	projectId: number;
	name: string;
	description: string;
	type: number | null;
	priority: number | null;
	status: number | null;
	responsible: number | null;
	followers: number[];
	receivers: number[];
	dateDue: string | null;
	estimatedHours: string | null;
	spentHours: string | null;
	creatorId: number;
	created: number;
	updated: number;
	uploadHash?: string;
}

interface Comment {
	id: number;
	taskId: number;
	authorId: number;
	html: string;
	created: number;
	deleted: boolean;
}

const fail = <T>(code: DvsErrorCode, message: string): DvsResult<T> => ({ ok: false, code, message });
const ok = <T>(value: T): DvsResult<T> => ({ ok: true, value });

const stamp = (ms: number) => new Date(ms).toISOString().slice(0, 19).replace('T', ' ');
const escapeHtml = (text: string) =>
	text
		.replace(/&/g, '&amp;')
		.replace(/</g, '&lt;')
		.replace(/>/g, '&gt;')
		.replace(/"/g, '&quot;')
		.replace(/'/g, '&#039;');

/**
 * In-memory DVS register for MCP tests, with document 3's semantics: organization
 * registers and section write permissions, project-scoped assignable users, validated
 * ids, filters (array = OR), newest/oldest order, comments and attachments stored in
 * the fake storage (never renamed on conflict here: the MCP contract).
 */
export class FakeDvs implements DvsPort {
	readonly orgs = new Map<number, Org>();
	readonly projects = new Map<number, Project>();
	readonly tasks = new Map<number, Task>();
	readonly comments = new Map<number, Comment>();
	readonly contacts = new Map<number, { id: number; orgId: number; name: string }>();
	readonly notifications: { kind: string; taskId: number; userIds?: number[] }[] = [];
	private nextId = 100;

	constructor(
		private readonly accounts: AccountStore,
		private readonly storage: FakeStorage,
		private readonly now: () => number = Date.now,
	) {}

	// ---- seeding ----

	addOrg(id: number, registers: string[] = ['task', 'project_2', 'contact_person', 'client']): Org {
		const base = id * 10;
		const org: Org = {
			id,
			registers: new Set(registers),
			statuses: [
				{ id: base + 1, display_name: 'Open' },
				{ id: base + 2, display_name: 'In progress' },
				{ id: base + 3, display_name: 'Done' },
			],
			types: [{ id: base + 5, display_name: 'Task' }],
			priorities: [
				{ id: base + 7, display_name: 'Normal' },
				{ id: base + 8, display_name: 'High' },
			],
		};
		this.orgs.set(id, org);
		return org;
	}

	addProject(orgId: number, name: string, workers: number[] = []): Project {
		const project: Project = {
			id: this.nextId++,
			orgId,
			name,
			workers,
			status: null,
			managerId: null,
			created: this.now(),
		};
		this.projects.set(project.id, project);
		return project;
	}

	addContact(orgId: number, name: string): number {
		const id = this.nextId++;
		this.contacts.set(id, { id, orgId, name });
		return id;
	}

	deleteComment(id: number): void {
		const comment = this.comments.get(id);
		if (comment) comment.deleted = true;
	}

	// ---- DvsPort ----

	checkAccess(account: Account, sections: DvsSection[]): DvsResult<void> {
		const org = account.orgId !== undefined ? this.orgs.get(account.orgId) : undefined;
		if (!org) return fail('permission_denied', 'The account belongs to no organization with DVS enabled');
		for (const section of sections) {
			if (!org.registers.has(section))
				return fail('permission_denied', `The ${section} register is not enabled for the organization`);
			if (!account.dvsWriteSections?.includes(section))
				return fail('permission_denied', `The user has no write permission on the ${section} register`);
		}
		return ok(undefined);
	}

	getFields(account: Account, section: DvsSection): DvsResult<DvsFieldDescriptor[]> {
		const org = this.orgOf(account);
		if (section === 'project_2') {
			return ok([
				{ name: 'name', label: 'Name', type: 'text', required: true, filter: false },
				{
					name: 'dropdown_status',
					label: 'Status',
					type: 'dropdown',
					required: false,
					filter: true,
					options: org.statuses,
				},
				{
					name: 'projectmanager',
					label: 'Project manager',
					type: 'user_id',
					required: false,
					filter: true,
					list_action: 'get_users',
				},
			]);
		}
		return ok([
			{ name: 'full_number', label: 'Number', type: 'text', required: false, filter: false, read_only: true },
			{
				name: 'dvs_project_id',
				label: 'Project',
				type: 'relation',
				required: true,
				filter: true,
				section: 'project_2',
				list_action: 'get_documents',
			},
			{ name: 'name', label: 'Name', type: 'text', required: true, filter: false },
			{ name: 'description', label: 'Description', type: 'html', required: false, filter: false },
			{ name: 'dropdown_type', label: 'Type', type: 'dropdown', required: false, filter: false, options: org.types },
			{
				name: 'dropdown_priority',
				label: 'Priority',
				type: 'dropdown',
				required: false,
				filter: false,
				options: org.priorities,
			},
			{
				name: 'dropdown_status',
				label: 'Status',
				type: 'dropdown',
				required: false,
				filter: true,
				options: org.statuses,
			},
			{
				name: 'responsible',
				label: 'Responsible',
				type: 'user_id',
				required: false,
				filter: true,
				list_action: 'get_users',
				depends_on: 'dvs_project_id',
			},
			{
				name: 'followers',
				label: 'Followers',
				type: 'user_ids',
				required: false,
				filter: false,
				list_action: 'get_users',
				depends_on: 'dvs_project_id',
			},
			{
				name: 'ext_notif_receiver',
				label: 'External receivers',
				type: 'relation_ids',
				required: false,
				filter: false,
				section: 'contact_person',
				list_action: 'get_documents',
			},
			{ name: 'date_due', label: 'Due date', type: 'date', required: false, filter: false },
			{ name: 'estimated_hours', label: 'Estimated hours', type: 'text', required: false, filter: false },
			{ name: 'spent_hours', label: 'Spent hours', type: 'text', required: false, filter: false },
		]);
	}

	getUsers(account: Account, section: DvsSection, projectId?: number): DvsResult<DvsUserRef[]> {
		const orgId = account.orgId!;
		if (section === 'project_2')
			return ok(
				this.orgUsers(orgId)
					.filter((a) => a.dvsWriteSections?.includes('project_2'))
					.map((a) => this.ref(a)),
			);
		const project = projectId !== undefined ? this.projects.get(projectId) : undefined;
		if (!project || project.orgId !== orgId) return fail('invalid_argument', 'Unknown dvs_project_id');
		return ok(this.assignable(project).map((a) => this.ref(a)));
	}

	getDocument(account: Account, section: DvsSection, id: number): DvsResult<DvsDocument> {
		if (section === 'project_2') {
			const project = this.projects.get(id);
			if (!project || project.orgId !== account.orgId)
				return fail('not_found', 'Unknown project or project of another organization');
			return ok(this.projectDocument(project));
		}
		const task = this.tasks.get(id);
		if (!task || task.orgId !== account.orgId) return fail('not_found', 'Unknown task or task of another organization');
		return ok(this.taskDocument(task, true));
	}

	listDocuments(
		account: Account,
		section: DvsSection,
		query: DvsListQuery,
	): DvsResult<{ items: DvsDocument[]; total: number }> {
		const matches = (value: unknown, wanted: unknown) =>
			Array.isArray(wanted) ? wanted.includes(value) : wanted === value;
		let rows: { id: number; created: number; values: Record<string, unknown>; doc: () => DvsDocument }[];
		if (section === 'project_2') {
			rows = [...this.projects.values()]
				.filter((p) => p.orgId === account.orgId)
				.map((p) => ({
					id: p.id,
					created: p.created,
					values: { dropdown_status: p.status, projectmanager: p.managerId },
					doc: () => this.projectDocument(p),
				}));
		} else {
			rows = [...this.tasks.values()]
				.filter((t) => t.orgId === account.orgId)
				.map((t) => ({
					id: t.id,
					created: t.created,
					values: { dvs_project_id: t.projectId, dropdown_status: t.status, responsible: t.responsible },
					doc: () => this.taskDocument(t, false),
				}));
		}
		const filtered = rows.filter((r) =>
			Object.entries(query.filters).every(([key, wanted]) => key in r.values && matches(r.values[key], wanted)),
		);
		filtered.sort((a, b) => a.created - b.created || a.id - b.id);
		if (query.order === 'newest') filtered.reverse();
		return ok({
			items: filtered.slice(query.offset, query.offset + query.limit).map((r) => r.doc()),
			total: filtered.length,
		});
	}

	getComments(
		account: Account,
		taskId: number,
		limit: number,
		offset: number,
	): DvsResult<{ items: DvsComment[]; total: number }> {
		const task = this.tasks.get(taskId);
		if (!task || task.orgId !== account.orgId) return fail('not_found', 'Unknown task or task of another organization');
		const all = [...this.comments.values()]
			.filter((c) => c.taskId === taskId && !c.deleted)
			.sort((a, b) => a.id - b.id);
		return ok({
			items: all.slice(offset, offset + limit).map((c) => this.commentOut(c, task.orgId)),
			total: all.length,
		});
	}

	searchUsers(
		account: Account,
		pattern: string,
		limit: number,
		taskId?: number,
	): DvsResult<(DvsUserRef & { has_access: boolean })[]> {
		if (taskId !== undefined) {
			const task = this.tasks.get(taskId);
			if (!task || task.orgId !== account.orgId)
				return fail('not_found', 'Unknown task or task of another organization');
		}
		const words = pattern.trim().toLowerCase().split(/\s+/);
		const users = this.orgUsers(account.orgId!)
			.filter((a) => words.every((w) => [a.login, a.firstName, a.surname].some((f) => f.toLowerCase().includes(w))))
			.sort((a, b) => a.firstName.localeCompare(b.firstName) || a.surname.localeCompare(b.surname) || a.id - b.id)
			.slice(0, limit);
		return ok(users.map((a) => ({ ...this.ref(a), has_access: !!a.dvsWriteSections?.includes('task') })));
	}

	createTask(account: Account, params: Record<string, unknown>): DvsResult<{ id: number }> {
		const project = this.projects.get(params.dvs_project_id as number);
		if (!project || project.orgId !== account.orgId) return fail('invalid_argument', 'Invalid dvs_project_id');
		if (typeof params.name !== 'string' || params.name.trim() === '')
			return fail('invalid_argument', 'name is required');
		const now = this.now();
		const task: Task = {
			id: this.nextId++,
			orgId: project.orgId,
			projectId: project.id,
			name: '',
			description: '',
			type: null,
			priority: null,
			status: this.orgs.get(project.orgId)!.statuses[0].id,
			responsible: null,
			followers: [],
			receivers: [],
			dateDue: null,
			estimatedHours: null,
			spentHours: null,
			creatorId: account.id,
			created: now,
			updated: now,
		};
		const problem = this.apply(task, params);
		if (problem) return fail('invalid_argument', problem);
		this.tasks.set(task.id, task);
		this.notifications.push({ kind: 'created', taskId: task.id });
		return ok({ id: task.id });
	}

	updateTask(account: Account, id: number, params: Record<string, unknown>): DvsResult<{ id: number }> {
		const task = this.tasks.get(id);
		if (!task || task.orgId !== account.orgId) return fail('not_found', 'Unknown task or task of another organization');
		if (params.dvs_project_id !== undefined && params.dvs_project_id !== task.projectId)
			return fail('invalid_argument', 'dvs_project_id cannot change');
		const draft: Task = { ...task, followers: [...task.followers], receivers: [...task.receivers] };
		const problem = this.apply(draft, params);
		if (problem) return fail('invalid_argument', problem);
		Object.assign(task, draft, { updated: this.now() });
		this.notifications.push({ kind: 'updated', taskId: task.id });
		return ok({ id });
	}

	addComment(account: Account, taskId: number, text: string): DvsResult<{ commentId: number }> {
		const task = this.tasks.get(taskId);
		if (!task || task.orgId !== account.orgId) return fail('not_found', 'Unknown task or task of another organization');
		if (text.trim() === '') return fail('invalid_argument', 'comment must not be empty');
		const comment: Comment = {
			id: this.nextId++,
			taskId,
			authorId: account.id,
			html: escapeHtml(text),
			created: this.now(),
			deleted: false,
		};
		this.comments.set(comment.id, comment);
		const mentioned = [...text.matchAll(/@\[USER:(\d+)\]/g)]
			.map((m) => Number(m[1]))
			.filter((id) => this.accounts.get(id)?.orgId === task.orgId);
		this.notifications.push({ kind: 'comment', taskId, userIds: mentioned });
		return ok({ commentId: comment.id });
	}

	uploadFile(
		account: Account,
		taskId: number,
		fileName: string,
		content: Buffer,
		mimeType: string,
	): DvsResult<{ fileHash: string; uploadHash: string }> {
		const task = this.tasks.get(taskId);
		if (!task || task.orgId !== account.orgId) return fail('not_found', 'Unknown task or task of another organization');
		if (!task.uploadHash) {
			const root = this.storage.ensureRoot(account);
			task.uploadHash = this.storage.seedFolder(root.hash, `DVS task ${task.id}`).hash;
		}
		const added = this.storage.addFile(account, task.uploadHash, fileName, content, mimeType);
		if (!added.ok) {
			const code: DvsErrorCode =
				added.code === 'file_locked' || added.code === 'ownership_transfer_denied' ? 'permission_denied' : added.code;
			return fail(code, added.message);
		}
		this.notifications.push({ kind: 'upload', taskId });
		return ok({ fileHash: added.value.hash, uploadHash: task.uploadHash });
	}

	// ---- internals ----

	private orgOf(account: Account): Org {
		return this.orgs.get(account.orgId!)!;
	}

	private orgUsers(orgId: number): Account[] {
		return this.accounts.all().filter((a) => a.orgId === orgId);
	}

	private assignable(project: Project): Account[] {
		return this.orgUsers(project.orgId).filter(
			(a) => a.active && (a.dvsWriteSections?.includes('task') || project.workers.includes(a.id)),
		);
	}

	private ref(account: Account): DvsUserRef {
		const name = `${account.firstName} ${account.surname}`.trim();
		return { id: account.id, display_name: name || account.login };
	}

	private userRef(id: number | null): DvsUserRef | null {
		const account = id !== null ? this.accounts.get(id) : undefined;
		return account ? this.ref(account) : null;
	}

	private option(options: Option[], id: number | null): Option | null {
		return options.find((o) => o.id === id) ?? null;
	}

	private projectDocument(p: Project): DvsDocument {
		const org = this.orgs.get(p.orgId)!;
		return {
			dvs_document_id: p.id,
			name: p.name,
			dropdown_status: this.option(org.statuses, p.status),
			projectmanager: this.userRef(p.managerId),
			date_created: stamp(p.created),
		};
	}

	private taskDocument(t: Task, full: boolean): DvsDocument {
		const org = this.orgs.get(t.orgId)!;
		const project = this.projects.get(t.projectId)!;
		const doc: DvsDocument = {
			dvs_document_id: t.id,
			full_number: `T-${t.id}`,
			dvs_project_id: { id: project.id, display_name: project.name },
			name: t.name,
			dropdown_type: this.option(org.types, t.type),
			dropdown_priority: this.option(org.priorities, t.priority),
			dropdown_status: this.option(org.statuses, t.status),
			responsible: this.userRef(t.responsible),
			followers: t.followers.map((id) => this.userRef(id)).filter((r) => r !== null),
			ext_notif_receiver: t.receivers.map((id) => ({ id, display_name: this.contacts.get(id)?.name ?? '' })),
			date_due: t.dateDue,
			estimated_hours: t.estimatedHours,
			spent_hours: t.spentHours,
			creator: this.userRef(t.creatorId),
			date_created: stamp(t.created),
			date_updated: stamp(t.updated),
		};
		if (full) {
			doc.description = t.description;
			doc.upload_hash = t.uploadHash ?? null;
		}
		return doc;
	}

	private commentOut(c: Comment, orgId: number): DvsComment {
		const author = this.accounts.get(c.authorId);
		return {
			id: c.id,
			html: c.html,
			date_created: stamp(c.created),
			author:
				author && author.orgId === orgId ? { ...this.ref(author), org_id: orgId, is_active: author.active } : null,
		};
	}

	/** Applies create/update params with document 3's validation; returns a problem or undefined. */
	private apply(task: Task, params: Record<string, unknown>): string | undefined {
		const org = this.orgs.get(task.orgId)!;
		const project = this.projects.get(task.projectId)!;
		const assignable = new Set(this.assignable(project).map((a) => a.id));
		const isInt = (v: unknown): v is number => Number.isInteger(v);
		const optionOk = (options: Option[], v: unknown) => v === null || (isInt(v) && options.some((o) => o.id === v));
		for (const [key, value] of Object.entries(params)) {
			switch (key) {
				case 'dvs_project_id':
					break;
				case 'name':
					if (typeof value !== 'string' || value.trim() === '') return 'name must be a non-empty string';
					task.name = value;
					break;
				case 'description':
					if (typeof value !== 'string') return 'description must be a string';
					task.description = value;
					break;
				case 'dropdown_type':
				case 'dropdown_priority':
				case 'dropdown_status': {
					const options =
						key === 'dropdown_type' ? org.types : key === 'dropdown_priority' ? org.priorities : org.statuses;
					if (!optionOk(options, value)) return `${key}: invalid option id`;
					if (key === 'dropdown_type') task.type = value as number | null;
					else if (key === 'dropdown_priority') task.priority = value as number | null;
					else task.status = value as number | null;
					break;
				}
				case 'responsible':
					if (value !== null && !(isInt(value) && assignable.has(value)))
						return 'responsible must be a user id from get_users';
					task.responsible = value as number | null;
					break;
				case 'followers':
					if (!Array.isArray(value) || !value.every((v) => isInt(v) && assignable.has(v)))
						return 'followers must be user ids from get_users';
					task.followers = value as number[];
					break;
				case 'ext_notif_receiver':
					if (!Array.isArray(value) || !value.every((v) => isInt(v) && this.contacts.get(v)?.orgId === task.orgId))
						return 'ext_notif_receiver must be contact ids';
					task.receivers = value as number[];
					break;
				case 'date_due':
					if (value !== null && !(typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)))
						return 'date_due must be YYYY-MM-DD';
					task.dateDue = value as string | null;
					break;
				case 'estimated_hours':
				case 'spent_hours':
					if (value !== null && !(typeof value === 'string' && /^\d+(\.\d+)?$/.test(value)))
						return `${key} must be a numeric string`;
					if (key === 'estimated_hours') task.estimatedHours = value as string | null;
					else task.spentHours = value as string | null;
					break;
				default:
					// Document 3: unknown fields are ignored by the REST API.
					break;
			}
		}
		return undefined;
	}
}
