import { AccountStore } from '../../accounts';
import { createDvsHandler } from '../handler';
import { seedDvsDemo, type DvsSeed, type SeedUser } from '../seed';
import { DvsStore } from '../store';
import { DvsTestClient, type Credentials } from './client';
import { FakeAttachmentPort } from './fakeAttachments';
import { startTestServer, type TestServer } from './httpAdapter';
import { parseMultipartForTests } from './multipart';

export interface DvsTestEnv {
	accounts: AccountStore;
	store: DvsStore;
	attachments: FakeAttachmentPort;
	seed: DvsSeed;
	server: TestServer;
	client: DvsTestClient;
	/** The handler's clock: real time unless a test sets it. */
	clock: { set(ms: number | undefined): void; now(): number };
	close(): Promise<void>;
}

export const credsOf = (user: SeedUser): Credentials => ({ user: user.login, token: user.token });

/** Fresh seeded state behind a real loopback HTTP server. */
export async function startDvsTestEnv(): Promise<DvsTestEnv> {
	let fixed: number | undefined;
	const clock = { set: (ms: number | undefined) => void (fixed = ms), now: () => fixed ?? Date.now() };
	const accounts = new AccountStore();
	const store = new DvsStore(clock.now);
	const attachments = new FakeAttachmentPort();
	const seed = await seedDvsDemo(accounts, store, attachments);
	const server = await startTestServer(
		createDvsHandler({ accounts, store, attachments, now: clock.now, parseMultipart: parseMultipartForTests }),
	);
	return {
		accounts,
		store,
		attachments,
		seed,
		server,
		client: new DvsTestClient(server.url),
		clock,
		close: () => server.close(),
	};
}

/** A fresh seeded environment for each test of the file, closed after it; call the result for the current one. */
export function eachTestDvsEnv(): () => DvsTestEnv {
	let env: DvsTestEnv | undefined;
	beforeEach(async () => {
		env = await startDvsTestEnv();
	});
	afterEach(async () => await env?.close());
	return () => env!;
}
