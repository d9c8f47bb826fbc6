import { createHash, randomBytes } from 'node:crypto';
import type { Account } from '../../accounts';
import { AccountStore } from '../../accounts';
import { defaultSettings } from '../deps';
import type { McpDeps, McpSettings } from '../deps';
import { createMcpSimulator } from '../index';
import type { McpState } from '../state';
import { McpTestClient } from './client';
import { FakeDvs } from './fakeDvs';
import { FakeStorage } from './fakeStorage';
import { startTestServer } from './http';
import type { TestServer } from './http';

export const START_TIME = Date.UTC(2026, 0, 15, 10, 0, 0);

export interface McpFixture {
	accounts: AccountStore;
	storage: FakeStorage;
	dvs: FakeDvs;
	deps: McpDeps;
	state: McpState;
	server: TestServer;
	/** Manual clock (unless realClock): rate-limit windows and token lifetimes follow it. */
	clock: { now: () => number; advance(ms: number): void };
	/** Org 7, writes task and project_2, API token. */
	alice: Account;
	/** Org 7, no DVS write permission, ALL token. */
	bob: Account;
	/** Unconfirmed e-mail. */
	carol: Account;
	bearer(account: Account): string;
	client(auth?: string): McpTestClient;
	close(): Promise<void>;
}

export interface FixtureOptions {
	settings?: Partial<McpSettings>;
	deps?: Partial<McpDeps>;
	realClock?: boolean;
}

export async function createMcpFixture(options: FixtureOptions = {}): Promise<McpFixture> {
	let time = START_TIME;
	const clock = options.realClock
		? { now: () => Date.now(), advance: () => undefined }
		: { now: () => time, advance: (ms: number) => void (time += ms) };
	const accounts = new AccountStore();
	const person = (id: number, login: string, firstName: string, surname: string) => ({
		id,
		login,
		email: `${login}@example.test`,
		password: `${login}-password`,
		firstName,
		surname,
		plan: 'FREE' as const,
		twoFactor: false,
	});
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
	const storage = new FakeStorage(accounts, clock.now);
	for (const account of [alice, bob, carol]) storage.ensureRoot(account);
	const dvs = new FakeDvs(accounts, storage, clock.now);
	dvs.addOrg(7);
	const deps: McpDeps = {
		accounts,
		storage,
		dvs,
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
	return {
		accounts,
		storage,
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
		close: () => server.close(),
	};
}

export function pkcePair(): { verifier: string; challenge: string } {
	const verifier = randomBytes(32).toString('base64url');
	return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}
