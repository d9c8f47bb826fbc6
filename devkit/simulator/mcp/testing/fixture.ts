import { createHash, randomBytes } from 'node:crypto';
import type { Account } from '../../accounts';
import { AccountStore } from '../../accounts';
import { StorageAttachments } from '../../attachments';
import { insertDocument, standardFields, type DvsOption, type DvsSection, DvsStore, DVS_SECTIONS } from '../../dvs';
import type { DvsDocument } from '../../dvs/types';
import type { StorageLimits } from '../../storage/context';
import type { AccessType, StoredFile, StoredFolder, StorageStore as Storage } from '../../storage/store';
import { StorageStore } from '../../storage/store';
import { EICAR_TEST_STRING } from '../../storage/uploadPolicy';
import { defaultSettings } from '../deps';
import type { McpDeps, McpSettings } from '../deps';
import { DownloadLinks } from '../downloadLinks';
import { createMcpSimulator } from '../index';
import type { McpState } from '../state';
import { McpTestClient } from './client';
import { startTestServer } from './http';
import type { TestServer } from './http';

export const START_TIME = Date.UTC(2026, 0, 15, 10, 0, 0);

export const EICAR = EICAR_TEST_STRING;

export interface SeedFileOptions {
	mimeType?: string;
	locked?: boolean;
	description?: string;
	tags?: string[];
}

/** The DVS register of the fixture: organization 7 (every register), its store and attachments. */
export interface FixtureDvs {
	store: DvsStore;
	attachments: StorageAttachments;
	/** An organization with the given registers enabled; dropdown option ids are `id × 10 + n`. */
	addOrg(id: number, sections?: DvsSection[]): void;
	/** A project_2 document of the organization with these workers. */
	addProject(orgId: number, name: string, workers?: number[]): DvsDocument;
}

export interface McpFixture {
	accounts: AccountStore;
	/** The store the REST API serves in the whole simulator; here only the MCP endpoint reads it. */
	storage: Storage;
	/** The size limits uploads keep to (mutable, like `sim.limits`). */
	limits: StorageLimits;
	dvs: FixtureDvs;
	deps: McpDeps;
	state: McpState;
	server: TestServer;
	/** Manual clock (unless realClock): rate-limit windows and token lifetimes follow it. */
	clock: { now: () => number; advance(ms: number): void };
	/** Org 7, writes task and project_2, API token; owns org 7's attachment folders. */
	alice: Account;
	/** Org 7, no DVS write permission, ALL token. */
	bob: Account;
	/** Unconfirmed e-mail. */
	carol: Account;
	bearer(account: Account): string;
	client(auth?: string): McpTestClient;
	/** A folder in the parent's owner's account (`encrypted`: marked end-to-end encrypted). */
	seedFolder(
		parentHash: string,
		name: string,
		options?: { accessType?: AccessType; encrypted?: boolean },
	): StoredFolder;
	/** A file in the folder's owner's account. */
	seedFile(folderHash: string, name: string, content: Buffer | string, options?: SeedFileOptions): StoredFile;
	/** Names of the folder's active children, in listing order. */
	childNames(folderHash: string): string[];
	close(): Promise<void>;
}

export interface FixtureOptions {
	settings?: Partial<McpSettings>;
	deps?: Partial<McpDeps>;
	realClock?: boolean;
}

function person(id: number, login: string, firstName: string, surname: string) {
	return {
		id,
		login,
		email: `${login}@example.test`,
		password: `${login}-password`,
		firstName,
		surname,
		plan: 'FREE' as const,
		twoFactor: false,
	};
}

function people(accounts: AccountStore): Pick<McpFixture, 'alice' | 'bob' | 'carol'> {
	const alice = accounts.add({
		...person(1001, 'alice', 'Alice', 'Ozola'),
		orgId: 7,
		dvsWriteSections: ['task', 'project_2'],
		accessTokens: [
			{ token: 'alice-api-token', type: 'API' },
			{ token: 'alice-web-token', type: 'WEB' },
		],
	});
	const bob = accounts.add({
		...person(1002, 'bob', 'Bob', 'Berzins'),
		orgId: 7,
		dvsWriteSections: [],
		accessTokens: [{ token: 'bob-all-token', type: 'ALL' }],
	});
	const carol = accounts.add({
		...person(1003, 'carol', 'Carol', 'Kalna'),
		confirmed: false,
		accessTokens: [{ token: 'carol-api-token', type: 'API' }],
	});
	return { alice, bob, carol };
}

function fixtureDvs(accounts: AccountStore, storage: Storage, limits: StorageLimits, now: () => number): FixtureDvs {
	const store = new DvsStore(now);
	const attachments = new StorageAttachments(storage, accounts, limits);
	const choices = (base: number, ...names: string[]): DvsOption[] =>
		names.map((display_name, n) => ({ id: base + n, display_name }));
	return {
		store,
		attachments,
		addOrg(id, sections = [...DVS_SECTIONS]) {
			const base = id * 10;
			const fields = standardFields({
				taskStatus: choices(base + 1, 'Open', 'In progress', 'Done'),
				taskType: choices(base + 5, 'Task'),
				taskPriority: choices(base + 7, 'Normal', 'High'),
				projectStatus: choices(base + 1, 'Open', 'In progress', 'Done'),
				contactGroup: [],
				clientType: [],
				clientRating: [],
				clientGroup: [],
			});
			// The organization's first member with DVS writes owns its attachment folders.
			const owner = accounts.all().find((account) => account.orgId === id && account.dvsWriteSections?.length);
			store.addOrganization({
				id,
				name: `Organization ${id}`,
				numberPrefix: `O${id}`,
				enabledSections: sections,
				fields,
				attachmentOwnerId: owner?.id ?? 0,
			});
		},
		addProject(orgId, name, workers = []) {
			const creatorId = store.org(orgId)?.attachmentOwnerId ?? 0;
			return insertDocument(store, 'project_2', { orgId, creatorId, values: { name, workers } });
		},
	};
}

/** The MCP endpoint alone, over its own real stores, behind a loopback server with per-request faults. */
export async function createMcpFixture(options: FixtureOptions = {}): Promise<McpFixture> {
	let time = START_TIME;
	const clock = options.realClock
		? { now: () => Date.now(), advance: () => undefined }
		: { now: () => time, advance: (ms: number) => void (time += ms) };
	const accounts = new AccountStore();
	const { alice, bob, carol } = people(accounts);
	const storage = new StorageStore({ now: clock.now });
	for (const account of [alice, bob, carol]) storage.createRootFolder(account);
	const limits: StorageLimits = { maxFileBytes: 1024 ** 3, maxFolderBytes: 4 * 1024 ** 3 };
	const dvs = fixtureDvs(accounts, storage, limits, clock.now);
	dvs.addOrg(7);
	const deps: McpDeps = {
		accounts,
		storage,
		limits,
		downloadLinks: new DownloadLinks(clock.now),
		dvs: { accounts, store: dvs.store, attachments: dvs.attachments },
		settings: defaultSettings(options.settings),
		now: clock.now,
		...options.deps,
	};
	const simulator = createMcpSimulator(deps);
	const server = await startTestServer(simulator.routes);
	const bearer = (account: Account) => {
		const token = account.accessTokens.find((t) => t.type !== 'WEB')!.token;
		return `Bearer ${account.id}:${token}`;
	};
	const ownerOf = (folderHash: string) => {
		const folder = storage.getFolder(folderHash);
		if (!folder) throw new Error(`unknown folder ${folderHash}`);
		return folder.ownerId;
	};
	return {
		accounts,
		storage,
		limits,
		dvs,
		deps,
		state: simulator.state,
		server,
		clock,
		alice,
		bob,
		carol,
		bearer,
		client: (auth) => new McpTestClient(server.baseUrl, { auth }),
		seedFolder(parentHash, name, { accessType = 'PRIVATE', encrypted = false } = {}) {
			const folder = storage.createFolder(ownerOf(parentHash), parentHash, name, accessType);
			if (encrypted) storage.setFolderEncrypted(folder.hash);
			return folder;
		},
		seedFile(folderHash, name, content, { locked, ...metadata } = {}) {
			const bytes = Buffer.isBuffer(content) ? content : Buffer.from(content, 'utf8');
			const file = storage.addFile(ownerOf(folderHash), folderHash, name, bytes, metadata);
			if (locked) storage.setFileLocked(file.hash);
			return file;
		},
		childNames: (folderHash) => storage.listChildren(folderHash).map((item) => item.name),
		close: () => server.close(),
	};
}

export function pkcePair(): { verifier: string; challenge: string } {
	const verifier = randomBytes(32).toString('base64url');
	return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}
