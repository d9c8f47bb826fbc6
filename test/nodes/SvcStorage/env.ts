/**
 * Shared helper of the Svc Storage node tests: one simulator per test file, credentials of the
 * demo users for each authentication method, and `storage(params, opts)` around runNode.
 *
 *   useSimulator();                                   // beforeAll start, afterAll close, faults cleared
 *   const result = await storage({ resource: 'folder', operation: 'create', folderName: 'X' });
 *   sim().storage.getFolder(result.items[0].json.folder_hash as string);
 */
import type { ICredentialDataDecryptedObject, INodeParameters } from 'n8n-workflow';

import { runNode, type BinaryMode, type HarnessInputItem, type NodeRunResult } from '../../../devkit/harness';
import { startServiceSimulator, type ServiceSimulator, type SimulatorOptions } from '../../../devkit/simulator';
import type { DemoUser } from '../../../devkit/simulator/seed';
import type { FaultKind } from '../../../devkit/simulator/types';
import { STORAGE_NODE, byId, jsonOf } from '../../helpers';

export { jsonOf, byId as byHash, STORAGE_NODE };

export type AuthMethod = 'accessToken' | 'password' | 'session';

export type StorageCredentials = {
	svcStorageApi: ICredentialDataDecryptedObject;
};

let current: ServiceSimulator | undefined;
let defaultLimits: { maxFileBytes: number; maxFolderBytes: number } | undefined;

/** The simulator of this test file (jest gives every test file its own module instance). */
export function sim(): ServiceSimulator {
	if (!current) throw new Error('The simulator is not running: call useSimulator() at the top of the test file');
	return current;
}

/**
 * Starts the simulator (storage + DVS, demo data) before the file's tests and closes it after.
 * Before each test, pending faults are cleared and the size limits restored.
 */
export function useSimulator(options: SimulatorOptions = {}): void {
	beforeAll(async () => {
		current = await startServiceSimulator(options);
		defaultLimits = { ...current.limits };
	});
	afterAll(async () => {
		await current?.close();
		current = undefined;
	});
	beforeEach(() => {
		current?.faults.clear();
		if (current && defaultLimits) Object.assign(current.limits, defaultLimits);
	});
}

/** `user` + access token (sent in the POST body). Defaults to the demo PRO user. */
export function tokenCredentials(user: DemoUser = sim().demo.pro, token = user.apiToken): StorageCredentials {
	return {
		svcStorageApi: { baseUrl: sim().baseUrl, authMethod: 'accessToken', user: user.login, accessToken: token ?? '' },
	};
}

/** User and password (sent as HTTP Basic). Defaults to the demo PRO user. */
export function passwordCredentials(user: DemoUser = sim().demo.pro, password = user.password): StorageCredentials {
	return { svcStorageApi: { baseUrl: sim().baseUrl, authMethod: 'password', user: user.login, password } };
}

/** Logs in through `/api/login.php` (POST, so the password stays out of the URL) and returns the session id. */
export async function loginSession(user: DemoUser = sim().demo.pro): Promise<string> {
	const response = await fetch(`${sim().baseUrl}/api/login.php`, {
		method: 'POST',
		headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
		body: new URLSearchParams({ user: user.login, pass: user.password }),
	});
	const text = await response.text();
	const match = /PHPSESSID=([^;\s]+)/.exec(text);
	if (!match) throw new Error(`login.php gave no session (${response.status}): ${text.slice(0, 100)}`);
	return decodeURIComponent(match[1]);
}

/** A session id from login.php, as a credential. Defaults to the demo PRO user. */
export async function sessionCredentials(user: DemoUser = sim().demo.pro): Promise<StorageCredentials> {
	return { svcStorageApi: { baseUrl: sim().baseUrl, authMethod: 'session', sessionId: await loginSession(user) } };
}

export async function credentialsFor(method: AuthMethod, user: DemoUser = sim().demo.pro): Promise<StorageCredentials> {
	if (method === 'password') return passwordCredentials(user);
	if (method === 'session') return await sessionCredentials(user);
	return tokenCredentials(user);
}

export interface StorageRunOptions {
	/** Default: the demo PRO user's access token. */
	credentials?: StorageCredentials;
	input?: HarnessInputItem[];
	continueOnFail?: boolean;
	binaryMode?: BinaryMode;
}

/** Runs the Svc Storage node once through the n8n engine against the simulator. */
export async function storage(parameters: INodeParameters, opts: StorageRunOptions = {}): Promise<NodeRunResult> {
	return await runNode({
		type: STORAGE_NODE,
		parameters,
		credentials: { ...(opts.credentials ?? tokenCredentials()) },
		...(opts.input ? { input: opts.input } : {}),
		...(opts.continueOnFail ? { continueOnFail: true } : {}),
		...(opts.binaryMode ? { binaryMode: opts.binaryMode } : {}),
	});
}

/** The next request of the action meets the fault (a delay, a drop, a status…). */
export function faultNext(action: string, fault: FaultKind): void {
	sim().faults.add({ match: { action }, fault });
}

/** The names of the entries of a folder in the simulator's store, in its order. */
export function namesIn(folderHash: string): string[] {
	return sim()
		.storage.listChildren(folderHash)
		.map((item) => item.name);
}

/** The actions (`create_folder`, `authenticate_user`…) the simulator logged from request number `from` on. */
export function actionsSince(from: number): string[] {
	return sim()
		.requests.slice(from)
		.map((entry) => entry.action ?? entry.path);
}

/** Everything a user or an operator may see of a run, as one string to search for secrets. */
export function everythingShown(result: NodeRunResult): string {
	const raw = result.error?.raw as Record<string, unknown> | undefined;
	const rawParts = raw
		? [
				raw.message,
				raw.description,
				(raw as { stack?: unknown }).stack,
				safeJson(raw),
				safeJson(raw.cause),
				safeJson(raw.context),
			]
		: [];
	return [
		safeJson(result.items),
		result.error?.message,
		result.error?.description,
		...rawParts,
		...result.logs,
		...result.reportedErrors,
	]
		.map((part) => (typeof part === 'string' ? part : safeJson(part)))
		.join('\n');
}

function safeJson(value: unknown): string {
	const seen = new WeakSet<object>();
	try {
		return (
			JSON.stringify(value, (_key, entry: unknown) => {
				if (entry && typeof entry === 'object') {
					if (seen.has(entry)) return '[circular]';
					seen.add(entry);
				}
				return entry;
			}) ?? ''
		);
	} catch {
		return String(value);
	}
}

/**
 * Requests that carried a secret in their query string, other than the account scripts, which
 * document 1 gives as GET with their parameters (user_access_token among them) in the query.
 */
export function secretsInQueryOutsideAccountScripts(
	entries: Array<{ secretInQuery?: boolean; method: string; action?: string }>,
): string[] {
	const accountScripts = ['authenticate_user', 'get_storage_data', 'validate_session'];
	return entries
		.filter((entry) => entry.secretInQuery && !(entry.method === 'GET' && accountScripts.includes(entry.action ?? '')))
		.map((entry) => `${entry.method} ${entry.action ?? ''}`);
}

/** Runs `action` and gives its result with the actions the simulator logged meanwhile. */
export async function counting<T>(action: () => Promise<T>): Promise<{ result: T; actions: string[] }> {
	const start = sim().requests.length;
	const result = await action();
	return { result, actions: actionsSince(start) };
}
