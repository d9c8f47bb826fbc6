/**
 * Shared helpers of the parity suites: one simulator (storage + DVS + MCP over the same stores)
 * per test file, the node run with either kind of credential, and an OAuth token with chosen
 * scopes taken from the simulator's OAuth profile.
 *
 *   const env = useParityEnv();
 *   const result = await env.storage('mcp', { resource: 'folder', operation: 'create', folderName: 'X' });
 */
import { createHash, randomBytes } from 'node:crypto';

import type { ICredentialDataDecryptedObject, IDataObject, INodeParameters, INodeProperties } from 'n8n-workflow';

import {
	createPoller,
	runNode,
	type BinaryMode,
	type CredentialsMap,
	type HarnessInputItem,
	type NodeRunResult,
	type Poller,
	type RunNodeOptions,
} from '../../../devkit/harness';
import {
	startServiceSimulator,
	type McpPart,
	type ServiceSimulator,
	type ServiceSimulatorOptions,
} from '../../../devkit/simulator';
import type { SeedUser } from '../../../devkit/simulator/dvs';
import { startSdkPeer, type SdkPeer, type SdkPeerKind, type SdkPeerOptions } from '../../../devkit/peers/sdkServers';
import { mountTriggerMcp, startTriggerEnv, type TriggerEnv } from '../../../devkit/triggerEnv';
import { DVS_NODE, STORAGE_NODE, byId, jsonOf, nodeDescription, nodeProperties } from '../../helpers';

export { jsonOf, byId, nodeDescription, nodeProperties, DVS_NODE, STORAGE_NODE };

export const AUTHS = ['rest', 'mcp'] as const;
export type Auth = (typeof AUTHS)[number];

export interface ParityEnv {
	sim(): ServiceSimulator;
	/** The official-SDK server MCP credentials point at, when the env has one. */
	peer(): SdkPeer | undefined;
	storageCredentials(auth: Auth | 'oauth', oauthToken?: ICredentialDataDecryptedObject): CredentialsMap;
	dvsCredentials(auth: Auth, user?: SeedUser): CredentialsMap;
	storage(auth: Auth, parameters: INodeParameters, extra?: RunExtra): Promise<NodeRunResult>;
	dvs(auth: Auth, parameters: INodeParameters, extra?: RunExtra & { user?: SeedUser }): Promise<NodeRunResult>;
}

export interface RunExtra {
	input?: HarnessInputItem[];
	continueOnFail?: boolean;
	/** n8n's node settings around the run: On Error, Retry On Fail, and the execution mode. */
	recovery?: Pick<RunNodeOptions, 'onError' | 'retryOnFail' | 'mode'>;
	credentials?: CredentialsMap;
	/** n8n's binary data mode for the run (the harness's default is in memory). */
	binaryMode?: BinaryMode;
}

/** The node parameter `authentication` for a run. */
export function authentication(auth: Auth | 'oauth', rest: 'svcStorageApi' | 'svcDvsApi'): string {
	if (auth === 'rest') return rest;
	return auth === 'oauth' ? 'svcMcpOAuth2Api' : 'svcMcpApi';
}

/** MCP settings every parity run starts from: every tool on. */
export const ALL_TOOLS_ON = { writesEnabled: true, dvsEnabled: true, dvsWritesEnabled: true, oauthEnabled: true };

export interface ParityOptions extends ServiceSimulatorOptions {
	/** MCP credentials point at this official-SDK server (in front of the simulator) instead of the simulator. */
	mcpPeer?: SdkPeerKind;
	mcpPeerOptions?: SdkPeerOptions;
}

/**
 * Starts the simulator (and the SDK peer asked for) before the tests of the enclosing block and
 * closes them after; faults and MCP settings reset per test.
 */
export function useParityEnv({ mcpPeer, mcpPeerOptions, ...options }: ParityOptions = {}): ParityEnv {
	let current: ServiceSimulator | undefined;
	let peer: SdkPeer | undefined;
	beforeAll(async () => {
		current = await startServiceSimulator(options);
		if (mcpPeer) peer = await startSdkPeer(mcpPeer, current, mcpPeerOptions);
	});
	afterAll(async () => {
		await peer?.close();
		await current?.close();
		current = undefined;
		peer = undefined;
	});
	beforeEach(() => {
		current?.faults.clear();
		if (current) Object.assign(current.mcp.settings, ALL_TOOLS_ON);
		// Each test starts with the MCP rate limits unspent: the file makes more calls a minute than the
		// documents' limits allow, and a 429's wait is real time (the limits have tests of their own).
		current?.mcp.state.limiter.clear();
	});
	return parityEnvOf(
		() => {
			if (!current) throw new Error('the simulator is not running');
			return current;
		},
		() => peer,
	);
}

/**
 * The runs of the Svc Storage and Svc DVS nodes with either kind of credential, against one simulator;
 * `recovery` sets n8n's node settings (Retry On Fail, On Error) on every run.
 */
export function parityEnvOf(
	sim: () => ServiceSimulator,
	peer: () => SdkPeer | undefined = () => undefined,
	recovery?: RunExtra['recovery'],
): ParityEnv {
	/** Where MCP credentials point: the peer's endpoint, else the simulator's own. */
	const endpoint = (): ICredentialDataDecryptedObject => {
		const current = peer();
		return current ? { endpointUrl: current.endpoint } : {};
	};
	const storageCredentials = (auth: Auth | 'oauth', oauthToken?: ICredentialDataDecryptedObject): CredentialsMap => {
		const pro = sim().demo.pro;
		if (auth === 'rest') {
			return {
				svcStorageApi: {
					baseUrl: sim().baseUrl,
					authMethod: 'accessToken',
					user: pro.login,
					accessToken: pro.apiToken,
				},
			};
		}
		if (auth === 'oauth') return { svcMcpOAuth2Api: { ...(oauthToken ?? {}), ...endpoint() } };
		return { svcMcpApi: { baseUrl: sim().baseUrl, userId: pro.userId, apiToken: pro.apiToken, ...endpoint() } };
	};
	const dvsCredentials = (auth: Auth, user: SeedUser = sim().dvs.seed.orgA.users.admin): CredentialsMap => {
		if (auth === 'rest') return { svcDvsApi: { baseUrl: sim().baseUrl, user: user.login, accessToken: user.token } };
		return { svcMcpApi: { baseUrl: sim().baseUrl, userId: user.id, apiToken: user.token, ...endpoint() } };
	};
	return {
		sim,
		peer,
		storageCredentials,
		dvsCredentials,
		storage: async (auth, parameters, extra = {}) =>
			await runNode({
				type: STORAGE_NODE,
				parameters: { authentication: authentication(auth, 'svcStorageApi'), ...parameters },
				credentials: extra.credentials ?? storageCredentials(auth),
				...(extra.input ? { input: extra.input } : {}),
				...(extra.continueOnFail ? { continueOnFail: true } : {}),
				...(extra.binaryMode ? { binaryMode: extra.binaryMode } : {}),
				...(extra.recovery ?? recovery),
			}),
		dvs: async (auth, parameters, extra = {}) =>
			await runNode({
				type: DVS_NODE,
				parameters: { authentication: authentication(auth, 'svcDvsApi'), ...parameters },
				credentials: extra.credentials ?? dvsCredentials(auth, extra.user),
				...(extra.input ? { input: extra.input } : {}),
				...(extra.continueOnFail ? { continueOnFail: true } : {}),
				...(extra.binaryMode ? { binaryMode: extra.binaryMode } : {}),
				...(extra.recovery ?? recovery),
			}),
	};
}

/** The sorted field names of an output item, without `reconciled` (present only after a read-back). */
export function fieldsOf(json: Record<string, unknown>): string[] {
	return Object.keys(json)
		.filter((key) => key !== 'reconciled')
		.sort();
}

/** MCP tools/call requests the simulator logged since `from`, by tool name (only `tool`'s when given). */
export function toolCalls(sim: ServiceSimulator, from: number, tool?: string): string[] {
	return sim.requests
		.slice(from)
		.filter((entry) => entry.mcpTool !== undefined && (tool === undefined || entry.mcpTool === tool))
		.map((entry) => entry.mcpTool as string);
}

/** What each credential gave per operation, compared once the suites of both have run. */
export class ByCredential<T> {
	private readonly given: Record<string, Partial<Record<Auth, T>>> = {};

	keep(operation: string, auth: Auth, value: T): void {
		this.given[operation] ??= {};
		this.given[operation][auth] = value;
	}

	of(operation: string, auth: Auth): T | undefined {
		return this.given[operation]?.[auth];
	}

	/** The MCP credential gave for `operation` what the REST credential gave (which gave something). */
	expectSame(operation: string): void {
		expect(this.of(operation, 'rest')).toBeDefined();
		expect(this.of(operation, 'mcp')).toEqual(this.of(operation, 'rest'));
	}
	/**
	 * Registers one test per operation (`resource.operation`, from the router), named by `title` (`%s`: the
	 * operation), that `expectSame`s everything kept of it: under its name or a variant of it
	 * (`folder.getContent.file`). An operation nothing was kept of fails.
	 */
	itIsTheSameForEach(operations: string[], title = '%s'): void {
		it.each(operations)(title, (operation) => {
			const kept = this.keptOf((name) => name === operation || name.startsWith(`${operation}.`));
			expect([operation, kept.length > 0]).toEqual([operation, true]);
			for (const name of kept) this.expectSame(name);
		});
	}

	private keptOf(chosen: (name: string) => boolean): string[] {
		return Object.keys(this.given).filter(chosen).sort();
	}
}

/** The output fields (`fieldsOf`) each credential gave per operation. */
export class OutputFields extends ByCredential<string[]> {
	record(operation: string, auth: Auth, json: Record<string, unknown>): void {
		this.keep(operation, auth, fieldsOf(json));
	}
}

/**
 * An OAuth access token for a demo login with exactly the scopes asked for, through the
 * simulator's OAuth profile (dynamic registration, PKCE, the test-only auto-consent header).
 */
export async function oauthCredential(
	sim: ServiceSimulator,
	login: { login: string; password: string },
	scopes: string[],
): Promise<ICredentialDataDecryptedObject> {
	const redirectUri = 'http://127.0.0.1:5678/rest/oauth2-credential/callback';
	const registered = await fetch(`${sim.baseUrl}/oauth/register`, {
		method: 'POST',
		headers: { 'Content-Type': 'application/json' },
		body: JSON.stringify({ redirect_uris: [redirectUri], client_name: 'parity tests' }),
	});
	const client = (await registered.json()) as { client_id: string };
	const verifier = randomBytes(32).toString('base64url');
	const challenge = createHash('sha256').update(verifier).digest('base64url');
	const authorize = new URL(`${sim.baseUrl}/oauth/authorize`);
	for (const [name, value] of Object.entries({
		response_type: 'code',
		client_id: client.client_id,
		redirect_uri: redirectUri,
		code_challenge: challenge,
		code_challenge_method: 'S256',
		scope: scopes.join(' '),
		state: 'parity',
	})) {
		authorize.searchParams.set(name, value);
	}
	const consent = await fetch(authorize, {
		redirect: 'manual',
		headers: { 'X-Sim-Auto-Consent': `${login.login}:${login.password}` },
	});
	const location = consent.headers.get('location');
	const code = location ? new URL(location).searchParams.get('code') : null;
	if (!code) throw new Error(`no authorization code (${consent.status}): ${location ?? (await consent.text())}`);
	const token = await fetch(`${sim.baseUrl}/oauth/token`, {
		method: 'POST',
		headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
		body: new URLSearchParams({
			grant_type: 'authorization_code',
			code,
			redirect_uri: redirectUri,
			client_id: client.client_id,
			code_verifier: verifier,
		}),
	});
	const tokens = (await token.json()) as Record<string, unknown>;
	if (typeof tokens.access_token !== 'string') throw new Error(`no access token: ${JSON.stringify(tokens)}`);
	return {
		baseUrl: sim.baseUrl,
		clientId: client.client_id,
		scopes: scopes.filter((scope) => scope !== 'files:read'),
		sendResource: false,
		oauthTokenData: { ...tokens, token_type: 'Bearer' },
	};
}

/**
 * The values of the parameter `name` a user can pick for the given other parameter values,
 * following each property's displayOptions.show (enough for the selectors these nodes have).
 */
export function offeredValues(properties: INodeProperties[], name: string, values: Record<string, string>): string[] {
	const offered = new Set<string>();
	for (const property of properties) {
		if (property.name !== name || !property.options) continue;
		const show = property.displayOptions?.show ?? {};
		const visible = Object.entries(show).every(([key, allowed]) => {
			const current = values[key.replace(/^\//, '')];
			return current !== undefined && (allowed as unknown[]).includes(current);
		});
		if (!visible) continue;
		for (const option of property.options) {
			if (option && typeof option === 'object' && 'value' in option) offered.add(String(option.value));
		}
	}
	return [...offered].sort();
}

/**
 * The trigger environment with the MCP endpoint mounted over its stores, its rate-limit windows
 * shrunk by `timeScale` and running on the test clock (`withRealTime`: plus the time that really
 * passes, so that a poll waiting out a 429 sees its window end).
 */
export async function startTriggerEnvWithMcp(
	timeScale: number,
	{ withRealTime = false } = {},
): Promise<{ env: TriggerEnv; mcp: McpPart }> {
	const env = await startTriggerEnv();
	const started = Date.now();
	const now = withRealTime ? () => env.clock.now() + (Date.now() - started) : env.clock.now;
	return { env, mcp: mountTriggerMcp(env, timeScale, now) };
}

export type WatchedService = 'storage' | 'dvs';

/** MCP credentials (an API key) of the trigger environment's Storage account or DVS admin. */
export function triggerMcpCredentials(env: TriggerEnv, service: WatchedService): ICredentialDataDecryptedObject {
	if (service === 'storage')
		return { baseUrl: env.sim.baseUrl, userId: env.storage.userId, apiToken: env.storage.credentials.accessToken };
	const admin = env.dvs.seed.orgA.users.admin;
	return { baseUrl: env.sim.baseUrl, userId: admin.id, apiToken: admin.token };
}

/** Svc Storage Trigger or Svc DVS Trigger polling the trigger environment with the REST or the MCP credential. */
export function triggerPoller(
	env: TriggerEnv,
	service: WatchedService,
	auth: Auth,
	parameters: INodeParameters,
	options: { staticData?: IDataObject; mcpCredentials?: ICredentialDataDecryptedObject } = {},
): Poller {
	const rest = service === 'storage' ? 'svcStorageApi' : 'svcDvsApi';
	return createPoller({
		type: service === 'storage' ? 'n8n-nodes-svc.svcStorageTrigger' : 'n8n-nodes-svc.svcDvsTrigger',
		parameters: { authentication: auth === 'rest' ? rest : 'svcMcpApi', ...parameters },
		credentials:
			auth === 'rest'
				? { [rest]: service === 'storage' ? env.storage.credentials : env.dvsCredentials }
				: { svcMcpApi: options.mcpCredentials ?? triggerMcpCredentials(env, service) },
		staticData: options.staticData,
	});
}
