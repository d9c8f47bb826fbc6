/* eslint-disable @n8n/community-nodes/no-hardcoded-secrets -- this file its tokens are made-up test values */
import type { Account, AccountStore, Plan } from './accounts';
import type { EncryptionKeyStore } from './storage/encryptionKeys';
import type { SessionStore } from './storage/sessions';
import type { SsoDirectory } from './storage/sso';
import type { StorageStore, StoredFile, StoredFolder } from './storage/store';

/** The parts of a Simulator the seed helpers need (a whole Simulator fits). */
export interface SeedTarget {
	accounts: AccountStore;
	storage: StorageStore;
	encryptionKeys: EncryptionKeyStore;
	sessions: SessionStore;
	sso: SsoDirectory;
}

export type AccountOverrides = Partial<Omit<Account, 'rootFolderHash'>>;

let accountCounter = 0;

/** Adds an account (unique login, e-mail and password unless given) and creates its ROOT folder. */
export function createAccount(
	sim: Pick<SeedTarget, 'accounts' | 'storage'>,
	overrides: AccountOverrides = {},
): Account {
	accountCounter++;
	const login = overrides.login ?? `user${accountCounter}-${Math.random().toString(36).slice(2, 8)}`;
	const account = sim.accounts.add({
		login,
		email: overrides.email ?? `${login}@users.svc.example`,
		password: overrides.password ?? `password-${login}`,
		firstName: overrides.firstName ?? 'Test',
		surname: overrides.surname ?? `User ${accountCounter}`,
		plan: overrides.plan ?? ('FREE' as Plan),
		twoFactor: overrides.twoFactor ?? false,
		accessTokens: overrides.accessTokens ?? [],
		...(overrides.id !== undefined ? { id: overrides.id } : {}),
		...(overrides.active !== undefined ? { active: overrides.active } : {}),
		...(overrides.confirmed !== undefined ? { confirmed: overrides.confirmed } : {}),
		...(overrides.orgId !== undefined ? { orgId: overrides.orgId } : {}),
		...(overrides.dvsWriteSections !== undefined ? { dvsWriteSections: overrides.dvsWriteSections } : {}),
	});
	sim.storage.createRootFolder(account);
	return account;
}

/** A minimal valid 1×1 PNG, for watermark and download tests. */
export const TINY_PNG = Buffer.from(
	'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
	'base64',
);

/** A small PDF-looking document. */
export function samplePdf(title: string): Buffer {
	return Buffer.from(`%PDF-1.4\n% ${title}\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n`);
}

export interface DemoUser {
	userId: number;
	login: string;
	email: string;
	password: string;
	rootFolderHash: string;
	/** API access token (user + user_access_token), when the user has one. */
	apiToken?: string;
}

export interface DemoData {
	/** FREE plan, no API token (undelete answers 405). */
	free: DemoUser;
	/** PRO plan with an API token, a Google token and an Apple code; owns the demo folders and files. */
	pro: DemoUser & { apiToken: string; googleToken: string; appleCode: string };
	/** Two-factor account: password logins answer 403 + TWO_FACTOR_REQURIED; its API token works. */
	twoFactor: DemoUser & { apiToken: string };
	/** PRO account with published encryption keys (a share receiver). */
	keys: DemoUser & { apiToken: string };
	folders: {
		documents: StoredFolder;
		shared: StoredFolder;
		images: StoredFolder;
	};
	files: {
		/** PRIVATE file with signature records. */
		contract: StoredFile;
		/** LINK file: downloads without credentials. */
		brochure: StoredFile;
		/** PNG in Images, for watermark uploads next to it. */
		photo: StoredFile;
		/** File with an older, 16-character delete key that stays valid. */
		legacyNotes: StoredFile;
	};
}

function demoUser(account: Account, apiToken?: string): DemoUser {
	return {
		userId: account.id,
		login: account.login,
		email: account.email,
		password: account.password,
		rootFolderHash: account.rootFolderHash,
		...(apiToken ? { apiToken } : {}),
	};
}

/**
 * Demo accounts and data, the same on every start except hashes and keys (random).
 * Secrets here are simulator-only demo values.
 */
export function seedDemo(sim: SeedTarget): DemoData {
	const free = createAccount(sim, {
		login: 'demo.free',
		email: 'free@demo.svc.example',
		password: 'demo-free-password',
		firstName: 'Frida',
		surname: 'Free',
		plan: 'FREE',
	});
	const proToken = 'demo-pro-api-token-00000000000000';
	const pro = createAccount(sim, {
		login: 'demo.pro',
		email: 'pro@demo.svc.example',
		password: 'demo-pro-password',
		firstName: 'Pavel',
		surname: 'Pro',
		plan: 'PRO',
		accessTokens: [
			{ token: proToken, type: 'API' },
			{ token: 'demo-pro-web-token-000000000000000', type: 'WEB' },
		],
	});
	const twoFactorToken = 'demo-2fa-api-token-00000000000000';
	const twoFactor = createAccount(sim, {
		login: 'demo.2fa',
		email: '2fa@demo.svc.example',
		password: 'demo-2fa-password',
		firstName: 'Tara',
		surname: 'Twofactor',
		plan: 'BUSINESS',
		twoFactor: true,
		accessTokens: [{ token: twoFactorToken, type: 'ALL' }],
	});
	const keysToken = 'demo-keys-api-token-0000000000000';
	const keys = createAccount(sim, {
		login: 'demo.keys',
		email: 'keys@demo.svc.example',
		password: 'demo-keys-password',
		firstName: 'Kira',
		surname: 'Keys',
		plan: 'PRO',
		accessTokens: [{ token: keysToken, type: 'API' }],
	});
	sim.encryptionKeys.publish(keys.id, {
		kem: 'demo-kem-public-key',
		dsa: 'demo-dsa-public-key',
		x25519: 'demo-x25519-public-key',
		ed25519: 'demo-ed25519-public-key',
	});
	const googleToken = sim.sso.issueGoogleToken(pro.id, pro.email, 'demo-pro-google-token');
	const appleCode = sim.sso.issueAppleCode(pro.id, 'demo-pro-apple-code');

	const documents = sim.storage.createFolder(pro.id, pro.rootFolderHash, 'Documents', 'PRIVATE');
	const shared = sim.storage.createFolder(pro.id, pro.rootFolderHash, 'Shared', 'LINK');
	const images = sim.storage.createFolder(pro.id, pro.rootFolderHash, 'Images', 'PRIVATE');
	const contract = sim.storage.addFile(pro.id, documents.hash, 'contract.pdf', samplePdf('Contract'));
	const legacyNotes = sim.storage.addFile(
		pro.id,
		documents.hash,
		'legacy-notes.txt',
		Buffer.from('Notes from the old system.\n'),
		{
			deleteKey: '0123456789abcdef',
		},
	);
	const brochure = sim.storage.addFile(pro.id, shared.hash, 'brochure.pdf', samplePdf('Brochure'));
	const photo = sim.storage.addFile(pro.id, images.hash, 'photo.png', TINY_PNG);
	sim.storage.addSignature({
		file_hash: contract.hash,
		signing_timestamp: '2025-01-15 09:30:00',
		signer_name: 'Anna Berzina',
	});
	sim.storage.addSignature({
		file_hash: contract.hash,
		signing_timestamp: '2025-02-01 14:05:10',
		signer_name: 'Janis Ozols',
	});
	sim.storage.addSignature({
		file_hash: contract.hash,
		signing_timestamp: '2025-03-20 23:59:59',
		signer_name: 'Pavel Pro',
	});

	return {
		free: demoUser(free),
		pro: { ...demoUser(pro, proToken), apiToken: proToken, googleToken, appleCode },
		twoFactor: { ...demoUser(twoFactor, twoFactorToken), apiToken: twoFactorToken },
		keys: { ...demoUser(keys, keysToken), apiToken: keysToken },
		folders: { documents, shared, images },
		files: { contract, brochure, photo, legacyNotes },
	};
}
