import type { AccessTokenType, Account, AccountStore } from '../accounts';
import { insertComment, insertDocument, insertTask } from './direct';
import type { AttachmentPort } from './ports';
import { standardFields, type OrganizationOptions } from './schema';
import type { DvsStore } from './store';
import { DVS_SECTIONS, type DvsFieldDef, type DvsOption, type DvsSection } from './types';

export interface SeedUser {
	id: number;
	login: string;
	email: string;
	password: string;
	/** API (or ALL) access token for the DVS API; empty for users seeded without one. */
	token: string;
}

/** Option ids by display name, e.g. `options.taskStatus.Open`. */
export type OptionIds = Record<string, number>;

export interface SeededOrg {
	orgId: number;
	name: string;
	options: Record<keyof OrganizationOptions, OptionIds>;
	/** The organization-specific extra task field. */
	customField: { name: string; type: DvsFieldDef['type']; options?: OptionIds };
	projects: Record<string, number>;
	clients: Record<string, number>;
	contacts: Record<string, number>;
	tasks: Record<string, number>;
	comments: Record<string, number>;
}

export interface OrgASeed extends SeededOrg {
	users: {
		/** write on all four registers; API token plus a WEB token (`webToken`) the DVS API refuses */
		admin: SeedUser & { webToken: string };
		/** write on task and project_2; an ALL token; worker of both projects */
		worker: SeedUser;
		/** write on task only: task work answers 405 */
		taskOnly: SeedUser;
		/** write on contact_person and client only */
		contacts: SeedUser;
		/** task read permission: listed by get_users, cannot call the API (405) */
		reader: SeedUser;
		/** own-records task permission, worker of the website project only */
		own: SeedUser;
		/** organization member without any DVS permission */
		noPerm: SeedUser;
		/** empty first name and surname (display_name is the login), login with `_` and `%` */
		bot: SeedUser;
		/** inactive (401 with its token); author of old comments */
		inactive: SeedUser;
	};
	/** Holds `spec.pdf` in its attachment folder. */
	attachedTask: { taskId: number; uploadHash: string; fileHash: string };
}

export interface OrgBSeed extends SeededOrg {
	users: {
		admin: SeedUser;
		worker: SeedUser;
		/** task read permission; shares the "An" prefix with org A's Anna */
		reader: SeedUser;
	};
}

export interface DvsSeed {
	orgA: OrgASeed;
	orgB: OrgBSeed;
	/** A valid token but no organization: 401. */
	noOrg: SeedUser;
	/** A comment author id that belongs to no account. */
	unknownAuthorId: number;
	/** Creation time of the oldest seeded document (the rest follow within minutes). */
	baseTime: number;
}

const MAIL_DOMAINS: Record<number, string> = { 11: 'acme.example', 42: 'beta-bau.example' };

const BASE_TIME = Date.UTC(2024, 2, 1, 8, 0, 0);
const minutes = (n: number) => BASE_TIME + n * 60_000;

function options(pairs: Array<[number, string]>): DvsOption[] {
	return pairs.map(([id, display_name]) => ({ id, display_name }));
}

function byName(list: DvsOption[]): OptionIds {
	return Object.fromEntries(list.map((o) => [o.display_name, o.id]));
}

interface UserSpec {
	login: string;
	firstName: string;
	surname: string;
	orgId?: number;
	write?: DvsSection[];
	read?: Partial<Record<DvsSection, 'read' | 'own'>>;
	tokenType?: AccessTokenType;
	active?: boolean;
}

function addUser(accounts: AccountStore, store: DvsStore, spec: UserSpec): SeedUser {
	const token = `dvs-${spec.login.replace(/[^a-z0-9]/gi, '')}-${(spec.tokenType ?? 'API').toLowerCase()}`;
	const password = `pw-${spec.login}`;
	const email = `${spec.login.replace(/[^a-z0-9.]/gi, '')}@${MAIL_DOMAINS[spec.orgId ?? 0] ?? 'free-mail.example'}`;
	const account: Account = accounts.add({
		login: spec.login,
		email,
		password,
		firstName: spec.firstName,
		surname: spec.surname,
		plan: 'BUSINESS',
		twoFactor: false,
		accessTokens: [{ token, type: spec.tokenType ?? 'API' }],
		orgId: spec.orgId,
		dvsWriteSections: spec.write ?? [],
		active: spec.active ?? true,
	});
	for (const [section, level] of Object.entries(spec.read ?? {}))
		store.setReadLevel(account.id, section as DvsSection, level);
	return { id: account.id, login: account.login, email, password, token };
}

function createOrg(
	store: DvsStore,
	org: { id: number; name: string; numberPrefix: string; attachmentOwnerId: number },
	opts: OrganizationOptions,
	extraTaskField: DvsFieldDef,
): void {
	const fields = standardFields(opts);
	fields.task.push(extraTaskField);
	store.addOrganization({ ...org, enabledSections: [...DVS_SECTIONS], fields });
}

function optionIds(opts: OrganizationOptions): Record<keyof OrganizationOptions, OptionIds> {
	return Object.fromEntries(Object.entries(opts).map(([key, list]) => [key, byName(list)])) as Record<
		keyof OrganizationOptions,
		OptionIds
	>;
}

async function seedOrgA(
	accounts: AccountStore,
	store: DvsStore,
	attachments: AttachmentPort,
	orgB: OrgBSeed,
): Promise<OrgASeed> {
	const orgId = 11;
	const all: DvsSection[] = [...DVS_SECTIONS];
	const admin = addUser(accounts, store, {
		login: 'anna.admin',
		firstName: 'Anna',
		surname: 'Admin',
		orgId,
		write: all,
	});
	const webToken = 'dvs-annaadmin-web';
	accounts.get(admin.id)!.accessTokens.push({ token: webToken, type: 'WEB' });
	const users: OrgASeed['users'] = {
		admin: { ...admin, webToken },
		worker: addUser(accounts, store, {
			login: 'walter.worker',
			firstName: 'Walter',
			surname: 'Worker',
			orgId,
			write: ['task', 'project_2'],
			tokenType: 'ALL',
		}),
		taskOnly: addUser(accounts, store, {
			login: 'tom.taskonly',
			firstName: 'Tom',
			surname: 'Taskonly',
			orgId,
			write: ['task'],
		}),
		contacts: addUser(accounts, store, {
			login: 'carla.contacts',
			firstName: 'Carla',
			surname: 'Contacts',
			orgId,
			write: ['contact_person', 'client'],
		}),
		reader: addUser(accounts, store, {
			login: 'rita.reader',
			firstName: 'Rita',
			surname: 'Reader',
			orgId,
			read: { task: 'read' },
		}),
		own: addUser(accounts, store, {
			login: 'olga.own',
			firstName: 'Olga',
			surname: 'Own',
			orgId,
			read: { task: 'own' },
		}),
		noPerm: addUser(accounts, store, { login: 'nora.noperm', firstName: 'Nora', surname: 'Noperm', orgId }),
		bot: addUser(accounts, store, { login: 'svc_bot%1', firstName: '', surname: '', orgId, read: { task: 'read' } }),
		inactive: addUser(accounts, store, {
			login: 'ivan.inactive',
			firstName: 'Ivan',
			surname: 'Inactive',
			orgId,
			write: ['task', 'project_2'],
			active: false,
		}),
	};

	const opts: OrganizationOptions = {
		taskStatus: options([
			[101, 'Open'],
			[102, 'In progress'],
			[103, 'Done'],
		]),
		taskPriority: options([
			[112, 'Normal'],
			[111, 'Low'],
			[113, 'High'],
		]),
		taskType: options([
			[121, 'Bug'],
			[122, 'Feature'],
		]),
		projectStatus: options([
			[131, 'Active'],
			[132, 'Archived'],
		]),
		contactGroup: options([
			[141, 'Suppliers'],
			[142, 'Partners'],
		]),
		clientType: options([
			[151, 'Customer'],
			[152, 'Supplier'],
		]),
		clientRating: options([
			[161, 'A'],
			[162, 'B'],
		]),
		clientGroup: options([
			[171, 'VIP'],
			[172, 'Newsletter'],
		]),
	};
	const customField: DvsFieldDef = {
		name: 'customer_reference',
		label: 'Customer reference',
		type: 'text',
		required: false,
		filter: false,
	};
	createOrg(
		store,
		{ id: orgId, name: 'Acme GmbH', numberPrefix: 'ACME', attachmentOwnerId: admin.id },
		opts,
		customField,
	);
	const ids = optionIds(opts);

	const doc = (section: DvsSection, at: number, creatorId: number, values: Record<string, unknown>) =>
		insertDocument(store, section, { orgId, creatorId, createdAt: at, values: values as never }).id;
	const clients = {
		globex: doc('client', minutes(0), admin.id, {
			name: 'Globex Corp',
			dropdown_type: ids.clientType.Customer,
			dropdown_rating: ids.clientRating.A,
			multi_dropdown_group: [ids.clientGroup.VIP],
			email: 'office@globex.example',
		}),
		initech: doc('client', minutes(1), admin.id, {
			name: 'Initech',
			dropdown_type: ids.clientType.Supplier,
			multi_dropdown_group: [ids.clientGroup.Newsletter, ids.clientGroup.VIP],
			projectmanager: admin.id,
		}),
	};
	const contacts = {
		carol: doc('contact_person', minutes(2), admin.id, {
			name: 'Carol Contact',
			email: 'carol@globex.example',
			company: clients.globex,
			multi_dropdown_group: [ids.contactGroup.Suppliers],
		}),
		dan: doc('contact_person', minutes(3), admin.id, {
			name: 'Dan Delivery',
			company: clients.initech,
			multi_dropdown_group: [ids.contactGroup.Suppliers, ids.contactGroup.Partners],
		}),
		erin: doc('contact_person', minutes(4), admin.id, { name: 'Erin Solo' }),
	};
	const projects = {
		website: doc('project_2', minutes(5), admin.id, {
			name: 'Website relaunch',
			description: '<p>Relaunch of the <b>public</b> website</p>',
			client: clients.globex,
			projectmanager: admin.id,
			workers: [admin.id, users.worker.id, users.own.id],
			date_start: '2024-03-01',
		}),
		tools: doc('project_2', minutes(6), admin.id, { name: 'Internal tools', workers: [users.worker.id] }),
		archive: doc('project_2', minutes(7), admin.id, {
			name: 'Old archive',
			dropdown_status: ids.projectStatus.Archived,
			client: clients.initech,
		}),
	};
	const task = (at: number, creatorId: number, values: Record<string, unknown>) =>
		insertTask(store, { orgId, creatorId, createdAt: at, values: values as never }).id;
	const tasks = {
		design: task(minutes(10), admin.id, {
			dvs_project_id: projects.website,
			name: 'Design mockups',
			description: '<p>Mockups for <b>all</b> pages</p>',
			dropdown_status: ids.taskStatus.Open,
			dropdown_priority: ids.taskPriority.High,
			dropdown_type: ids.taskType.Feature,
			responsible: users.worker.id,
			followers: [admin.id],
			ext_notif_receiver: [contacts.carol],
			date_due: '2024-04-01',
			estimated_hours: '8',
			customer_reference: 'CR-1001',
		}),
		header: task(minutes(11), users.worker.id, {
			dvs_project_id: projects.website,
			name: 'Implement header',
			dropdown_status: ids.taskStatus['In progress'],
			responsible: admin.id,
			followers: [users.worker.id, users.own.id],
		}),
		copy: task(minutes(12), admin.id, {
			dvs_project_id: projects.website,
			name: 'Write copy',
			dropdown_status: ids.taskStatus.Done,
			responsible: users.inactive.id,
			spent_hours: '3.5',
		}),
		// Same creation second as `copy`: ordering falls back to the id.
		tooling: task(minutes(12) + 400, users.worker.id, {
			dvs_project_id: projects.tools,
			name: 'Tooling upgrade',
			dropdown_status: ids.taskStatus.Open,
			responsible: users.worker.id,
			followers: [admin.id],
		}),
		ownTask: task(minutes(13), users.own.id, {
			dvs_project_id: projects.website,
			name: "Olga's checklist",
			dropdown_status: ids.taskStatus.Open,
			responsible: users.own.id,
		}),
	};
	const comment = (at: number, authorId: number, text: string, extra: { html?: string; deleted?: boolean } = {}) =>
		insertComment(store, { taskId: tasks.design, authorId, text, createdAt: at, ...extra }).id;
	const comments = {
		byInactive: comment(minutes(20), users.inactive.id, 'Old note from Ivan'),
		byAdmin: comment(minutes(21), admin.id, 'Please review & comment <soon>'),
		deleted: comment(minutes(22), users.worker.id, 'Deleted remark', { deleted: true }),
		byForeignOrg: comment(minutes(23), orgB.users.admin.id, 'Cross-org note'),
		byUnknown: comment(minutes(24), UNKNOWN_AUTHOR, 'Ghost'),
		webRich: comment(minutes(25), users.worker.id, '', {
			html: '<p>Looks <b>good</b> &amp; ready<script>alert(1)</script></p>',
		}),
	};

	const { uploadHash } = await attachments.ensureTaskFolder(admin.id, tasks.header);
	store.documentById(tasks.header)!.uploadHash = uploadHash;
	const saved = await attachments.addFile(
		uploadHash,
		'spec.pdf',
		Buffer.from('%PDF-1.4 spec'),
		'application/pdf',
		users.worker.id,
	);
	if (!saved.ok) throw new Error(`seed attachment failed: ${saved.errorMessage}`);

	return {
		orgId,
		name: 'Acme GmbH',
		options: ids,
		customField: { name: customField.name, type: customField.type },
		users,
		projects,
		clients,
		contacts,
		tasks,
		comments,
		attachedTask: { taskId: tasks.header, uploadHash, fileHash: saved.fileHash },
	};
}

function seedOrgB(accounts: AccountStore, store: DvsStore): OrgBSeed {
	const orgId = 42;
	const admin = addUser(accounts, store, {
		login: 'bert.boss',
		firstName: 'Bert',
		surname: 'Boss',
		orgId,
		write: [...DVS_SECTIONS],
	});
	const users: OrgBSeed['users'] = {
		admin,
		worker: addUser(accounts, store, {
			login: 'berta.builder',
			firstName: 'Berta',
			surname: 'Builder',
			orgId,
			write: ['task', 'project_2'],
		}),
		reader: addUser(accounts, store, {
			login: 'anton.bauer',
			firstName: 'Anton',
			surname: 'Bauer',
			orgId,
			read: { task: 'read' },
		}),
	};
	const opts: OrganizationOptions = {
		taskStatus: options([
			[7001, 'New'],
			[7002, 'Working'],
			[7003, 'Closed'],
			[7004, 'Rejected'],
		]),
		taskPriority: options([
			[7011, 'Normal'],
			[7012, 'Urgent'],
		]),
		taskType: options([
			[7021, 'Defect'],
			[7022, 'Request'],
		]),
		projectStatus: options([
			[7031, 'Running'],
			[7032, 'Finished'],
		]),
		contactGroup: options([[7041, 'Authorities']]),
		clientType: options([
			[7051, 'Public'],
			[7052, 'Private'],
		]),
		clientRating: options([[7061, 'Gold']]),
		clientGroup: options([[7071, 'Key accounts']]),
	};
	const regions = options([
		[7081, 'North'],
		[7082, 'South'],
	]);
	const customField: DvsFieldDef = {
		name: 'dropdown_region',
		label: 'Region',
		type: 'dropdown',
		required: false,
		filter: true,
		options: regions,
		default: null,
	};
	createOrg(
		store,
		{ id: orgId, name: 'Beta Bau AG', numberPrefix: 'BETA', attachmentOwnerId: admin.id },
		opts,
		customField,
	);
	const ids = optionIds(opts);
	const region = byName(regions);

	const doc = (section: DvsSection, at: number, values: Record<string, unknown>) =>
		insertDocument(store, section, { orgId, creatorId: admin.id, createdAt: at, values: values as never }).id;
	const clients = {
		umbrella: doc('client', minutes(0), { name: 'Umbrella Ltd', dropdown_type: ids.clientType.Public }),
	};
	const contacts = {
		eve: doc('contact_person', minutes(1), {
			name: 'Eve External',
			company: clients.umbrella,
			multi_dropdown_group: [ids.contactGroup.Authorities],
		}),
	};
	const projects = {
		bridge: doc('project_2', minutes(2), {
			name: 'Bridge repair',
			client: clients.umbrella,
			projectmanager: admin.id,
			workers: [admin.id, users.worker.id],
		}),
		tunnel: doc('project_2', minutes(3), { name: 'Tunnel survey', workers: [users.worker.id] }),
	};
	const tasks = {
		inspect: doc('task', minutes(10), {
			dvs_project_id: projects.bridge,
			name: 'Inspect pillars',
			dropdown_status: ids.taskStatus.New,
			dropdown_region: region.North,
			responsible: users.worker.id,
		}),
		report: doc('task', minutes(11), {
			dvs_project_id: projects.bridge,
			name: 'Write report',
			dropdown_status: ids.taskStatus.Working,
			dropdown_region: region.South,
			responsible: admin.id,
			followers: [users.worker.id],
		}),
		survey: doc('task', minutes(12), {
			dvs_project_id: projects.tunnel,
			name: 'Survey entrance',
			dropdown_status: ids.taskStatus.Closed,
		}),
	};
	const comments = {
		byAdmin: insertComment(store, {
			taskId: tasks.inspect,
			authorId: admin.id,
			text: 'Starting Monday',
			createdAt: minutes(20),
		}).id,
	};
	return {
		orgId,
		name: 'Beta Bau AG',
		options: ids,
		customField: { name: customField.name, type: customField.type, options: region },
		users,
		projects,
		clients,
		contacts,
		tasks,
		comments,
	};
}

const UNKNOWN_AUTHOR = 999_999;

/**
 * Two organizations whose option ids, document ids and user ids all differ, so nothing a
 * client does can rely on hard-coded ids. Accounts are added to the shared account store.
 */
export async function seedDvsDemo(
	accounts: AccountStore,
	store: DvsStore,
	attachments: AttachmentPort,
): Promise<DvsSeed> {
	const orgB = seedOrgB(accounts, store);
	const orgA = await seedOrgA(accounts, store, attachments, orgB);
	const noOrg = addUser(accounts, store, { login: 'nobody.free', firstName: 'Nobody', surname: 'Free' });
	return { orgA, orgB, noOrg, unknownAuthorId: UNKNOWN_AUTHOR, baseTime: BASE_TIME };
}
